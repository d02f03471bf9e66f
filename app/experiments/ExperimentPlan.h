#pragma once
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "experiments/ExperimentRecipe.h"

namespace meshdiff::experiments {

// What the compare of A and B found, as far as the plan and the verdict need it.
struct PairFacts {
    std::string cause;  // diagnosis cause: none, graph, everywhere, mixed, order, unknown
    bool graphsCompared = false, graphsDiffer = false;
    std::string hashA, hashB;
    double maxRelRms = 0;           // A against B, the lead shown
    std::size_t driftingEdges = 0;  // edges whose host-computed features differ (graph.edge_features)
    nlohmann::json metadataA = nlohmann::json::object(), metadataB = nlohmann::json::object();  // run.json
    std::string metadataFileA, metadataFileB;  // where the metadata was read ("" when a run has none)
};

enum class ExperimentKind { GraphSwap, Rebuild, PrecisionOff };
const char* toString(ExperimentKind kind);

// One rerun: a side (whose host it computes like) and the recipe choices that make it.
struct Experiment {
    std::string id;  // "B-with-A-graph": the rerun's label and the table's row
    ExperimentKind kind = ExperimentKind::GraphSwap;
    char side = 'B';    // 'A' or 'B'
    char other = 'A';   // the graph (swap) or host settings (rebuild) it borrows; the graph for precision runs
    std::string title;  // "B's side with A's graph"
    std::string question;
    std::vector<std::pair<std::string, std::string>> choices;  // option → choice, applied in order
};

struct PlanSettings {
    std::optional<char> backendSide;  // the back-end's host is this run's (recipes without experiments.side)
    bool everyExperiment = false;     // precision knobs even when the cause is graph
};

struct Plan {
    std::vector<Experiment> experiments;
    std::vector<std::string> notes;  // experiments left out and why
};

// The reruns that test the compare's cause: a graph swap both ways when the graphs differ, a
// rebuild of the graph with the other host's settings (rebuild), the precision knobs off when
// the cause is everywhere or mixed. Only what the recipe's experiments block can express is planned.
// Throws meshdiff::Error(recipe path, …) when a choice read from a run's metadata cannot be made.
Plan planExperiments(const PairFacts& facts, const ExperimentRecipe& recipe, const PlanSettings& settings = {});

// The recipe with the experiment's choices selected.
rerun::Recipe recipeFor(const Experiment& experiment, const rerun::Recipe& recipe);

}  // namespace meshdiff::experiments
