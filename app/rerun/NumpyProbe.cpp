#include "rerun/NumpyProbe.h"

#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>

#include "rerun/Trimmed.h"

namespace meshdiff::rerun {
namespace {

namespace fs = std::filesystem;

constexpr std::size_t kMaxProbeBytes = 1u << 20;
constexpr std::size_t kStderrTail = 600;

std::optional<std::string> readSmallFile(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return std::nullopt;
    std::string text(kMaxProbeBytes, '\0');
    in.read(text.data(), static_cast<std::streamsize>(text.size()));
    text.resize(static_cast<std::size_t>(in.gcount()));
    return text;
}

std::string tail(const std::string& text) {
    const std::string t = trimmed(text);
    return t.size() <= kStderrTail ? t : "…" + t.substr(t.size() - kStderrTail);
}

// Why a probe that exited with `status` gave no report.
std::string statusReason(int status) {
    if (status == 124 || status == 137) return "timed out (limit " + std::to_string(kNumpyProbeTimeoutSeconds) + " s)";
    if (status == 126 || status == 127)
        return "the Python could not be started (exit status " + std::to_string(status) + ")";
    return "exit status " + std::to_string(status);
}

}  // namespace

std::string numpyProbeFileName(const std::string& kind, bool hidden) {
    return std::string(hidden ? "." : "") + "numpy-probe." + kind;
}

nlohmann::json readNumpyProbe(const std::string& folder, bool hidden) {
    const fs::path dir(folder);
    const auto report = readSmallFile(dir / numpyProbeFileName("json", hidden));
    const auto errors = readSmallFile(dir / numpyProbeFileName("err", hidden));
    const auto status = readSmallFile(dir / numpyProbeFileName("status", hidden));
    if (!report && !errors && !status) return nlohmann::json::object();

    int exitStatus = -1;
    if (status) {
        std::istringstream in(*status);
        if (!(in >> exitStatus)) exitStatus = -1;
    }
    nlohmann::json parsed = report ? nlohmann::json::parse(*report, nullptr, false) : nlohmann::json();
    if (parsed.is_object() && parsed.contains("numpy_version") && parsed["numpy_version"].is_string()) return parsed;

    nlohmann::json failed = nlohmann::json::object();
    if (parsed.is_object() && parsed.contains("errors") && parsed["errors"].is_object() && !parsed["errors"].empty()) {
        const auto& named = parsed["errors"];
        const auto it = named.contains("numpy") ? named.find("numpy") : named.begin();
        failed["failed"] = it.key() == "numpy" ? "cannot import NumPy: " + it.value().get<std::string>()
                                               : it.key() + ": " + it.value().get<std::string>();
        failed["errors"] = named;
    } else if (!status) {
        failed["failed"] = "the probe did not finish (the job ended before it?)";
    } else if (exitStatus != 0) {
        failed["failed"] = statusReason(exitStatus);
    } else {
        failed["failed"] =
            report && !trimmed(*report).empty() ? "its output is not a JSON report" : "it printed nothing";
    }
    if (parsed.is_object() && parsed.contains("python")) failed["python"] = parsed["python"];
    if (exitStatus >= 0) failed["exit_status"] = exitStatus;
    if (errors && !trimmed(*errors).empty()) failed["stderr"] = tail(*errors);
    return failed;
}

nlohmann::json collectNumpyProbe(const std::string& outDir, const std::string& runDir, bool planned) {
    bool moved = false;
    for (const char* kind : {"json", "err", "status"}) {
        std::error_code error;
        const fs::path from = fs::path(outDir) / numpyProbeFileName(kind, true);
        if (!fs::exists(from, error)) continue;
        fs::rename(from, fs::path(runDir) / numpyProbeFileName(kind, false), error);
        if (error) return readNumpyProbe(outDir, true);  // another file system: read it where it is
        moved = true;
    }
    if (moved) return readNumpyProbe(runDir, false);
    if (!planned) return nlohmann::json::object();
    return {{"failed", "the probe left no output (the job did not reach it)"}};
}

std::string numpyProbeSummary(const nlohmann::json& probe) {
    if (!probe.is_object() || probe.empty()) return {};
    if (probe.contains("failed")) return "NumPy probe failed: " + probe["failed"].get<std::string>();
    std::string text = "NumPy " + probe.value("numpy_version", std::string("?"));
    std::string details;
    if (probe.contains("python") && probe["python"].is_object())
        details = probe["python"].value("executable", std::string());
    if (probe.contains("numpy_blas") && probe["numpy_blas"].is_object()) {
        const auto& blas = probe["numpy_blas"];
        std::string name =
            blas.contains("vendor") && blas["vendor"].is_string() ? blas["vendor"].get<std::string>() : "";
        if (blas.contains("version") && blas["version"].is_string()) name += " " + blas["version"].get<std::string>();
        if (!trimmed(name).empty()) details += (details.empty() ? "" : ", ") + trimmed(name);
    }
    return details.empty() ? text : text + " (" + details + ")";
}

}  // namespace meshdiff::rerun
