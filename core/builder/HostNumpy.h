#pragma once
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "builder/BuildOptions.h"

namespace meshdiff {

// What a run's metadata says about the NumPy its host built the graph with: `numpy_version`
// ("2.5.2": major 2) and `numpy_blas.vendor` (OpenBLAS, or the reference BLAS/LAPACK), as the
// NumPy probe of reruns and the users' sidecars record them. Unset when the metadata does not say.
struct HostNumpy {
    std::optional<int> major;
    std::optional<BlasSum> blas;
    std::vector<std::string> notes;  // what was read, what was missing
};

// Throws meshdiff::Error(file, …) for a NumPy version the builder does not know (not 1.x or 2.x).
HostNumpy hostNumpyOf(const nlohmann::json& metadata, const std::string& file);

}  // namespace meshdiff
