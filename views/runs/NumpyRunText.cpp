#include "runs/NumpyRunText.h"

#include <algorithm>
#include <sstream>
#include <vector>

#include "runs/RunComparisonRows.h"

namespace meshdiff::views {
namespace {

std::vector<std::string> stringsAt(const nlohmann::json& object, const char* key) {
    std::vector<std::string> out;
    if (!object.contains(key) || !object[key].is_array()) return out;
    for (const auto& item : object[key])
        if (item.is_string()) out.push_back(item.get<std::string>());
    return out;
}

std::string joined(const std::vector<std::string>& words) {
    std::string out;
    for (const auto& word : words) out += (out.empty() ? "" : ", ") + word;
    return out;
}

std::string stringAt(const nlohmann::json& object, const char* key) {
    return object.contains(key) && object[key].is_string() ? object[key].get<std::string>() : std::string();
}

// The dispatch targets NumPy takes: listed by the probe, else those of cpu_dispatch that are enabled.
std::vector<std::string> dispatched(const nlohmann::json& simd) {
    if (simd.contains("dispatch_enabled")) return stringsAt(simd, "dispatch_enabled");
    const auto enabled = stringsAt(simd, "cpu_features_enabled");
    std::vector<std::string> out;
    for (const auto& target : stringsAt(simd, "cpu_dispatch"))
        if (std::find(enabled.begin(), enabled.end(), target) != enabled.end()) out.push_back(target);
    return out;
}

}  // namespace

std::string numpyVersionText(const nlohmann::json& metadata) {
    if (!metadata.is_object()) return {};
    if (const std::string version = stringAt(metadata, "numpy_version"); !version.empty()) return version;
    if (metadata.contains("numpy_probe") && metadata["numpy_probe"].is_object()) {
        const std::string failed = stringAt(metadata["numpy_probe"], "failed");
        if (!failed.empty()) return "not known (NumPy probe failed: " + failed + ")";
    }
    return {};
}

std::string numpyDispatchText(const nlohmann::json& metadata) {
    if (!metadata.is_object()) return {};
    for (const char* key : {"numpy_simd", "numpy_simd_targets", "simd"}) {
        if (!metadata.contains(key)) continue;
        const auto& simd = metadata[key];
        if (!simd.is_object() || !(simd.contains("cpu_dispatch") || simd.contains("dispatch_enabled")))
            return readableValue(simd);
        std::string text;
        if (const auto baseline = stringsAt(simd, "cpu_baseline"); !baseline.empty())
            text = "baseline " + joined(baseline) + "; ";
        const auto taken = dispatched(simd);
        text += "dispatched: " + (taken.empty() ? std::string("none") : joined(taken));
        std::istringstream off(stringAt(simd, "NPY_DISABLE_CPU_FEATURES"));
        std::vector<std::string> disabled;
        for (std::string word; off >> word;) disabled.push_back(word);
        if (!disabled.empty()) text += "; off: " + joined(disabled);
        return text;
    }
    return {};
}

std::string numpyBlasText(const nlohmann::json& metadata) {
    if (!metadata.is_object()) return {};
    const auto it = metadata.find("numpy_blas");
    if (it == metadata.end()) return metadata.contains("blas") ? readableValue(metadata["blas"]) : std::string();
    if (!it->is_object() || !it->contains("vendor")) return readableValue(*it);
    std::string text = readableValue((*it)["vendor"]);
    if (const std::string version = stringAt(*it, "version"); !version.empty()) text += " " + version;
    if (const std::string core = stringAt(*it, "corename"); !core.empty()) text += " (" + core + " kernels)";
    return text;
}

}  // namespace meshdiff::views
