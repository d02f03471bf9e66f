#include "graph/MeshNodeRenumbering.h"

#include <algorithm>

namespace meshdiff {
namespace {

// Stable counting sort of the grid→mesh edges by their (new) receiver.
void groupByReceiver(MeshGraph& g) {
    const std::size_t edges = g.g2mReceivers.size();
    std::vector<std::size_t> start(g.meshCount() + 1, 0);
    for (std::size_t e = 0; e < edges; ++e) ++start[std::size_t(g.g2mReceivers[e]) + 1];
    for (std::size_t m = 0; m < g.meshCount(); ++m) start[m + 1] += start[m];
    LargeVector<std::int32_t> senders(edges), receivers(edges);
    for (std::size_t e = 0; e < edges; ++e) {
        const std::size_t to = start[std::size_t(g.g2mReceivers[e])]++;
        senders[to] = g.g2mSenders[e];
        receivers[to] = g.g2mReceivers[e];
    }
    g.g2mSenders = std::move(senders);
    g.g2mReceivers = std::move(receivers);
}

}  // namespace

MeshGraph renumberMeshNodes(const GraphView& b, std::span<const std::int32_t> bToA) {
    MeshGraph g;
    g.gridLat.assign(b.gridLat.begin(), b.gridLat.end());
    g.gridLon.assign(b.gridLon.begin(), b.gridLon.end());
    g.meshLat.resize(b.meshCount());
    g.meshLon.resize(b.meshCount());
    for (std::size_t j = 0; j < b.meshCount(); ++j) {
        g.meshLat[std::size_t(bToA[j])] = b.meshLat[j];
        g.meshLon[std::size_t(bToA[j])] = b.meshLon[j];
    }
    g.meshFaces.resize(b.meshFaces.size());
    std::transform(b.meshFaces.begin(), b.meshFaces.end(), g.meshFaces.begin(),
                   [&](std::int32_t m) { return bToA[m]; });

    g.g2mSenders.resize(b.g2mSenders.size());
    g.g2mReceivers.resize(b.g2mReceivers.size());
    std::copy(b.g2mSenders.begin(), b.g2mSenders.end(), g.g2mSenders.begin());
    std::transform(b.g2mReceivers.begin(), b.g2mReceivers.end(), g.g2mReceivers.begin(),
                   [&](std::int32_t m) { return bToA[m]; });
    if (std::is_sorted(b.g2mReceivers.begin(), b.g2mReceivers.end())) groupByReceiver(g);

    g.m2gSenders.resize(b.m2gSenders.size());
    std::transform(b.m2gSenders.begin(), b.m2gSenders.end(), g.m2gSenders.begin(),
                   [&](std::int32_t m) { return bToA[m]; });
    g.m2gReceivers.resize(b.m2gReceiverCount());
    for (std::size_t e = 0; e < g.m2gReceivers.size(); ++e) g.m2gReceivers[e] = b.m2gReceiver(e);
    return g;
}

std::vector<std::int32_t> renumberedMeshNodes(std::span<const std::int32_t> bToA) {
    std::vector<std::int32_t> nodes;
    for (std::size_t j = 0; j < bToA.size(); ++j)
        if (bToA[j] != std::int32_t(j)) nodes.push_back(bToA[j]);
    std::sort(nodes.begin(), nodes.end());
    return nodes;
}

}  // namespace meshdiff
