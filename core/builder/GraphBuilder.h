#pragma once
#include <nlohmann/json.hpp>

#include "builder/BuildOptions.h"
#include "graph/MeshGraph.h"

namespace meshdiff {

struct BuildTimings {  // wall seconds per stage
    double mesh = 0, permutation = 0, coordinates = 0, grid2mesh = 0, mesh2grid = 0, total = 0;
};

struct BuiltGraph {
    MeshGraph graph;
    double longestEdge = 0;  // finest mesh, on the coordinates the edges were built from
    double radius = 0;       // grid→mesh ball radius
    BuildTimings timings;
};

// Builds the grid↔mesh graphs the way the official WeatherNext / GraphCast host code does:
// icosahedral mesh, SciPy reverse Cuthill–McKee node order, float32 lat/lon round trip,
// grid→mesh pairs within the radius (sorted by mesh node, then grid point) and, per grid point,
// the three nodes of the closest finest face (in face order). Throws meshdiff::Error.
BuiltGraph buildGraph(const GraphBuildOptions& options);

// Options, radius and counts, for a graph file's metadata.
nlohmann::json describeBuild(const GraphBuildOptions& options, const BuiltGraph& built);

}  // namespace meshdiff
