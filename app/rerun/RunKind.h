#pragma once
#include <string>

#include "run/RunFolder.h"

namespace meshdiff::rerun {

// What two open runs are, as far as choosing a rerun recipe goes (a recipe's "for_runs" names the
// kinds it suits, resources/recipes/README.md).
struct RunKind {
    std::string kind;    // "demo", "model", "graphs"; empty when A or B is missing
    std::string reason;  // why, in words: "A and B hold fields and a run.json that meshdiff's demo did not write"
};

// demo: both runs' metadata has numpy_simd.emulated_float32_math (written by `meshdiff demo` and
// `model-step`); model: both hold fields (a model's run folders); graphs: the graphs alone.
RunKind runKindOf(const RunInputs& a, const RunInputs& b);

}  // namespace meshdiff::rerun
