#include "runs/RunComparisonRows.h"

#include <filesystem>
#include <map>
#include <set>

namespace meshdiff::views {
namespace {

std::string text(const nlohmann::json& value) {
    if (value.is_null()) return {};
    if (value.is_string()) return value.get<std::string>();
    if (value.is_array()) {
        std::string out;
        for (const auto& item : value) {
            if (!out.empty()) out += ' ';
            out += text(item);
        }
        return out;
    }
    return value.dump();
}

void flatten(const nlohmann::json& value, const std::string& prefix, std::map<std::string, std::string>& out) {
    if (value.is_object()) {
        for (auto it = value.begin(); it != value.end(); ++it) {
            flatten(it.value(), prefix.empty() ? it.key() : prefix + "." + it.key(), out);
        }
    } else {
        out[prefix] = text(value);
    }
}

std::string firstOf(const nlohmann::json& metadata, std::initializer_list<const char*> keys) {
    for (const char* key : keys) {
        if (metadata.is_object() && metadata.contains(key)) return text(metadata[key]);
    }
    return {};
}

std::string filesFound(const RunInputs& run) {
    std::string out;
    auto add = [&out](const char* kind, const std::optional<std::string>& file) {
        if (!file) return;
        if (!out.empty()) out += ", ";
        out += std::string(kind) + ": " + std::filesystem::path(*file).filename().string();
    };
    add("graph", run.graphFile);
    add("fields", run.fieldsFile);
    add("metadata", run.metadataFile);
    return out.empty() ? "nothing readable" : out;
}

}  // namespace

std::vector<RunComparisonRow> runComparisonRows(const RunInputs& a, const RunInputs& b, const std::string& hashA,
                                                const std::string& hashB) {
    std::vector<RunComparisonRow> rows;
    auto add = [&rows](std::string property, std::string va, std::string vb, bool compare = true) {
        const bool differs = compare && va != vb;
        rows.push_back({std::move(property), std::move(va), std::move(vb), differs});
    };
    add("Path", a.path, b.path, false);
    add("Label", a.label, b.label, false);
    add("Device", firstOf(a.metadata, {"device"}), firstOf(b.metadata, {"device"}));
    add("NumPy SIMD", firstOf(a.metadata, {"numpy_simd", "numpy_simd_targets", "simd"}),
        firstOf(b.metadata, {"numpy_simd", "numpy_simd_targets", "simd"}));
    add("Graph hash", hashA.empty() ? firstOf(a.metadata, {"graph_hash"}) : hashA,
        hashB.empty() ? firstOf(b.metadata, {"graph_hash"}) : hashB);
    add("Files found", filesFound(a), filesFound(b), false);

    static const std::set<std::string> shown{"label", "device",    "numpy_simd", "numpy_simd_targets",
                                             "simd",  "graph_hash"};
    std::map<std::string, std::string> flatA, flatB;
    flatten(a.metadata, "", flatA);
    flatten(b.metadata, "", flatB);
    std::set<std::string> keys;
    for (const auto& [key, value] : flatA) keys.insert(key);
    for (const auto& [key, value] : flatB) keys.insert(key);
    for (const std::string& key : keys) {
        if (key.empty() || shown.count(key)) continue;
        const auto ia = flatA.find(key), ib = flatB.find(key);
        add(key, ia == flatA.end() ? "—" : ia->second, ib == flatB.end() ? "—" : ib->second);
    }
    return rows;
}

}  // namespace meshdiff::views
