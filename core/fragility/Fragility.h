#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

#include <nlohmann/json.hpp>

#include "builder/BuildOptions.h"
#include "fragility/NumpyRadii.h"
#include "graph/MeshGraph.h"

namespace meshdiff {

// Margins are measured in float32 steps of a unit-sphere coordinate of size 0.5 … 1, 2^-24,
// the size of the rounding differences between two hosts' sin/cos/atan2/acos.
constexpr double kCoordinateUlp = 1.0 / 16777216.0;

struct FragilityOptions {
    double grid2meshThresholdUlps = 8;  // |d − r| at or below this many steps: at risk
    double mesh2gridThresholdUlps = 2;  // closest-face distance gap at or below: at risk
    double radiusFraction = 0.6;
    FloatMath math = FloatMath::Glibc;  // float32 math used to recompute cartesian coordinates
};

// A grid→mesh pair (edge or not) whose distance is within the threshold of the radius.
struct Grid2MeshRisk {
    std::int32_t grid = 0, mesh = 0;
    bool isEdge = false;        // present in the analysed graph
    double distance = 0;        // chord distance on the unit sphere
    double marginUlps = 0;      // (distance − radius) / kCoordinateUlp
    bool numpyVersion = false;  // between the NumPy 1 and NumPy 2 radii: differs between them for sure
};

// A grid point whose closest and second-closest finest faces are nearly equally far.
struct Mesh2GridRisk {
    std::int32_t grid = 0;
    std::int32_t face = -1, runnerUpFace = -1;
    double gapUlps = 0;       // (runner-up distance − closest distance) / kCoordinateUlp
    bool exactTie = false;    // both distances bitwise equal: the tie rule alone decides
    bool graphAgrees = true;  // the graph's triangle for this point is `face`
};

struct FragilityReport {
    FragilityOptions options;
    double longestEdge = 0, radius = 0;  // radius: NumPy 1's (the builder's default)
    NumpyRadii radii;
    std::size_t grid2meshNumpyVersion = 0;  // pairs an edge under one NumPy major and not the other
    std::size_t grid2meshEdges = 0, gridPoints = 0;
    std::vector<Grid2MeshRisk> grid2meshAtRisk;  // sorted by (grid, mesh)
    std::vector<Mesh2GridRisk> mesh2gridAtRisk;  // sorted by grid
    // Graph entries the recomputation contradicts beyond the threshold (another builder,
    // radius or tie rule); they are counted here and not flagged.
    std::size_t grid2meshContradicted = 0, mesh2gridContradicted = 0;
    std::size_t mesh2gridExactTies = 0;

    // True for every at-risk pair, including non-edges just outside the radius.
    bool g2mPairAtRisk(std::int32_t grid, std::int32_t mesh) const;
    bool m2gPointAtRisk(std::int32_t grid) const;
    nlohmann::json toJson(bool withItems) const;
};

// Every receiver's edge order follows np.argsort's order of ties, which NumPy's SIMD sorts change:
// what `fragility` says about it for any graph.
extern const char* const kEdgeOrderRisk;

// Recomputes the graph's float32 cartesian coordinates from its lat/lon, the radius from its
// longest finest-mesh edge, every grid↔mesh distance near the radius and every grid point's two
// closest faces, and flags the items within the thresholds. Throws meshdiff::Error.
FragilityReport analyzeFragility(const MeshGraph& graph, const FragilityOptions& options = {});

}  // namespace meshdiff
