#include "graph/CanonicalEdges.h"

#include <algorithm>

#include <tbb/parallel_for.h>

namespace meshdiff {
namespace {

// Bucket the grid→mesh edges by receiver (counting sort), then sort the few senders of each.
std::vector<std::uint64_t> canonicalG2m(const MeshGraph& g) {
    const std::size_t meshCount = g.meshCount();
    std::vector<std::size_t> start(meshCount + 1, 0);
    for (std::int32_t mesh : g.g2mReceivers) ++start[static_cast<std::size_t>(mesh) + 1];
    for (std::size_t m = 0; m < meshCount; ++m) start[m + 1] += start[m];

    std::vector<std::uint64_t> keys(g.g2mReceivers.size());
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

std::vector<std::int32_t> canonicalM2g(const MeshGraph& g) {
    const std::size_t gridCount = g.gridCount();
    std::vector<std::int32_t> triangles(3 * gridCount);
    std::vector<std::uint8_t> filled(gridCount, 0);
    for (std::size_t e = 0; e < g.m2gReceivers.size(); ++e) {
        const auto grid = static_cast<std::size_t>(g.m2gReceivers[e]);
        triangles[3 * grid + filled[grid]++] = g.m2gSenders[e];
    }
    tbb::parallel_for(tbb::blocked_range<std::size_t>(0, gridCount, 16384), [&](const auto& range) {
        for (std::size_t p = range.begin(); p != range.end(); ++p) {
            std::int32_t* t = &triangles[3 * p];
            if (t[0] > t[1]) std::swap(t[0], t[1]);
            if (t[1] > t[2]) std::swap(t[1], t[2]);
            if (t[0] > t[1]) std::swap(t[0], t[1]);
        }
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
