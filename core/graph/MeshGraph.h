#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "graph/LargeVectors.h"

namespace meshdiff {

// The two bipartite graphs a GraphCast-lineage model builds on the host, plus the coordinates
// they were built from. Grid index = lat_index * gridLon.size() + lon_index.
struct MeshGraph {
    std::vector<float> gridLat;           // degrees, 1-D axis
    std::vector<float> gridLon;           // degrees, 1-D axis
    std::vector<float> meshLat;           // degrees, one per mesh node (official permuted order)
    std::vector<float> meshLon;           // degrees, [0, 360)
    std::vector<std::int32_t> meshFaces;  // 3 per finest face, counter-clockwise from outside

    LargeVector<std::int32_t> g2mSenders;    // grid index
    LargeVector<std::int32_t> g2mReceivers;  // mesh index
    LargeVector<std::int32_t> m2gSenders;    // mesh index
    LargeVector<std::int32_t> m2gReceivers;  // grid index

    std::size_t gridCount() const { return gridLat.size() * gridLon.size(); }
    std::size_t meshCount() const { return meshLat.size(); }
    std::size_t faceCount() const { return meshFaces.size() / 3; }
};

// Checks index ranges, equal array lengths, finite coordinates and that every grid point has
// exactly three mesh→grid edges. Throws meshdiff::Error naming `file` and the first problem.
void validateGraph(const MeshGraph& graph, const std::string& file);

// True when mesh→grid edges 3p, 3p+1 and 3p+2 all end at grid point p (the order meshdiff and
// the official builder write), for every p.
bool m2gGroupedByGridPoint(const MeshGraph& graph);

}  // namespace meshdiff
