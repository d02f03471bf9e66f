#pragma once
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>

#include "graph/MeshGraph.h"

namespace meshdiff {

// The arrays of a MeshGraph without owning them: a MeshGraph's own vectors, or a graph file
// mapped into memory (core/io/MappedGraphHdf5.h). Whoever holds the arrays keeps them alive.
struct GraphView {
    std::span<const float> gridLat, gridLon, meshLat, meshLon;
    std::span<const std::int32_t> meshFaces, g2mSenders, g2mReceivers, m2gSenders, m2gReceivers;

    std::size_t gridCount() const { return gridLat.size() * gridLon.size(); }
    std::size_t meshCount() const { return meshLat.size(); }
    std::size_t faceCount() const { return meshFaces.size() / 3; }
};

inline GraphView viewOf(const MeshGraph& g) {
    return {g.gridLat,    g.gridLon,      g.meshLat,    g.meshLon,     g.meshFaces,
            g.g2mSenders, g.g2mReceivers, g.m2gSenders, g.m2gReceivers};
}

// As validateGraph and m2gGroupedByGridPoint of a MeshGraph (MeshGraph.h).
void validateGraph(const GraphView& graph, const std::string& file);
bool m2gGroupedByGridPoint(const GraphView& graph);

}  // namespace meshdiff
