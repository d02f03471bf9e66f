#include "runs/RunComparisonRows.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <map>
#include <set>

#include "runs/NumpyRunText.h"

namespace meshdiff::views {
namespace {

bool isHex(const std::string& text) {
    return !text.empty() && std::all_of(text.begin(), text.end(), [](unsigned char c) { return std::isxdigit(c); });
}

// Splits "sha256:abc…" into ("sha256", "abc…"); a bare digest has no algorithm.
std::pair<std::string, std::string> splitDigest(const std::string& text) {
    const auto sep = text.find_first_of(":-");
    if (sep != std::string::npos && sep > 0 && sep < 10 && isHex(text.substr(sep + 1))) {
        return {text.substr(0, sep), text.substr(sep + 1)};
    }
    return {std::string(), text};
}

bool allBooleans(const nlohmann::json& object) {
    return !object.empty() && std::all_of(object.begin(), object.end(), [](const auto& v) { return v.is_boolean(); });
}

void flatten(const nlohmann::json& value, const std::string& prefix, std::map<std::string, nlohmann::json>& out) {
    if (value.is_object() && !allBooleans(value)) {
        for (auto it = value.begin(); it != value.end(); ++it) {
            flatten(it.value(), prefix.empty() ? it.key() : prefix + "." + it.key(), out);
        }
    } else {
        out[prefix] = value;
    }
}

std::string firstOf(const nlohmann::json& metadata, std::initializer_list<const char*> keys) {
    for (const char* key : keys) {
        if (metadata.is_object() && metadata.contains(key)) return readableValue(metadata[key]);
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

RunValueKind kindOf(const nlohmann::json& a, const nlohmann::json& b) {
    auto digest = [](const nlohmann::json& v) { return v.is_string() && looksLikeDigest(v.get<std::string>()); };
    auto list = [](const nlohmann::json& v) { return v.is_array() || v.is_object(); };
    if (digest(a) || digest(b)) return RunValueKind::Hash;
    if (list(a) || list(b)) return RunValueKind::List;
    return RunValueKind::Text;
}

}  // namespace

std::string readableValue(const nlohmann::json& value) {
    if (value.is_null()) return {};
    if (value.is_string()) return value.get<std::string>();
    if (value.is_array()) {
        std::string out;
        for (const auto& item : value) {
            if (!out.empty()) out += ", ";
            out += readableValue(item);
        }
        return out;
    }
    if (value.is_object()) {
        std::string out;
        if (allBooleans(value)) {
            std::size_t on = 0;
            for (auto it = value.begin(); it != value.end(); ++it) {
                if (!it.value().get<bool>()) continue;
                if (!out.empty()) out += ", ";
                out += it.key();
                ++on;
            }
            if (on == 0) out = "none";
            if (on < value.size()) out += " (" + std::to_string(on) + " of " + std::to_string(value.size()) + " on)";
            return out;
        }
        for (auto it = value.begin(); it != value.end(); ++it) {
            if (!out.empty()) out += "; ";
            out += it.key() + ": " + readableValue(it.value());
        }
        return out;
    }
    return value.dump();
}

bool looksLikeDigest(const std::string& text) {
    const auto [algorithm, hex] = splitDigest(text);
    return isHex(hex) && (hex.size() >= 32 || (!algorithm.empty() && hex.size() >= 8));
}

std::string shortDigest(const std::string& text) {
    if (!looksLikeDigest(text)) return text;
    const auto [algorithm, hex] = splitDigest(text);
    const std::string head = hex.size() > 8 ? hex.substr(0, 8) + "…" : hex;
    return algorithm.empty() ? head : algorithm + " " + head;
}

std::vector<RunComparisonRow> runComparisonRows(const RunInputs& a, const RunInputs& b, const std::string& hashA,
                                                const std::string& hashB) {
    std::vector<RunComparisonRow> rows;
    auto add = [&rows](std::string property, std::string va, std::string vb, RunValueKind kind, bool compare = true) {
        const bool differs = compare && va != vb;
        rows.push_back({std::move(property), std::move(va), std::move(vb), differs, kind});
    };
    add("Path", a.path, b.path, RunValueKind::Text, false);
    add("Label", a.label, b.label, RunValueKind::Text, false);
    add("Device", firstOf(a.metadata, {"device"}), firstOf(b.metadata, {"device"}), RunValueKind::Text);
    add("NumPy", numpyVersionText(a.metadata), numpyVersionText(b.metadata), RunValueKind::Text);
    add("NumPy SIMD", numpyDispatchText(a.metadata), numpyDispatchText(b.metadata), RunValueKind::List);
    add("BLAS/LAPACK", numpyBlasText(a.metadata), numpyBlasText(b.metadata), RunValueKind::Text);
    add("Graph hash", hashA.empty() ? firstOf(a.metadata, {"graph_hash"}) : hashA,
        hashB.empty() ? firstOf(b.metadata, {"graph_hash"}) : hashB, RunValueKind::Hash);
    add("Files found", filesFound(a), filesFound(b), RunValueKind::Text, false);

    // Shown above, with everything nested under them.
    static const std::set<std::string> shown{"label",
                                             "device",
                                             "numpy_version",
                                             "numpy_probe.failed",
                                             "numpy_simd",
                                             "numpy_simd_targets",
                                             "simd",
                                             "graph_hash",
                                             "blas",
                                             "numpy_blas.vendor",
                                             "numpy_blas.version",
                                             "numpy_blas.corename",
                                             "numpy_blas.caveat"};
    std::map<std::string, nlohmann::json> flatA, flatB;
    flatten(a.metadata, "", flatA);
    flatten(b.metadata, "", flatB);
    std::set<std::string> keys;
    for (const auto& [key, value] : flatA) keys.insert(key);
    for (const auto& [key, value] : flatB) keys.insert(key);
    for (const std::string& key : keys) {
        if (key.empty() || shown.count(key) || shown.count(key.substr(0, key.find('.')))) continue;
        const auto ia = flatA.find(key), ib = flatB.find(key);
        const nlohmann::json& ja = ia == flatA.end() ? nlohmann::json() : ia->second;
        const nlohmann::json& jb = ib == flatB.end() ? nlohmann::json() : ib->second;
        add(key, ia == flatA.end() ? "—" : readableValue(ja), ib == flatB.end() ? "—" : readableValue(jb),
            kindOf(ja, jb));
    }
    return rows;
}

}  // namespace meshdiff::views
