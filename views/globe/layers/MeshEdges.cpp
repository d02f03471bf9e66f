#include "globe/layers/MeshEdges.h"

#include <algorithm>

namespace meshdiff::views {

std::vector<std::pair<std::int32_t, std::int32_t>> uniqueEdges(const std::vector<std::int32_t>& faces) {
    std::vector<std::pair<std::int32_t, std::int32_t>> edges;
    edges.reserve(faces.size());
    for (std::size_t f = 0; f + 2 < faces.size(); f += 3)
        for (int k = 0; k < 3; ++k) {
            const std::int32_t a = faces[f + k], b = faces[f + (k + 1) % 3];
            edges.emplace_back(std::min(a, b), std::max(a, b));
        }
    std::sort(edges.begin(), edges.end());
    edges.erase(std::unique(edges.begin(), edges.end()), edges.end());
    return edges;
}

}  // namespace meshdiff::views
