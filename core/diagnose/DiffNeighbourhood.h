#pragma once
#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "fields/LatLonGrid.h"
#include "graph/GraphDiff.h"
#include "graph/GraphView.h"

namespace meshdiff {

// Where on the globe two graphs disagree: the grid point of each changed mesh→grid triangle, the
// grid end of each grid→mesh edge only one graph has; the position (in A) of each moved mesh node
// only when no edge or triangle differs.
struct DiffPlaces {
    std::vector<std::array<double, 2>> latLon;  // degrees
    std::size_t triangles = 0, grid2meshEdges = 0, movedNodes = 0;
    bool movedNodesPlaced = false;  // the moved nodes are among the places
    double radiusDegrees = 0;       // "near" = within this great-circle distance of a place
    double farDegrees = 0;          // "far" = beyond this one: where a graph-caused part has not spread
    bool empty() const { return latLon.empty(); }
};

// The mean edge length of a triangular mesh of `meshNodes` nodes on the sphere, in degrees:
// about 2N faces of area √3/4·s² cover 4π, so s = √(8π / (√3·N)) radians (1.08° for the
// 40 962-node M6 mesh, whose edges are 0.94°–1.2°).
double meshSpacingDegrees(std::size_t meshNodes);

// How many mesh spacings away a point is "far": the reach of the grid→mesh radius, a few
// message-passing steps and the decoder's triangle.
constexpr double kFarSpacings = 4;

// The places of `diff` (of graphs `a` and `b`), with the radius one mesh spacing of A's mesh.
DiffPlaces placesOf(const GraphDiff& diff, const GraphView& a, const GraphView& b);

// The grid points of a fields grid within the radius of a place, and each row's area weight.
struct DiffNeighbourhood {
    std::size_t nlat = 0, nlon = 0;
    enum Zone : std::uint8_t { Far = 0, Near = 1, Between = 2 };
    std::vector<std::uint8_t> zone;         // one Zone per grid point, row-major [nlat][nlon]
    std::vector<std::uint32_t> zonePoints;  // the points not Far, ascending
    double areaShare = 0;                   // near points / all points
};
DiffNeighbourhood neighbourhoodOn(const DiffPlaces& places, const LatLonGrid& grid);

}  // namespace meshdiff
