#include "graph/MeshGraph.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "common/Error.h"

namespace meshdiff {
namespace {

void requireFinite(const std::vector<float>& values, const char* name, const std::string& file) {
    for (std::size_t i = 0; i < values.size(); ++i) {
        if (!std::isfinite(values[i])) {
            throw Error(file, std::string(name) + "[" + std::to_string(i) + "] is not finite");
        }
    }
}

void requireIndexRange(const std::vector<std::int32_t>& indices, std::size_t limit, const char* name,
                       const char* target, const std::string& file) {
    // A branch-free min/max pass (vectorised); the offending index is looked up only on failure.
    std::int32_t lowest = 0, highest = 0;
    if (!indices.empty()) lowest = highest = indices.front();
    for (std::int32_t v : indices) {
        lowest = v < lowest ? v : lowest;
        highest = v > highest ? v : highest;
    }
    if (lowest >= 0 && static_cast<std::size_t>(highest) < limit) return;
    for (std::size_t i = 0; i < indices.size(); ++i) {
        if (indices[i] < 0 || static_cast<std::size_t>(indices[i]) >= limit) {
            throw Error(file, std::string(name) + "[" + std::to_string(i) + "] = " + std::to_string(indices[i]) +
                                  " is outside the " + std::to_string(limit) + " " + target);
        }
    }
}

}  // namespace

bool m2gGroupedByGridPoint(const MeshGraph& g) {
    const std::size_t points = g.m2gReceivers.size() / 3;
    if (g.m2gReceivers.size() != 3 * points) return false;
    const std::int32_t* receivers = g.m2gReceivers.data();
    bool grouped = true;
    // Blocks of 4096 points: branch-free (vectorised) inside, an early exit between them.
    for (std::size_t begin = 0; begin < points && grouped; begin += 4096) {
        const std::size_t end = std::min(points, begin + 4096);
        for (std::size_t p = begin; p < end; ++p) {
            const auto point = static_cast<std::int32_t>(p);
            grouped &= (receivers[3 * p] == point) & (receivers[3 * p + 1] == point) & (receivers[3 * p + 2] == point);
        }
    }
    return grouped;
}

void validateGraph(const MeshGraph& g, const std::string& file) {
    if (g.gridLat.empty() || g.gridLon.empty()) throw Error(file, "the grid has no latitudes or longitudes");
    if (g.meshLat.size() != g.meshLon.size()) {
        throw Error(file, "mesh_lat has " + std::to_string(g.meshLat.size()) + " values but mesh_lon has " +
                              std::to_string(g.meshLon.size()));
    }
    if (g.meshLat.empty()) throw Error(file, "the mesh has no nodes");
    if (g.meshFaces.size() % 3 != 0) throw Error(file, "mesh_faces is not a list of triangles (length not a multiple of 3)");
    if (g.g2mSenders.size() != g.g2mReceivers.size()) {
        throw Error(file, "g2m_senders has " + std::to_string(g.g2mSenders.size()) + " edges but g2m_receivers has " +
                              std::to_string(g.g2mReceivers.size()));
    }
    if (g.m2gSenders.size() != g.m2gReceivers.size()) {
        throw Error(file, "m2g_senders has " + std::to_string(g.m2gSenders.size()) + " edges but m2g_receivers has " +
                              std::to_string(g.m2gReceivers.size()));
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
    const bool grouped = g.m2gReceivers.size() == 3 * grid && m2gGroupedByGridPoint(g);
    if (!grouped) requireIndexRange(g.m2gReceivers, grid, "m2g_receivers", "grid points", file);
    if (g.m2gReceivers.size() != 3 * grid) {
        throw Error(file, "mesh→grid has " + std::to_string(g.m2gReceivers.size()) + " edges; expected 3 per grid point (" +
                              std::to_string(3 * grid) + ")");
    }
    if (grouped) return;
    std::vector<std::uint8_t> perPoint(grid, 0);
    for (std::int32_t r : g.m2gReceivers) {
        if (++perPoint[static_cast<std::size_t>(r)] > 3) {
            throw Error(file, "grid point " + std::to_string(r) + " has more than 3 mesh→grid edges");
        }
    }
}

}  // namespace meshdiff
