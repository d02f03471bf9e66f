#include "rerun/RunDescription.h"

#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>

#include "rerun/Trimmed.h"

namespace meshdiff::rerun {
namespace {

bool simdFlag(const std::string& flag) {
    static const std::regex pattern("^(sse.*|ssse3|avx.*|fma.?|f16c|amx.*|neon|asimd.*|sve.*|vnni.*)$");
    return std::regex_match(flag, pattern);
}

// The vendor a library path names (Debian installs each under its own folder).
std::string blasVendor(const std::string& path) {
    if (path.find("openblas") != std::string::npos) return "OpenBLAS";
    if (path.find("blis") != std::string::npos) return "BLIS";
    if (path.find("atlas") != std::string::npos) return "ATLAS";
    if (path.find("mkl") != std::string::npos) return "Intel MKL";
    if (path.find("/blas/") != std::string::npos || path.find("/lapack/") != std::string::npos)
        return "reference BLAS/LAPACK (Netlib)";
    return "unknown";
}

// The first folder of a colon-separated list holding `library`, resolved through symlinks.
std::string findLibrary(const std::string& folders, const std::string& library) {
    std::istringstream list(folders);
    for (std::string folder; std::getline(list, folder, ':');) {
        if (folder.empty()) continue;
        std::error_code error;
        const auto candidate = std::filesystem::path(folder) / library;
        if (std::filesystem::exists(candidate, error))
            return std::filesystem::weakly_canonical(candidate, error).string();
    }
    return {};
}

// What the probe measured replaces what the recipe asked for; a failed probe is recorded as such.
void addNumpyProbe(nlohmann::json& metadata, const nlohmann::json& probe,
                   const std::map<std::string, std::string>& env) {
    if (!probe.is_object() || probe.empty()) return;
    if (probe.contains("python")) metadata["python"] = probe["python"];
    if (!probe.contains("numpy_version")) {
        metadata["numpy_probe"] = probe;
        return;
    }
    metadata["numpy_version"] = probe["numpy_version"];
    if (probe.contains("numpy_simd")) metadata["numpy_simd"] = probe["numpy_simd"];
    if (probe.contains("numpy_blas")) {
        nlohmann::json blas = probe["numpy_blas"];
        if (const auto path = env.find("LD_LIBRARY_PATH");
            path != env.end() && !path->second.empty() && blas.is_object())
            blas["chosen_by"] = "the recipe's LD_LIBRARY_PATH=" + path->second;
        metadata["numpy_blas"] = blas;
    }
    nlohmann::json notes = nlohmann::json::object();
    for (const char* key : {"errors", "warnings", "numpy_path"})
        if (probe.contains(key)) notes[key] = probe[key];
    if (!notes.empty()) metadata["numpy_probe"] = notes;
}

}  // namespace

nlohmann::json blasDescription(const std::map<std::string, std::string>& env, const std::string& systemLibDir) {
    const auto requested = env.find("LD_LIBRARY_PATH");
    const std::string recipeFolders = requested == env.end() ? std::string() : requested->second;
    std::string blas = findLibrary(recipeFolders, "libblas.so.3"),
                lapack = findLibrary(recipeFolders, "liblapack.so.3");
    const bool fromRecipe = !blas.empty() || !lapack.empty();
    if (blas.empty()) blas = findLibrary(systemLibDir, "libblas.so.3");
    if (lapack.empty()) lapack = findLibrary(systemLibDir, "liblapack.so.3");
    if (blas.empty() && lapack.empty()) return nlohmann::json::object();
    nlohmann::json description = nlohmann::json::object();
    if (!blas.empty()) description["blas"] = blas;
    if (!lapack.empty()) description["lapack"] = lapack;
    description["vendor"] = blasVendor(blas.empty() ? lapack : blas);
    description["chosen_by"] =
        fromRecipe ? "the recipe's LD_LIBRARY_PATH=" + recipeFolders : "the system's libblas.so.3 alternative";
    description["caveat"] = "a NumPy wheel or conda build bundles its own BLAS; numpy.show_config() tells";
    return description;
}

nlohmann::json localHostDescription(const std::string& cpuinfoPath) {
    nlohmann::json host = nlohmann::json::object();
    std::ifstream in(cpuinfoPath);
    std::string line, model;
    std::set<std::string> flags;
    bool flagsRead = false;
    while (std::getline(in, line)) {
        const auto colon = line.find(':');
        if (colon == std::string::npos) continue;
        const std::string key = trimmed(line.substr(0, colon)), value = trimmed(line.substr(colon + 1));
        if (model.empty() && (key == "model name" || key == "Model" || key == "cpu model")) model = value;
        if (!flagsRead && (key == "flags" || key == "Features")) {
            std::istringstream words(value);
            for (std::string flag; words >> flag;)
                if (simdFlag(flag)) flags.insert(flag);
            flagsRead = true;
        }
    }
    if (!model.empty()) host["cpu_model"] = model;
    if (flagsRead) host["cpu_simd_flags"] = std::vector<std::string>(flags.begin(), flags.end());
    return host;
}

std::string rerunLabel(const std::string& letter, const Recipe& recipe, const std::string& host) {
    std::string chosen;
    for (const RecipeOption& option : recipe.options) {
        try {
            const std::string& choice = option.selectedChoice().label;
            if (!chosen.empty()) chosen += ", ";
            chosen += choice;
        } catch (const std::exception&) {
            // a selection naming no choice: the job refused it already
        }
    }
    std::string label = letter.empty() ? recipe.name : letter + ": " + recipe.name;
    if (!chosen.empty()) label += " (" + chosen + ")";
    if (!host.empty()) label += " on " + host;
    return label;
}

nlohmann::json rerunMetadata(const std::string& label, const Recipe& recipe, const std::string& host, bool local,
                             const nlohmann::json& how, const nlohmann::json& hostDescription,
                             const nlohmann::json& probe) {
    nlohmann::json metadata = {{"label", label}, {"host", host}, {"rerun", how}};
    if (local) {
        const std::string model = hostDescription.value("cpu_model", std::string());
        metadata["device"] = model.empty() ? "CPU of " + host : model + " (" + host + ")";
        if (hostDescription.contains("cpu_simd_flags")) metadata["simd"] = hostDescription["cpu_simd_flags"];
        metadata["host_cpu"] = hostDescription;
    } else {
        metadata["device"] = "CPU of " + host + " (not read from here)";
    }
    const auto env = recipe.effectiveEnv();
    if (const auto path = env.find("LD_LIBRARY_PATH"); local || (path != env.end() && !path->second.empty())) {
        // On another host only the recipe's request is known, not which libraries it resolves to.
        nlohmann::json blas = local ? blasDescription(env)
                                    : nlohmann::json{{"chosen_by", "the recipe's LD_LIBRARY_PATH=" + path->second}};
        if (!blas.empty()) metadata["numpy_blas"] = blas;
    }
    if (const auto it = env.find("NPY_DISABLE_CPU_FEATURES"); it != env.end() && !it->second.empty()) {
        std::istringstream words(it->second);
        std::vector<std::string> disabled;
        for (std::string word; words >> word;) disabled.push_back(word);
        metadata["numpy_simd"] = {{"disabled (NPY_DISABLE_CPU_FEATURES)", disabled}};
    }
    addNumpyProbe(metadata, probe, env);
    return metadata;
}

}  // namespace meshdiff::rerun
