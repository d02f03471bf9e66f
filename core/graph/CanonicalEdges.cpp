#include "graph/CanonicalEdges.h"

#include <algorithm>

#include <tbb/parallel_for.h>

#include "graph/LargeVectors.h"

namespace meshdiff {
namespace {

// Once the edges' order matters not: in canonical order already?
bool g2mAscending(const GraphView& g) {
    const std::int32_t* senders = g.g2mSenders.data();
    const std::int32_t* receivers = g.g2mReceivers.data();
    const std::size_t n = g.g2mSenders.size();
    bool descending = false;
    // Blocks: branch-free inside, an early exit between them.
    for (std::size_t begin = 1; begin < n && !descending; begin += 8192) {
        const std::size_t end = std::min(n, begin + 8192);
        for (std::size_t e = begin; e < end; ++e)
            descending |= g2mKey(senders[e], receivers[e]) < g2mKey(senders[e - 1], receivers[e - 1]);
    }
    return !descending;
}

// Bucket the grid→mesh edges by receiver (counting sort), then sort the few senders of each.
LargeVector<std::uint64_t> sortG2m(const GraphView& g) {
    const std::size_t meshCount = g.meshCount();
    std::vector<std::size_t> start(meshCount + 1, 0);
    for (std::int32_t mesh : g.g2mReceivers) ++start[static_cast<std::size_t>(mesh) + 1];
    for (std::size_t m = 0; m < meshCount; ++m) start[m + 1] += start[m];

    LargeVector<std::uint64_t> keys(g.g2mReceivers.size());
    std::vector<std::size_t> fill(start.begin(), start.end() - 1);
    for (std::size_t e = 0; e < keys.size(); ++e) {
        keys[fill[static_cast<std::size_t>(g.g2mReceivers[e])]++] = g2mKey(g.g2mSenders[e], g.g2mReceivers[e]);
    }
    tbb::parallel_for(tbb::blocked_range<std::size_t>(0, meshCount, 1024), [&](const auto& range) {
        for (std::size_t m = range.begin(); m != range.end(); ++m) {
            std::sort(keys.begin() + static_cast<std::ptrdiff_t>(start[m]),
                      keys.begin() + static_cast<std::ptrdiff_t>(start[m + 1]));
        }
    });
    return keys;
}

// The senders regrouped so that 3p, 3p+1, 3p+2 are grid point p's.
LargeVector<std::int32_t> groupM2g(const GraphView& g) {
    const std::size_t gridCount = g.gridCount();
    LargeVector<std::int32_t> grouped(3 * gridCount);
    std::vector<std::uint8_t> filled(gridCount, 0);
    for (std::size_t e = 0; e < g.m2gReceivers.size(); ++e) {
        const auto grid = static_cast<std::size_t>(g.m2gReceivers[e]);
        grouped[3 * grid + filled[grid]++] = g.m2gSenders[e];
    }
    return grouped;
}

}  // namespace

CanonicalEdges canonicalEdges(const GraphView& graph) {
    CanonicalEdges edges;
    edges.g2mCount_ = graph.g2mSenders.size();
    edges.senders_ = graph.g2mSenders.data();
    edges.receivers_ = graph.g2mReceivers.data();
    if (!g2mAscending(graph)) edges.g2mSorted_ = sortG2m(graph);

    edges.gridPoints_ = graph.gridCount();
    edges.graphM2gSenders_ = graph.m2gSenders.data();
    if (!m2gGroupedByGridPoint(graph)) edges.m2gGrouped_ = groupM2g(graph);
    return edges;
}

CanonicalEdges canonicalEdges(const MeshGraph& graph) { return canonicalEdges(viewOf(graph)); }

bool sameEdges(const CanonicalEdges& a, const CanonicalEdges& b) {
    if (a.g2mCount() != b.g2mCount() || a.gridPoints() != b.gridPoints()) return false;
    for (std::size_t e = 0; e < a.g2mCount(); ++e)
        if (a.g2m(e) != b.g2m(e)) return false;
    for (std::size_t p = 0; p < a.gridPoints(); ++p) {
        std::int32_t ta[3], tb[3];
        std::copy_n(a.m2gSenders(p), 3, ta);
        std::copy_n(b.m2gSenders(p), 3, tb);
        sortTriangle(ta);
        sortTriangle(tb);
        if (!std::equal(ta, ta + 3, tb)) return false;
    }
    return true;
}

}  // namespace meshdiff
