#include "graph/MeshGraph.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <utility>
#include <vector>

#include "common/Error.h"
#include "common/TargetClones.h"
#include "graph/GraphView.h"

namespace meshdiff {
namespace {

void requireFinite(std::span<const float> values, const char* name, const std::string& file) {
    for (std::size_t i = 0; i < values.size(); ++i) {
        if (!std::isfinite(values[i])) {
            throw Error(file, std::string(name) + "[" + std::to_string(i) + "] is not finite");
        }
    }
}

// A branch-free min/max pass (vectorised, with an AVX2 clone). It must not throw: exceptions do
// not unwind through target_clones functions in sanitizer builds.
MESHDIFF_AVX2_CLONES std::pair<std::int32_t, std::int32_t> indexBounds(std::span<const std::int32_t> indices) {
    std::int32_t lowest = 0, highest = 0;
    if (!indices.empty()) lowest = highest = indices.front();
    for (std::int32_t v : indices) {
        lowest = v < lowest ? v : lowest;
        highest = v > highest ? v : highest;
    }
    return {lowest, highest};
}

// The offending index is looked up only on failure.
void requireIndexRange(std::span<const std::int32_t> indices, std::size_t limit, const char* name, const char* target,
                       const std::string& file) {
    const auto [lowest, highest] = indexBounds(indices);
    if (lowest >= 0 && static_cast<std::size_t>(highest) < limit) return;
    for (std::size_t i = 0; i < indices.size(); ++i) {
        if (indices[i] < 0 || static_cast<std::size_t>(indices[i]) >= limit) {
            throw Error(file, std::string(name) + "[" + std::to_string(i) + "] = " + std::to_string(indices[i]) +
                                  " is outside the " + std::to_string(limit) + " " + target);
        }
    }
}

}  // namespace

// Receivers of 4 grid points at a time against the pattern p p p p+1 p+1 p+1 ... (vectorised).
MESHDIFF_AVX2_CLONES bool m2gGroupedByGridPoint(const GraphView& g) {
    if (g.m2gReceiversByPoint) return g.m2gSenders.size() % 3 == 0;
    const std::size_t points = g.m2gReceivers.size() / 3;
    if (g.m2gReceivers.size() != 3 * points) return false;
    const std::int32_t* receivers = g.m2gReceivers.data();
    constexpr std::size_t kLanes = 12;
    std::int32_t expected[kLanes] = {0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3};
    const std::size_t full = 3 * points / kLanes * kLanes;
    bool grouped = true;
    // Blocks: branch-free inside, an early exit between them.
    for (std::size_t begin = 0; begin < full && grouped; begin += 1024 * kLanes) {
        const std::size_t end = std::min(full, begin + 1024 * kLanes);
        std::int32_t mismatch = 0;
        for (std::size_t e = begin; e < end; e += kLanes) {
            for (std::size_t k = 0; k < kLanes; ++k) mismatch |= receivers[e + k] ^ expected[k];
            for (std::size_t k = 0; k < kLanes; ++k) expected[k] += 4;
        }
        grouped = mismatch == 0;
    }
    for (std::size_t e = full; e < 3 * points && grouped; ++e)
        grouped = receivers[e] == static_cast<std::int32_t>(e / 3);
    return grouped;
}

void validateGraph(const GraphView& g, const std::string& file) {
    if (g.gridLat.empty() || g.gridLon.empty()) throw Error(file, "the grid has no latitudes or longitudes");
    if (g.meshLat.size() != g.meshLon.size()) {
        throw Error(file, "mesh_lat has " + std::to_string(g.meshLat.size()) + " values but mesh_lon has " +
                              std::to_string(g.meshLon.size()));
    }
    if (g.meshLat.empty()) throw Error(file, "the mesh has no nodes");
    if (g.meshFaces.size() % 3 != 0)
        throw Error(file, "mesh_faces is not a list of triangles (length not a multiple of 3)");
    if (g.meshFaces.empty()) throw Error(file, "mesh_faces is empty: the mesh has no triangles");
    if (g.g2mSenders.empty() && g.g2mReceivers.empty()) throw Error(file, "the graph has no grid→mesh edges");
    if (g.g2mSenders.size() != g.g2mReceivers.size()) {
        throw Error(file, "g2m_senders has " + std::to_string(g.g2mSenders.size()) + " edges but g2m_receivers has " +
                              std::to_string(g.g2mReceivers.size()));
    }
    if (g.m2gSenders.size() != g.m2gReceiverCount()) {
        throw Error(file, "m2g_senders has " + std::to_string(g.m2gSenders.size()) + " edges but m2g_receivers has " +
                              std::to_string(g.m2gReceiverCount()));
    }
    requireFinite(g.gridLat, "grid_lat", file);
    requireFinite(g.gridLon, "grid_lon", file);
    requireFinite(g.meshLat, "mesh_lat", file);
    requireFinite(g.meshLon, "mesh_lon", file);

    const std::size_t grid = g.gridCount();
    const std::size_t mesh = g.meshCount();
    requireIndexRange(g.meshFaces, mesh, "mesh_faces", "mesh nodes", file);
    requireIndexRange(g.g2mSenders, grid, "g2m_senders", "grid points", file);
    requireIndexRange(g.g2mReceivers, mesh, "g2m_receivers", "mesh nodes", file);
    requireIndexRange(g.m2gSenders, mesh, "m2g_senders", "mesh nodes", file);
    // Grouped receivers are in range and three per point: the two checks below are then done.
    const bool grouped = g.m2gReceiverCount() == 3 * grid && m2gGroupedByGridPoint(g);
    if (!grouped) requireIndexRange(g.m2gReceivers, grid, "m2g_receivers", "grid points", file);
    if (g.m2gReceiverCount() != 3 * grid) {
        throw Error(file, "mesh→grid has " + std::to_string(g.m2gReceiverCount()) +
                              " edges; expected 3 per grid point (" + std::to_string(3 * grid) + ")");
    }
    if (grouped) return;
    std::vector<std::uint8_t> perPoint(grid, 0);
    for (std::int32_t r : g.m2gReceivers) {
        if (++perPoint[static_cast<std::size_t>(r)] > 3) {
            throw Error(file, "grid point " + std::to_string(r) + " has more than 3 mesh→grid edges");
        }
    }
}

bool m2gGroupedByGridPoint(const MeshGraph& graph) { return m2gGroupedByGridPoint(viewOf(graph)); }
void validateGraph(const MeshGraph& graph, const std::string& file) { validateGraph(viewOf(graph), file); }

}  // namespace meshdiff
