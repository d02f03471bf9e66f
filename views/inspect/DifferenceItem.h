#pragma once
#include <cstdint>
#include <vector>

#include "globe/GlobeScene.h"
#include "graph/GraphDiff.h"
#include "graph/MeshGraph.h"

namespace meshdiff::views {

// One differing grid→mesh edge or mesh→grid triangle, located at its grid point.
struct DifferenceItem {
    enum class Kind { EdgeOnlyA, EdgeOnlyB, Triangle };
    Kind kind = Kind::EdgeOnlyA;
    int diffIndex = 0;  // index into GraphDiff::g2mOnlyA / g2mOnlyB / m2gChanged
    std::int32_t grid = -1;
    std::int32_t mesh = -1;   // edges only
    double lat = 0, lon = 0;  // the grid point

    GlobePick toPick() const;
};

// All differences in list order: edges only in A, edges only in B, then changed triangles.
std::vector<DifferenceItem> listDifferences(const GraphDiff& diff, const MeshGraph& graphA);

// The position in `items` of what a globe pick hit; -1 when it is not a difference.
int findDifference(const std::vector<DifferenceItem>& items, const GlobePick& pick);

// Grid→mesh BALL_QUERY geometry on the unit sphere, as the graph was built.
double ballQueryRadius(const MeshGraph& graph);  // 0.6 × longest finest-mesh edge (chord)
double gridMeshDistance(const MeshGraph& graph, std::int32_t grid, std::int32_t mesh);  // chord
// Steps of a float32 unit-sphere coordinate near 1 (2^-24), the scale of host-to-host rounding.
constexpr double kUnitCoordinateUlp = 5.9604644775390625e-08;

}  // namespace meshdiff::views
