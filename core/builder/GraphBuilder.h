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
// grid→mesh pairs within the radius and, per grid point, the three nodes of the closest finest
// face (in face order); edges in options.edgeOrder. Throws meshdiff::Error, also when the
// official edge order is asked for where it is not reproducible (officialEdgeOrderReproducible).
BuiltGraph buildGraph(const GraphBuildOptions& options);

// fraction × longest edge as the official code's NumPy evaluates it: float64 under NumPy 1
// (a Python float promotes a float32 scalar), float32 under NumPy 2 (NEP 50).
double gridToMeshRadius(const GraphBuildOptions& options, double longestEdge);
std::string gridToMeshRadiusProduct(const GraphBuildOptions& options);  // "float32" or "float64"

// Options, radius and counts, for a graph file's metadata.
nlohmann::json describeBuild(const GraphBuildOptions& options, const BuiltGraph& built);

}  // namespace meshdiff
