#include "graph/CanonicalEdges.h"

#include <algorithm>

#include <tbb/parallel_for.h>

#include "graph/LargeVectors.h"

namespace meshdiff {
namespace {

// Bucket the grid→mesh edges by receiver (counting sort), then sort the few senders of each.
void sortG2mByReceiver(const MeshGraph& g, std::vector<std::uint64_t>& keys) {
    const std::size_t meshCount = g.meshCount();
    std::vector<std::size_t> start(meshCount + 1, 0);
    for (std::int32_t mesh : g.g2mReceivers) ++start[static_cast<std::size_t>(mesh) + 1];
    for (std::size_t m = 0; m < meshCount; ++m) start[m + 1] += start[m];

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
}

std::vector<std::uint64_t> canonicalG2m(const MeshGraph& g) {
    std::vector<std::uint64_t> keys;
    resizeLarge(keys, g.g2mReceivers.size());
    // Files meshdiff writes hold the edges in canonical order already: one pass finds out.
    const std::int32_t* senders = g.g2mSenders.data();
    const std::int32_t* receivers = g.g2mReceivers.data();
    std::uint64_t* out = keys.data();
    bool descending = false;
    std::uint64_t previous = 0;
    for (std::size_t e = 0; e < keys.size(); ++e) {
        const std::uint64_t key = g2mKey(senders[e], receivers[e]);
        descending |= key < previous;
        previous = key;
        out[e] = key;
    }
    if (descending) sortG2mByReceiver(g, keys);
    return keys;
}

// Branch-free (min/max): the order of a triangle's senders is unpredictable.
void sortEachTriangle(std::int32_t* t) {
    const std::int32_t low01 = std::min(t[0], t[1]), high01 = std::max(t[0], t[1]);
    const std::int32_t mid = std::min(high01, t[2]);
    t[2] = std::max(high01, t[2]);
    t[0] = std::min(low01, mid);
    t[1] = std::max(low01, mid);
}

std::vector<std::int32_t> canonicalM2g(const MeshGraph& g) {
    const std::size_t gridCount = g.gridCount();
    std::vector<std::int32_t> triangles;
    if (m2gGroupedByGridPoint(g)) {
        reserveLarge(triangles, g.m2gSenders.size());
        triangles.assign(g.m2gSenders.begin(), g.m2gSenders.end());
    } else {
        resizeLarge(triangles, 3 * gridCount);
        std::vector<std::uint8_t> filled(gridCount, 0);
        for (std::size_t e = 0; e < g.m2gReceivers.size(); ++e) {
            const auto grid = static_cast<std::size_t>(g.m2gReceivers[e]);
            triangles[3 * grid + filled[grid]++] = g.m2gSenders[e];
        }
    }
    tbb::parallel_for(tbb::blocked_range<std::size_t>(0, gridCount, 16384), [&](const auto& range) {
        for (std::size_t p = range.begin(); p != range.end(); ++p) sortEachTriangle(&triangles[3 * p]);
    });
    return triangles;
}

}  // namespace

CanonicalEdges canonicalEdges(const MeshGraph& graph) {
    CanonicalEdges edges;
    edges.g2m = canonicalG2m(graph);
    edges.m2gTriangles = canonicalM2g(graph);
    return edges;
}

}  // namespace meshdiff
