#pragma once
#include <cstdint>
#include <vector>

#include "graph/MeshGraph.h"

namespace meshdiff {

// Order-independent form of a graph's edges, the basis of both the diff and the hash.
struct CanonicalEdges {
    std::vector<std::uint64_t> g2m;         // (mesh << 32 | grid), ascending
    std::vector<std::int32_t> m2gTriangles; // 3 mesh nodes per grid point, each triple ascending
};

inline std::uint64_t g2mKey(std::int32_t grid, std::int32_t mesh) {
    return (static_cast<std::uint64_t>(static_cast<std::uint32_t>(mesh)) << 32) | static_cast<std::uint32_t>(grid);
}
inline std::int32_t g2mKeyGrid(std::uint64_t key) { return static_cast<std::int32_t>(key & 0xffffffffu); }
inline std::int32_t g2mKeyMesh(std::uint64_t key) { return static_cast<std::int32_t>(key >> 32); }

// Requires a validated graph (indices in range, 3 mesh→grid edges per grid point).
CanonicalEdges canonicalEdges(const MeshGraph& graph);

}  // namespace meshdiff
