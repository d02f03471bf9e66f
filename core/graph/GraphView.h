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
    // The mesh→grid receivers are not held but known to be 0,0,0,1,1,1,…: edges 3p, 3p+1 and 3p+2
    // end at grid point p, the official order (a LeanGraph's, io/GraphFiles.h). m2gReceivers is
    // then empty: m2gReceiver(e) and m2gReceiverCount() work either way.
    bool m2gReceiversByPoint = false;

    std::size_t gridCount() const { return gridLat.size() * gridLon.size(); }
    std::size_t meshCount() const { return meshLat.size(); }
    std::size_t faceCount() const { return meshFaces.size() / 3; }
    std::int32_t m2gReceiver(std::size_t e) const {
        return m2gReceiversByPoint ? static_cast<std::int32_t>(e / 3) : m2gReceivers[e];
    }
    std::size_t m2gReceiverCount() const { return m2gReceiversByPoint ? m2gSenders.size() : m2gReceivers.size(); }
};

inline GraphView viewOf(const MeshGraph& g) {
    return {g.gridLat,    g.gridLon,      g.meshLat,    g.meshLon,     g.meshFaces,
            g.g2mSenders, g.g2mReceivers, g.m2gSenders, g.m2gReceivers};
}

// As validateGraph and m2gGroupedByGridPoint of a MeshGraph (MeshGraph.h).
void validateGraph(const GraphView& graph, const std::string& file);
bool m2gGroupedByGridPoint(const GraphView& graph);

}  // namespace meshdiff
