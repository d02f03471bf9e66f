#pragma once
#include <optional>

#include <nlohmann/json.hpp>

#include "graph/MeshGraph.h"

namespace meshdiff {

// A graph's grid→mesh radius: the builder's (from the run's metadata) or recomputed from the graph.
struct BallRadius {
    double value = 0;
    bool fromBuilder = false;
};

// The grid→mesh radius the builder used, when the run's metadata records it (meshdiff's
// run.json "graph_build.radius", a graph file's "radius"); none otherwise.
std::optional<double> builderRadius(const nlohmann::json& metadata);

// Grid→mesh BALL_QUERY radius on the unit sphere, as the graph was built: 0.6 × the longest
// finest-mesh edge (chord). Walks every face.
double ballQueryRadius(const MeshGraph& graph);

}  // namespace meshdiff
