#pragma once
#include <string>
#include <vector>

#include "run/RunFolder.h"

namespace meshdiff::views {

// One property of run A beside run B, as the Runs panel lists it.
struct RunComparisonRow {
    std::string property;
    std::string a, b;
    bool differs = false;
};

// Path, label, device, NumPy SIMD targets, graph hash, files found, then every other metadata
// value (nested keys joined with '.'). `hashA`/`hashB` (the computed canonical hashes) take
// precedence over the metadata's graph_hash when not empty. Paths and labels always differ
// and are never marked as differing.
std::vector<RunComparisonRow> runComparisonRows(const RunInputs& a, const RunInputs& b, const std::string& hashA = {},
                                                const std::string& hashB = {});

}  // namespace meshdiff::views
