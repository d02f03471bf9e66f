#include "geo/MeshLevels.h"

#include <algorithm>
#include <array>
#include <deque>
#include <optional>

namespace meshdiff {
namespace {

// For each node, the directed edges x→y of its surrounding faces (m, x, y), i.e. its ring.
class Rings {
public:
    explicit Rings(const std::vector<std::int32_t>& faces) {
        const std::int32_t maxNode = faces.empty() ? -1 : *std::max_element(faces.begin(), faces.end());
        ring_.resize(maxNode < 0 ? 0 : static_cast<std::size_t>(maxNode) + 1);
        for (std::size_t f = 0; f + 2 < faces.size(); f += 3)
            for (int k = 0; k < 3; ++k) ring_[faces[f + k]].push_back({faces[f + (k + 1) % 3], faces[f + (k + 2) % 3]});
    }
    std::size_t degree(std::int32_t node) const { return ring_[node].size(); }
    std::size_t nodeSlots() const { return ring_.size(); }
    const std::vector<std::array<std::int32_t, 2>>& ring(std::int32_t node) const { return ring_[node]; }

    // The neighbour of `middle` three steps around its 6-ring from `from`: the far end of the
    // coarse edge whose midpoint is `middle`.
    std::optional<std::int32_t> opposite(std::int32_t from, std::int32_t middle) const {
        if (degree(middle) != 6) return std::nullopt;
        std::int32_t at = from;
        for (int step = 0; step < 3; ++step) {
            const auto& r = ring_[middle];
            auto it = std::find_if(r.begin(), r.end(), [&](const auto& e) { return e[0] == at; });
            if (it == r.end()) return std::nullopt;
            at = (*it)[1];
        }
        return at;
    }

private:
    std::vector<std::vector<std::array<std::int32_t, 2>>> ring_;
};

std::optional<std::vector<std::int32_t>> coarsen(const std::vector<std::int32_t>& faces) {
    const Rings rings(faces);
    std::int32_t seed = -1;
    for (std::size_t n = 0; n < rings.nodeSlots() && seed < 0; ++n)
        if (rings.degree(static_cast<std::int32_t>(n)) == 5) seed = static_cast<std::int32_t>(n);
    if (seed < 0) return std::nullopt;

    std::vector<char> coarse(rings.nodeSlots(), 0);
    std::deque<std::int32_t> queue{seed};
    coarse[seed] = 1;
    while (!queue.empty()) {
        const std::int32_t a = queue.front();
        queue.pop_front();
        for (const auto& edge : rings.ring(a)) {
            const auto b = rings.opposite(a, edge[0]);
            if (!b) return std::nullopt;
            if (!coarse[*b]) {
                coarse[*b] = 1;
                queue.push_back(*b);
            }
        }
    }

    std::vector<std::int32_t> result;
    result.reserve(faces.size() / 4);
    for (std::size_t f = 0; f + 2 < faces.size(); f += 3) {
        for (int k = 0; k < 3; ++k) {
            const std::int32_t a = faces[f + k], m1 = faces[f + (k + 1) % 3], m2 = faces[f + (k + 2) % 3];
            if (!coarse[a] || coarse[m1] || coarse[m2]) continue;
            const auto b = rings.opposite(a, m1), c = rings.opposite(a, m2);
            if (!b || !c || !coarse[*b] || !coarse[*c]) return std::nullopt;
            if (a < *b && a < *c) result.insert(result.end(), {a, *b, *c});
        }
    }
    if (result.size() * 4 != faces.size()) return std::nullopt;
    return result;
}

}  // namespace

int icosahedralLevelOfFaceCount(std::size_t faceCount) {
    std::size_t count = 20;
    for (int level = 0; level < 16; ++level, count *= 4)
        if (count == faceCount) return level;
    return -1;
}

std::vector<std::vector<std::int32_t>> icosahedralLevels(const std::vector<std::int32_t>& finestFaces) {
    std::vector<std::vector<std::int32_t>> levels{finestFaces};
    const int finest = icosahedralLevelOfFaceCount(finestFaces.size() / 3);
    if (finest < 0 || finestFaces.size() % 3 != 0) return levels;
    for (int level = finest; level > 0; --level) {
        auto coarser = coarsen(levels.front());
        if (!coarser) return {finestFaces};
        levels.insert(levels.begin(), std::move(*coarser));
    }
    return levels;
}

}  // namespace meshdiff
