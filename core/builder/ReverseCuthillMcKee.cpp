#include "builder/ReverseCuthillMcKee.h"

#include <algorithm>

#include "builder/NumpyArgsort.h"

namespace meshdiff {
namespace {

struct Csr {
    std::vector<std::int32_t> rowStart;  // nodeCount + 1
    std::vector<std::int32_t> columns;
};

Csr meshAdjacency(const std::vector<std::array<std::int32_t, 3>>& faces, std::size_t nodeCount) {
    std::vector<std::vector<std::int32_t>> rows(nodeCount);
    for (const auto& f : faces)
        for (int k = 0; k < 3; ++k) rows[f[k]].push_back(f[(k + 1) % 3]);
    Csr csr;
    csr.rowStart.reserve(nodeCount + 1);
    csr.rowStart.push_back(0);
    for (auto& row : rows) {
        std::sort(row.begin(), row.end());
        row.erase(std::unique(row.begin(), row.end()), row.end());
        csr.columns.insert(csr.columns.end(), row.begin(), row.end());
        csr.rowStart.push_back(static_cast<std::int32_t>(csr.columns.size()));
    }
    return csr;
}

}  // namespace

std::vector<std::int32_t> reverseCuthillMcKee(const std::vector<std::array<std::int32_t, 3>>& faces,
                                              std::size_t nodeCount, std::optional<std::int32_t> seed) {
    const Csr adj = meshAdjacency(faces, nodeCount);
    std::vector<std::int32_t> degree(nodeCount);
    for (std::size_t i = 0; i < nodeCount; ++i) {
        degree[i] = adj.rowStart[i + 1] - adj.rowStart[i];
        for (auto k = adj.rowStart[i]; k < adj.rowStart[i + 1]; ++k)
            if (adj.columns[k] == static_cast<std::int32_t>(i)) ++degree[i];  // diagonal counts twice
    }
    std::vector<std::int32_t> seeds = numpyArgsort(degree);
    if (seed) seeds.insert(seeds.begin(), *seed);
    std::vector<char> visited(nodeCount, 0);
    std::vector<std::int32_t> order;
    order.reserve(nodeCount);
    for (std::int32_t start : seeds) {  // every connected component
        if (visited[start]) continue;
        visited[start] = 1;
        order.push_back(start);
        std::size_t levelStart = order.size() - 1, levelEnd = order.size();
        while (levelStart < levelEnd) {
            for (std::size_t ii = levelStart; ii < levelEnd; ++ii) {
                const std::int32_t i = order[ii];
                const std::size_t firstNew = order.size();
                for (auto k = adj.rowStart[i]; k < adj.rowStart[i + 1]; ++k) {
                    const std::int32_t j = adj.columns[k];
                    if (!visited[j]) {
                        visited[j] = 1;
                        order.push_back(j);
                    }
                }
                // Stable insertion sort of the new nodes by degree.
                for (std::size_t kk = firstNew + 1; kk < order.size(); ++kk) {
                    const std::int32_t node = order[kk];
                    std::size_t ll = kk;
                    while (ll > firstNew && degree[node] < degree[order[ll - 1]]) {
                        order[ll] = order[ll - 1];
                        --ll;
                    }
                    order[ll] = node;
                }
            }
            levelStart = levelEnd;
            levelEnd = order.size();
        }
        if (order.size() == nodeCount) break;
    }
    std::reverse(order.begin(), order.end());
    return order;
}

std::vector<std::int32_t> invertPermutation(const std::vector<std::int32_t>& permutation) {
    std::vector<std::int32_t> inverse(permutation.size());
    for (std::size_t i = 0; i < permutation.size(); ++i) inverse[permutation[i]] = static_cast<std::int32_t>(i);
    return inverse;
}

}  // namespace meshdiff
