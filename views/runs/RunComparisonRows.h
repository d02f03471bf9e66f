#pragma once
#include <string>
#include <vector>

#include "run/RunFolder.h"

namespace meshdiff::views {

// How the Runs panel shows a value: plain text, a digest (shortened to "sha256 1a2b3c4d…" in
// monospace, whole in the tooltip) or a list (comma-separated, wrapped).
enum class RunValueKind { Text, Hash, List };

// One property of run A beside run B, as the Runs panel lists it.
struct RunComparisonRow {
    std::string property;
    std::string a, b;  // the full, readable values
    bool differs = false;
    RunValueKind kind = RunValueKind::Text;
};

// Path, label, device, NumPy (its version), NumPy SIMD (its dispatch), BLAS/LAPACK (under NumPy),
// graph hash, files found, then every other metadata value (nested keys joined with '.').
// `hashA`/`hashB` (the computed canonical hashes) take precedence over the metadata's graph_hash
// when not empty. Paths and labels always differ and are never marked as differing.
std::vector<RunComparisonRow> runComparisonRows(const RunInputs& a, const RunInputs& b, const std::string& hashA = {},
                                                const std::string& hashB = {});

// A metadata value as a person reads it: lists as "AVX2, FMA3", NumPy's {"AVX2": true, …}
// feature maps as the features that are on, other objects as "key: value; key: value".
std::string readableValue(const nlohmann::json& value);

// True for "sha256:…", "md5-…" or a bare hex digest of 32 characters or more.
bool looksLikeDigest(const std::string& text);

// "sha256 1a2b3c4d…" for a digest (algorithm, first 8 hex digits); other text unchanged.
std::string shortDigest(const std::string& text);

}  // namespace meshdiff::views
