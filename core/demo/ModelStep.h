#pragma once
#include <string>

#include <nlohmann/json.hpp>

#include "builder/BuildOptions.h"
#include "demo/MessagePassingModel.h"

namespace meshdiff {

// One step of the demo's message-passing model as a run of its own (`meshdiff model-step`): the
// stand-in for a real model's step that the Diagnose action reruns with another graph, another
// host's float32 math or another matmul precision.
struct ModelStepOptions {
    std::string outDir;
    std::string graphFile;              // the graph to run on; empty: build it here with `math`
    FloatMath math = FloatMath::Glibc;  // this host's float32 math (its "NumPy SIMD path")
    double resolutionDeg = 1.0;         // of a graph built here
    MatmulPrecision precision = MatmulPrecision::Float32;
    std::string label;  // run.json's label; a description of the settings when empty
};

struct ModelStepResult {
    std::string runFolder, graphHash;
    nlohmann::json metadata;  // what run.json holds
};

// Writes OUT/graph.npz (the graph used), OUT/fields.npz and OUT/run.json laid out as the demo's
// run folders, so that a step with A's graph and A's settings reproduces A's fields bit for bit.
// Throws meshdiff::Error naming the file and the problem.
ModelStepResult writeModelStep(const ModelStepOptions& options);

}  // namespace meshdiff
