#include "builder/NearbyMeshNodes.h"

#include "builder/CapRaster.h"
#include "common/Error.h"

#include <tbb/parallel_for.h>
#include <nanoflann.hpp>

#include <algorithm>
#include <cmath>

namespace meshdiff {
namespace {

struct NodeCloud {
    const std::vector<Vec3>& nodes;
    std::size_t kdtree_get_point_count() const { return nodes.size(); }
    double kdtree_get_pt(std::size_t i, std::size_t dim) const { return nodes[i][dim]; }
    template <class Box>
    bool kdtree_get_bbox(Box&) const {
        return false;
    }
};

using NodeTree =
    nanoflann::KDTreeSingleIndexAdaptor<nanoflann::L2_Simple_Adaptor<double, NodeCloud>, NodeCloud, 3, std::uint32_t>;

// Collects candidates from a slightly larger tree radius, then applies SciPy's exact test.
struct ExactBallResults {
    const std::vector<Vec3>& nodes;
    const Vec3& point;
    double radiusSq;
    double treeRadiusSq;
    std::vector<std::pair<std::int32_t, double>>& found;

    std::size_t size() const { return found.size(); }
    bool full() const { return true; }
    double worstDist() const { return treeRadiusSq; }
    bool addPoint(double, std::uint32_t index) {
        const double d = squaredDistance(point, nodes[index]);
        if (d <= radiusSq) found.emplace_back(std::int32_t(index), d);
        return true;
    }
};

}  // namespace

NearbyMeshNodes findMeshNodesWithinRadius(const std::vector<Vec3>& points, const std::vector<Vec3>& meshNodes,
                                          double radius) {
    NodeCloud cloud{meshNodes};
    NodeTree tree(3, cloud, nanoflann::KDTreeSingleIndexAdaptorParams(16));
    tree.buildIndex();
    const double radiusSq = radius * radius;
    const double treeRadiusSq = radiusSq * (1 + 1e-9) + 1e-30;

    constexpr std::size_t kChunk = 4096;
    const std::size_t chunks = (points.size() + kChunk - 1) / kChunk;
    std::vector<std::vector<std::pair<std::int32_t, double>>> chunkPairs(chunks);
    std::vector<std::vector<std::int32_t>> chunkCounts(chunks);
    tbb::parallel_for(std::size_t(0), chunks, [&](std::size_t c) {
        const std::size_t begin = c * kChunk, end = std::min(points.size(), begin + kChunk);
        auto& pairs = chunkPairs[c];
        auto& counts = chunkCounts[c];
        counts.reserve(end - begin);
        std::vector<std::pair<std::int32_t, double>> found;
        for (std::size_t p = begin; p < end; ++p) {
            found.clear();
            ExactBallResults results{meshNodes, points[p], radiusSq, treeRadiusSq, found};
            tree.findNeighbors(results, points[p].data(), nanoflann::SearchParams(32, 0, false));
            std::sort(found.begin(), found.end());
            pairs.insert(pairs.end(), found.begin(), found.end());
            counts.push_back(std::int32_t(found.size()));
        }
    });

    NearbyMeshNodes out;
    out.start.reserve(points.size() + 1);
    out.start.push_back(0);
    std::size_t total = 0;
    for (const auto& pairs : chunkPairs) total += pairs.size();
    out.node.reserve(total);
    out.distanceSq.reserve(total);
    for (std::size_t c = 0; c < chunks; ++c) {
        for (auto n : chunkCounts[c]) out.start.push_back(out.start.back() + n);
        for (const auto& [node, d] : chunkPairs[c]) {
            out.node.push_back(node);
            out.distanceSq.push_back(d);
        }
    }
    return out;
}

NearbyMeshNodes findMeshNodesWithinRadiusOnGrid(const std::vector<float>& gridLat, const std::vector<float>& gridLon,
                                                const std::vector<Vec3>& gridPoints, const std::vector<Vec3>& meshNodes,
                                                double radius) {
    const std::size_t nLon = gridLon.size();
    if (gridPoints.size() != gridLat.size() * nLon) throw Error("", "grid points do not match the grid axes");
    // A unit vector within chord `radius` of a node of norm ≈ 1 is within this angle of it.
    constexpr double kAngleMargin = 1e-4;
    const double angle = 2 * std::asin(std::min(1.0, radius / 2)) + kAngleMargin;
    std::vector<SphericalCap> caps(meshNodes.size());
    for (std::size_t m = 0; m < meshNodes.size(); ++m) caps[m] = {meshNodes[m], angle};
    const CapRaster raster(gridLat, gridLon, caps);
    requireReasonableSearch(raster, "the grid->mesh radius search", 100'000'000);  // pairs are kept: bound memory
    const double radiusSq = radius * radius;

    struct Pair {
        std::int64_t grid;
        std::int32_t node;
        double distanceSq;
    };
    std::vector<std::vector<Pair>> rowPairs(raster.rowCount());
    tbb::parallel_for(std::size_t(0), raster.rowCount(), [&](std::size_t r) {
        const std::size_t rowBase = raster.latIndexOfRow(r) * nLon;
        auto& pairs = rowPairs[r];
        for (std::int32_t m : raster.capsOfRow(r)) {
            const Vec3& node = meshNodes[std::size_t(m)];
            raster.forEachLonIndex(m, [&](std::size_t j) {
                const double d = squaredDistance(gridPoints[rowBase + j], node);
                if (d <= radiusSq) pairs.push_back({std::int64_t(rowBase + j), m, d});
            });
        }
        std::sort(pairs.begin(), pairs.end(),
                  [](const Pair& a, const Pair& b) { return a.grid != b.grid ? a.grid < b.grid : a.node < b.node; });
    });

    NearbyMeshNodes out;
    std::vector<std::int32_t> count(gridPoints.size(), 0);
    std::size_t total = 0;
    for (const auto& pairs : rowPairs) {
        total += pairs.size();
        for (const Pair& p : pairs) ++count[std::size_t(p.grid)];
    }
    out.start.resize(gridPoints.size() + 1);
    out.start[0] = 0;
    for (std::size_t g = 0; g < gridPoints.size(); ++g) out.start[g + 1] = out.start[g] + count[g];
    out.node.resize(total);
    out.distanceSq.resize(total);
    for (const auto& pairs : rowPairs) {
        if (pairs.empty()) continue;
        auto k = out.start[std::size_t(pairs.front().grid)];
        for (const Pair& p : pairs) {
            out.node[std::size_t(k)] = p.node;
            out.distanceSq[std::size_t(k)] = p.distanceSq;
            ++k;
        }
    }
    return out;
}

}  // namespace meshdiff
