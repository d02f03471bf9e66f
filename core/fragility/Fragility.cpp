#include "fragility/Fragility.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <span>

#include "builder/ClosestFaces.h"
#include "builder/NearbyMeshNodes.h"
#include "builder/SphereCoordinates.h"
#include "common/Error.h"

namespace meshdiff {
namespace {

// Edges of a bipartite edge list grouped by one endpoint (CSR).
struct GroupedEdges {
    std::vector<std::int64_t> start;
    std::vector<std::int32_t> other;

    GroupedEdges(std::span<const std::int32_t> key, std::span<const std::int32_t> value, std::size_t keys)
        : start(keys + 1, 0), other(key.size()) {
        for (auto k : key) ++start[std::size_t(k) + 1];
        for (std::size_t i = 0; i < keys; ++i) start[i + 1] += start[i];
        std::vector<std::int64_t> next(start.begin(), start.end() - 1);
        for (std::size_t e = 0; e < key.size(); ++e) other[std::size_t(next[std::size_t(key[e])]++)] = value[e];
    }
    bool contains(std::int32_t k, std::int32_t v) const {
        for (auto i = start[std::size_t(k)]; i < start[std::size_t(k) + 1]; ++i)
            if (other[std::size_t(i)] == v) return true;
        return false;
    }
};

std::array<std::int32_t, 3> sortedNodes(const std::vector<std::int32_t>& faces, std::int32_t face) {
    std::array<std::int32_t, 3> n{faces[3 * std::size_t(face)], faces[3 * std::size_t(face) + 1],
                                  faces[3 * std::size_t(face) + 2]};
    std::sort(n.begin(), n.end());
    return n;
}

}  // namespace

FragilityReport analyzeFragility(const MeshGraph& graph, const FragilityOptions& options) {
    validateGraph(graph, "");
    if (!(options.grid2meshThresholdUlps >= 0) || !(options.mesh2gridThresholdUlps >= 0))
        throw Error("", "fragility thresholds must be non-negative");
    FragilityReport report;
    report.options = options;
    report.grid2meshEdges = graph.g2mSenders.size();
    report.gridPoints = graph.gridCount();

    const std::vector<Vec3> mesh = latLonToCartesian(options.math, graph.meshLat, graph.meshLon);
    const std::vector<Vec3> grid = gridCartesian(options.math, GridAxes{graph.gridLat, graph.gridLon});
    std::vector<std::array<std::int32_t, 3>> faces(graph.faceCount());
    for (std::size_t f = 0; f < faces.size(); ++f)
        faces[f] = {graph.meshFaces[3 * f], graph.meshFaces[3 * f + 1], graph.meshFaces[3 * f + 2]};
    report.longestEdge = longestEdge(mesh, faces, Precision::Float32);
    report.radius = options.radiusFraction * report.longestEdge;
    report.radii = numpyRadii(options.radiusFraction, report.longestEdge);

    // grid → mesh: every pair whose distance is within the threshold of the radius.
    const double tau = options.grid2meshThresholdUlps * kCoordinateUlp;
    const GroupedEdges g2m(graph.g2mSenders, graph.g2mReceivers, graph.gridCount());
    const double reach = std::max({report.radius, report.radii.numpy1, report.radii.numpy2}) + tau;
    const NearbyMeshNodes near = findMeshNodesWithinRadiusOnGrid(graph.gridLat, graph.gridLon, grid, mesh, reach);
    for (std::size_t g = 0; g + 1 < near.start.size(); ++g) {
        for (auto k = near.start[g]; k < near.start[g + 1]; ++k) {
            const std::int32_t m = near.node[std::size_t(k)];
            const double d = std::sqrt(near.distanceSq[std::size_t(k)]);
            const bool isEdge = g2m.contains(std::int32_t(g), m);
            const bool numpyVersion = report.radii.separate(near.distanceSq[std::size_t(k)]);
            report.grid2meshNumpyVersion += numpyVersion;
            if (std::abs(d - report.radius) <= tau || numpyVersion)
                report.grid2meshAtRisk.push_back(
                    {std::int32_t(g), m, isEdge, d, (d - report.radius) / kCoordinateUlp, numpyVersion});
            else if (!isEdge && d < report.radius) ++report.grid2meshContradicted;
        }
    }
    for (std::size_t e = 0; e < graph.g2mSenders.size(); ++e) {
        const double d = std::sqrt(
            squaredDistance(grid[std::size_t(graph.g2mSenders[e])], mesh[std::size_t(graph.g2mReceivers[e])]));
        if (d > report.radius + tau) ++report.grid2meshContradicted;
    }

    // mesh → grid: the gap between the closest and the second-closest face.
    const double tauFace = options.mesh2gridThresholdUlps * kCoordinateUlp;
    const ClosestFaces closest = findClosestFaces(graph.gridLat, graph.gridLon, grid, mesh, faces);
    const GroupedEdges m2g(graph.m2gReceivers, graph.m2gSenders, graph.gridCount());
    for (std::size_t g = 0; g < grid.size(); ++g) {
        std::array<std::int32_t, 3> own{};
        std::copy_n(m2g.other.begin() + m2g.start[g], 3, own.begin());
        std::sort(own.begin(), own.end());
        const bool agrees = own == sortedNodes(graph.meshFaces, closest.face[g]);
        const bool hasRunnerUp = closest.runnerUp[g] >= 0;
        const double gap = hasRunnerUp ? std::sqrt(closest.runnerUpDistanceSq[g]) - std::sqrt(closest.distanceSq[g])
                                       : closest.searchBound;
        if (hasRunnerUp && gap <= tauFace) {
            const bool tie = closest.runnerUpDistanceSq[g] == closest.distanceSq[g];
            report.mesh2gridExactTies += tie;
            report.mesh2gridAtRisk.push_back(
                {std::int32_t(g), closest.face[g], closest.runnerUp[g], gap / kCoordinateUlp, tie, agrees});
        } else if (!agrees) {
            ++report.mesh2gridContradicted;
        }
    }
    return report;
}

const char* const kEdgeOrderRisk =
    "each receiver's edges come in np.argsort's order of ties, the model's summation order: it differs between "
    "hosts whenever one runs NumPy >= 1.25 (AVX-512 argsort) or >= 2.0 (AVX2 argsort), or their CPU paths differ";

bool FragilityReport::g2mPairAtRisk(std::int32_t grid, std::int32_t mesh) const {
    const auto it = std::lower_bound(grid2meshAtRisk.begin(), grid2meshAtRisk.end(), std::pair{grid, mesh},
                                     [](const Grid2MeshRisk& r, const std::pair<std::int32_t, std::int32_t>& key) {
                                         return r.grid != key.first ? r.grid < key.first : r.mesh < key.second;
                                     });
    return it != grid2meshAtRisk.end() && it->grid == grid && it->mesh == mesh;
}

bool FragilityReport::m2gPointAtRisk(std::int32_t grid) const {
    const auto it = std::lower_bound(mesh2gridAtRisk.begin(), mesh2gridAtRisk.end(), grid,
                                     [](const Mesh2GridRisk& r, std::int32_t g) { return r.grid < g; });
    return it != mesh2gridAtRisk.end() && it->grid == grid;
}

nlohmann::json FragilityReport::toJson(bool withItems) const {
    std::size_t edgesAtRisk = 0;
    for (const auto& r : grid2meshAtRisk) edgesAtRisk += r.isEdge;
    std::size_t disagreeing = 0;
    for (const auto& r : mesh2gridAtRisk) disagreeing += !r.graphAgrees;
    nlohmann::json j = {
        {"unit", {{"name", "float32 step of a unit-sphere coordinate in [0.5, 1)"}, {"distance", kCoordinateUlp}}},
        {"float_math", toString(options.math)},
        {"grid2mesh",
         {{"pairs_at_risk", grid2meshAtRisk.size()},
          {"edges_at_risk", edgesAtRisk},
          {"non_edges_at_risk", grid2meshAtRisk.size() - edgesAtRisk},
          {"threshold", options.grid2meshThresholdUlps * kCoordinateUlp},
          {"threshold_ulps", options.grid2meshThresholdUlps},
          {"edges", grid2meshEdges},
          {"radius", radius},
          {"radius_fraction", options.radiusFraction},
          {"longest_mesh_edge", longestEdge},
          {"contradicted", grid2meshContradicted}}},
        {"numpy_1_vs_2",
         {{"radius_numpy1", radii.numpy1},
          {"radius_numpy2", radii.numpy2},
          {"grid2mesh_pairs", grid2meshNumpyVersion},
          {"what",
           "grid->mesh pairs whose distance lies between NumPy 1's float64 radius product and NumPy 2's "
           "float32 one (NEP 50): an edge under one and not the other"}}},
        {"edge_order", {{"at_risk", true}, {"why", kEdgeOrderRisk}}},
        {"mesh2grid",
         {{"points_at_risk", mesh2gridAtRisk.size()},
          {"exact_ties", mesh2gridExactTies},
          {"graph_uses_runner_up", disagreeing},
          {"threshold", options.mesh2gridThresholdUlps * kCoordinateUlp},
          {"threshold_ulps", options.mesh2gridThresholdUlps},
          {"grid_points", gridPoints},
          {"contradicted", mesh2gridContradicted}}},
    };
    if (withItems) {
        nlohmann::json items = nlohmann::json::array();
        for (const auto& r : grid2meshAtRisk)
            items.push_back({{"kind", "grid2mesh"},
                             {"grid", r.grid},
                             {"mesh", r.mesh},
                             {"is_edge", r.isEdge},
                             {"distance", r.distance},
                             {"margin_ulps", r.marginUlps},
                             {"numpy_version", r.numpyVersion}});
        for (const auto& r : mesh2gridAtRisk)
            items.push_back({{"kind", "mesh2grid"},
                             {"grid", r.grid},
                             {"face", r.face},
                             {"runner_up_face", r.runnerUpFace},
                             {"gap_ulps", r.gapUlps},
                             {"exact_tie", r.exactTie},
                             {"graph_agrees", r.graphAgrees}});
        j["items"] = std::move(items);
    }
    return j;
}

}  // namespace meshdiff
