#pragma once
#include <cstdint>
#include <vector>

#include "globe/GlobeScene.h"
#include "graph/GraphDiff.h"
#include "graph/MeshGraph.h"

namespace meshdiff::views {

// One differing grid→mesh edge or mesh→grid triangle, located at its grid point, or a moved
// mesh node, located at the node (A's position).
struct DifferenceItem {
    enum class Kind { EdgeOnlyA, EdgeOnlyB, Triangle, MovedNode };
    Kind kind = Kind::EdgeOnlyA;
    int diffIndex = 0;            // index into GraphDiff::g2mOnlyA / g2mOnlyB / m2gChanged / movedNodes
    std::int32_t grid = -1;       // not for moved nodes
    std::int32_t mesh = -1;       // edges and moved nodes
    double lat = 0, lon = 0;      // the grid point, or the moved node
    std::uint32_t movedUlps = 0;  // moved nodes: max(lat, lon) shift in float32 steps

    GlobePick toPick() const;
};

// All differences in list order: edges only in A, edges only in B, changed triangles, then
// moved mesh nodes, largest move first.
std::vector<DifferenceItem> listDifferences(const GraphDiff& diff, const MeshGraph& graphA);

// The position in `items` of what a globe pick hit; -1 when it is not a difference.
int findDifference(const std::vector<DifferenceItem>& items, const GlobePick& pick);

// Grid→mesh BALL_QUERY geometry on the unit sphere, as the graph was built (the radius:
// builder/BallRadius.h).
double gridMeshDistance(const MeshGraph& graph, std::int32_t grid, std::int32_t mesh);  // chord
// Steps of a float32 unit-sphere coordinate near 1 (2^-24), the scale of host-to-host rounding.
constexpr double kUnitCoordinateUlp = 5.9604644775390625e-08;

}  // namespace meshdiff::views
