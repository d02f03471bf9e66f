#pragma once
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "rerun/Recipe.h"

namespace meshdiff::experiments {

// Which choice of one recipe option stands for each role ("A", "B", "own"): fixed, or read from
// each run's metadata (run.json): the value at `metadataKey` ("numpy_simd.emulated_float32_math")
// picks the choice from `byValue`.
struct RoleChoices {
    std::string option;
    std::map<std::string, std::string> choices;  // role → choice label
    std::string metadataKey;                     // dotted path into a run's metadata
    std::map<std::string, std::string> byValue;  // metadata value → choice label
    std::string fallback;                        // when the metadata lacks the key ("default")
};

// A recipe and its `experiments` block: how the experiments (reruns that test why A and B differ)
// map onto the recipe's options (resources/recipes/README.md, "The experiments block"). The block's
// old name, `diagnose`, is still read.
struct ExperimentRecipe {
    std::string path;
    rerun::Recipe recipe;
    std::vector<RoleChoices> side;     // A, B: make a run compute like A's or B's host (one entry per option)
    std::optional<RoleChoices> graph;  // own, A, B: which graph the run uses
    std::vector<RoleChoices> rebuild;  // A, B: build the graph with A's or B's host settings
    std::map<std::string, std::string> precisionOff;  // option → choice: TF32 off, autotune off, …
};

// Reads the recipe and checks that every option and choice the block names exists. Throws
// meshdiff::Error(path, problem) for a missing file, a malformed recipe, no `experiments` block or
// a block naming what the recipe lacks.
ExperimentRecipe loadExperimentRecipe(const std::string& path);
ExperimentRecipe experimentRecipeFromJson(const nlohmann::json& json, const std::string& path);

// The choice that stands for `role` ("A", "B", "own"), fixed or from that run's metadata. When the
// run's metadata lacks the key or has a value the recipe does not map, throws meshdiff::Error naming
// the run's metadata file (`metadataFileA`/`B`; the recipe when unknown), the key, the recipe and
// what to do.
std::string roleChoice(const RoleChoices& roles, const std::string& role, const nlohmann::json& metadataA,
                       const nlohmann::json& metadataB, const std::string& recipePath,
                       const std::string& metadataFileA = {}, const std::string& metadataFileB = {});

}  // namespace meshdiff::experiments
