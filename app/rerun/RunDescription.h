#pragma once
#include <string>

#include <nlohmann/json.hpp>

#include "rerun/Recipe.h"

namespace meshdiff::rerun {

// This machine as a run's metadata tells it: {"hostname", "cpu_model", "cpu_simd_flags": […]}
// (SIMD-related flags of /proc/cpuinfo: SSE…, AVX…, FMA, F16C, AMX…, NEON/ASIMD, SVE).
nlohmann::json localHostDescription(const std::string& cpuinfoPath = "/proc/cpuinfo");

// The new run's label as the Runs panel shows it: "C: <recipe> (<chosen options>) on <host>".
std::string rerunLabel(const std::string& letter, const Recipe& recipe, const std::string& host);

// A finished rerun's metadata.json: label, device, SIMD (what the job used: this host's CPU
// flags for a local run, NumPy's disabled CPU features when the recipe set them), and how it ran.
// `host` is the machine it ran on; `local` when that is this one (its CPU can be read).
nlohmann::json rerunMetadata(const std::string& label, const Recipe& recipe, const std::string& host, bool local,
                             const nlohmann::json& how, const nlohmann::json& hostDescription);

}  // namespace meshdiff::rerun
