#include "graph/RcmSeed.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

namespace meshdiff {
namespace {

// SciPy's adjacency of a triangle mesh: row a holds b for every face edge a→b (a→b, b→c, c→a).
struct MeshAdjacency {
    std::vector<std::int32_t> rowStart;
    std::vector<std::int32_t> columns;
    std::int32_t degree(std::size_t node) const { return rowStart[node + 1] - rowStart[node]; }
};

MeshAdjacency meshAdjacency(const GraphView& g) {
    const std::size_t n = g.meshCount();
    std::vector<std::int32_t> counts(n + 1, 0);
    for (std::size_t k = 0; k < g.meshFaces.size(); ++k) ++counts[std::size_t(g.meshFaces[k]) + 1];
    for (std::size_t i = 0; i < n; ++i) counts[i + 1] += counts[i];
    std::vector<std::int32_t> columns(g.meshFaces.size()), next(counts.begin(), counts.end() - 1);
    for (std::size_t f = 0; f < g.faceCount(); ++f)
        for (std::size_t k = 0; k < 3; ++k)
            columns[std::size_t(next[std::size_t(g.meshFaces[3 * f + k])]++)] = g.meshFaces[3 * f + (k + 1) % 3];
    MeshAdjacency adj;
    adj.rowStart.push_back(0);
    for (std::size_t i = 0; i < n; ++i) {
        const auto first = columns.begin() + counts[i], last = columns.begin() + counts[i + 1];
        std::sort(first, last);
        adj.columns.insert(adj.columns.end(), first, std::unique(first, last));
        adj.rowStart.push_back(std::int32_t(adj.columns.size()));
    }
    return adj;
}

std::optional<int> vertexAt(float latDeg, float lonDeg) {
    constexpr double kToleranceDeg = 0.01;
    for (std::size_t v = 0; v < kIcosahedronVertices.size(); ++v) {
        const double dLon = std::remainder(double(lonDeg) - kIcosahedronVertices[v].lonDeg, 360.0);
        if (std::abs(double(latDeg) - kIcosahedronVertices[v].latDeg) < kToleranceDeg && std::abs(dLon) < kToleranceDeg)
            return int(v);
    }
    return std::nullopt;
}

// Whether visiting the nodes from n − 1 down to 0 is a breadth-first search from node n − 1 whose
// nodes found by one node are taken in ascending degree.
bool reverseIsCuthillMcKee(const MeshAdjacency& adj, std::size_t n) {
    // The node that finds node m is the first one visited with m in its row: the largest index.
    std::vector<std::int32_t> finder(n, -1);
    for (std::size_t i = 0; i < n; ++i)
        for (auto k = adj.rowStart[i]; k < adj.rowStart[i + 1]; ++k)
            finder[adj.columns[k]] = std::max(finder[adj.columns[k]], std::int32_t(i));
    for (std::size_t m = n - 1; m-- > 0;) {
        if (finder[m] <= std::int32_t(m)) return false;  // not found by a node visited before it
        if (m + 1 < n - 1) {
            if (finder[m] > finder[m + 1]) return false;  // found out of queue order
            if (finder[m] == finder[m + 1] && adj.degree(m) < adj.degree(m + 1)) return false;
        }
    }
    return true;
}

}  // namespace

std::optional<int> rcmSeedVertex(const GraphView& graph) {
    const std::size_t n = graph.meshCount();
    if (n == 0) return std::nullopt;
    const std::optional<int> vertex = vertexAt(graph.meshLat[n - 1], graph.meshLon[n - 1]);
    if (!vertex) return std::nullopt;
    const MeshAdjacency adj = meshAdjacency(graph);
    if (adj.degree(n - 1) != 5 || !reverseIsCuthillMcKee(adj, n)) return std::nullopt;
    return vertex;
}

}  // namespace meshdiff
