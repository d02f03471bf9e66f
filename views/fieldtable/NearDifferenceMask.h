#pragma once
#include <cstdint>
#include <vector>

#include "fields/LatLonGrid.h"
#include "graph/GraphDiff.h"
#include "graph/MeshGraph.h"
#include "map/ErrorMapData.h"

namespace meshdiff::views {

// Where the graphs differ: the grid points and mesh nodes of the grid→mesh edges only in A or
// only in B, and the grid points whose mesh→grid triangle differs (coordinates from graph A).
std::vector<LonLat> differenceLocations(const GraphDiff& diff, const MeshGraph& graphA);

// The default "near" distance for a field grid: 1.5° (about one finest-mesh edge, the reach of
// one grid→mesh→grid message) or two field grid steps when the field grid is coarser.
double defaultNearRadiusDegrees(const LatLonGrid& fieldGrid);

// One byte per aligned field point (index i * alignment.lonA.size() + j, the mask layout of
// computeFieldMetrics): 1 when the point of grid A lies within `radiusDegrees` (great circle)
// of any location, else 0.
std::vector<std::uint8_t> nearDifferenceMask(const LatLonGrid& gridA, const GridAlignment& alignment,
                                             const std::vector<LonLat>& locations, double radiusDegrees);

}  // namespace meshdiff::views
