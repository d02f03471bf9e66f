#pragma once
#include <map>
#include <string>

#include <nlohmann/json.hpp>

#include "rerun/Recipe.h"

namespace meshdiff::rerun {

// This machine as a run's metadata tells it: {"hostname", "cpu_model", "cpu_simd_flags": […]}
// (SIMD-related flags of /proc/cpuinfo: SSE…, AVX…, FMA, F16C, AMX…, NEON/ASIMD, SVE).
nlohmann::json localHostDescription(const std::string& cpuinfoPath = "/proc/cpuinfo");

// Which BLAS/LAPACK NumPy loads (the graph depends on it, not only on the CPU's SIMD path):
// {"blas", "lapack" (resolved library paths), "vendor", "chosen_by"}. The recipe's LD_LIBRARY_PATH
// wins over the system's libblas.so.3/liblapack.so.3 alternatives in `systemLibDir`; without
// either, {}. A NumPy wheel bundling its own OpenBLAS is not seen from here ("caveat" says so).
nlohmann::json blasDescription(const std::map<std::string, std::string>& env,
                               const std::string& systemLibDir = "/usr/lib/x86_64-linux-gnu");

// The new run's label as the Runs panel shows it: "C: <recipe> (<chosen options>) on <host>".
std::string rerunLabel(const std::string& letter, const Recipe& recipe, const std::string& host);

// A finished rerun's metadata.json: label, device, SIMD (what the job used: this host's CPU
// flags for a local run, NumPy's disabled CPU features when the recipe set them), the BLAS/LAPACK
// under NumPy ("numpy_blas": this host's for a local run, the recipe's LD_LIBRARY_PATH for any),
// and how it ran.
// `host` is the machine it ran on; `local` when that is this one (its CPU can be read).
// `probe` is what the NumPy probe found on that host (readNumpyProbe): when it found NumPy, its
// numpy_version, numpy_simd (the dispatch), numpy_blas (the BLAS loaded; "chosen_by" names the
// recipe's LD_LIBRARY_PATH) and python replace what the recipe asked for; when it failed,
// "numpy_probe" says why and the recipe's request stays; {} when no probe ran.
nlohmann::json rerunMetadata(const std::string& label, const Recipe& recipe, const std::string& host, bool local,
                             const nlohmann::json& how, const nlohmann::json& hostDescription,
                             const nlohmann::json& probe = nlohmann::json::object());

}  // namespace meshdiff::rerun
