#pragma once
#include <string>

#include <nlohmann/json.hpp>

namespace meshdiff::views {

// The Runs panel's NumPy rows, read from a run's metadata as reruns (the NumPy probe) and graph
// scripts' sidecars write it. Each is empty when the metadata says nothing about it.

// "2.5.2"; "not known (NumPy probe failed: …)" when a rerun's probe failed.
std::string numpyVersionText(const nlohmann::json& metadata);

// NumPy's dispatch. A probe's or sidecar's {"cpu_baseline", "cpu_dispatch", "cpu_features_enabled"
// or "dispatch_enabled", "NPY_DISABLE_CPU_FEATURES"} reads "baseline X86_V2; dispatched: X86_V3;
// off: X86_V4, AVX512_ICL, AVX512_SPR"; a list or any other value as readableValue shows it.
std::string numpyDispatchText(const nlohmann::json& metadata);

// The BLAS under NumPy: "OpenBLAS 0.3.21 (Haswell kernels)" from numpy_blas's vendor, version and
// corename, a plain "blas" string, or numpy_blas as text.
std::string numpyBlasText(const nlohmann::json& metadata);

}  // namespace meshdiff::views
