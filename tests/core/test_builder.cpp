#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <set>

#include "TestPaths.h"
#include "builder/ClosestFaces.h"
#include "builder/GraphBuilder.h"
#include "builder/IcosahedralMesh.h"
#include "builder/NearbyMeshNodes.h"
#include "builder/NumpyArgsort.h"
#include "builder/PointTriangleDistance.h"
#include "builder/ReverseCuthillMcKee.h"
#include "builder/SphereCoordinates.h"
#include "common/Error.h"
#include "graph/GraphDiff.h"
#include "io/GraphFiles.h"
#include "io/NpzArchive.h"

using namespace meshdiff;

namespace {

std::vector<std::int64_t> readInts(const NpzArchive& npz, const std::string& key) { return npz.read(key).toInt64(); }

const BuiltGraph& builtOneDegree(FloatMath math) {
    static const BuiltGraph glibc = [] {
        GraphBuildOptions o;
        o.math = FloatMath::Glibc;
        return buildGraph(o);
    }();
    static const BuiltGraph eigen = [] {
        GraphBuildOptions o;
        o.math = FloatMath::Eigen;
        return buildGraph(o);
    }();
    return math == FloatMath::Glibc ? glibc : eigen;
}

}  // namespace

TEST(NumpyArgsort, MatchesNumpyIncludingTheOrderOfEqualValues) {
    const NpzArchive npz(test::fixture("builder_reference.npz").string());
    const auto values = readInts(npz, "argsort_values"), offsets = readInts(npz, "argsort_offsets"),
               expected = readInts(npz, "argsort_result");
    ASSERT_GT(offsets.size(), 10u);
    for (std::size_t k = 0; k + 1 < offsets.size(); ++k) {
        std::vector<std::int32_t> v(values.begin() + offsets[k], values.begin() + offsets[k + 1]);
        const auto got = numpyArgsort(v);
        const std::vector<std::int32_t> want(expected.begin() + offsets[k], expected.begin() + offsets[k + 1]);
        EXPECT_EQ(got, want) << "array " << k << " of length " << v.size();
    }
}

TEST(ReverseCuthillMcKee, MatchesScipyOnRandomSymmetricGraphs) {
    const NpzArchive npz(test::fixture("builder_reference.npz").string());
    const auto faces = readInts(npz, "rcm_faces"), faceOffsets = readInts(npz, "rcm_face_offsets"),
               nodeCounts = readInts(npz, "rcm_node_counts"), expected = readInts(npz, "rcm_result"),
               resultOffsets = readInts(npz, "rcm_result_offsets");
    ASSERT_EQ(nodeCounts.size() + 1, faceOffsets.size());
    for (std::size_t k = 0; k < nodeCounts.size(); ++k) {
        std::vector<std::array<std::int32_t, 3>> f;
        for (auto i = faceOffsets[k]; i < faceOffsets[k + 1]; ++i)
            f.push_back({std::int32_t(faces[3 * i]), std::int32_t(faces[3 * i + 1]), std::int32_t(faces[3 * i + 2])});
        const auto got = reverseCuthillMcKee(f, std::size_t(nodeCounts[k]));
        const std::vector<std::int32_t> want(expected.begin() + resultOffsets[k],
                                             expected.begin() + resultOffsets[k + 1]);
        EXPECT_EQ(got, want) << "graph " << k;
    }
}

TEST(IcosahedralMesh, CountsUnitNormAndCounterClockwiseFaces) {
    for (int splits = 0; splits <= 4; ++splits) {
        const auto mesh = buildIcosahedralMesh<float>(splits);
        const std::size_t faces = 20u << (2 * splits);
        EXPECT_EQ(mesh.faces.size(), faces);
        EXPECT_EQ(mesh.vertices.size(), faces / 2 + 2);
        for (const auto& v : mesh.vertices)
            EXPECT_NEAR(std::sqrt(double(v[0]) * v[0] + double(v[1]) * v[1] + double(v[2]) * v[2]), 1.0, 3e-7);
        for (const auto& f : mesh.faces) {
            const auto &a = mesh.vertices[f[0]], &b = mesh.vertices[f[1]], &c = mesh.vertices[f[2]];
            const double det = a[0] * (b[1] * c[2] - b[2] * c[1]) - a[1] * (b[0] * c[2] - b[2] * c[0]) +
                               a[2] * (b[0] * c[1] - b[1] * c[0]);
            EXPECT_GT(det, 0);
        }
    }
    // The pole-parallel rotation keeps every vertex off the poles; the top face is level.
    const auto base = buildIcosahedralMesh<double>(0);
    double highest = 0;
    for (const auto& v : base.vertices) highest = std::max(highest, v[2]);
    EXPECT_LT(highest, 0.8);
    int level = 0;
    for (const auto& v : base.vertices) level += std::abs(v[2] - highest) < 1e-12;
    EXPECT_EQ(level, 3);
}

TEST(GraphBuilder, Float32GlibcBuildEqualsTheOfficialSseFixtureBitForBit) {
    const MeshGraph official = readGraphNpz(test::officialGraph("wn2_graph_1p0deg_sse.npz").string());
    const MeshGraph& built = builtOneDegree(FloatMath::Glibc).graph;
    EXPECT_EQ(built.meshLat, official.meshLat);
    EXPECT_EQ(built.meshLon, official.meshLon);
    EXPECT_EQ(built.meshFaces, official.meshFaces);
    EXPECT_EQ(built.gridLat, official.gridLat);
    EXPECT_EQ(built.gridLon, official.gridLon);
    // The same edge sets; their order is the canonical one (test_builder_numpy2.cpp: the official order).
    const GraphDiff d = diffGraphs(official, built);
    EXPECT_TRUE(d.g2mOnlyA.empty() && d.g2mOnlyB.empty() && d.m2gChanged.empty() && d.movedNodes.empty())
        << d.g2mOnlyA.size() << " / " << d.g2mOnlyB.size() << " edges, " << d.m2gChanged.size() << " triangles";
    EXPECT_EQ(built.g2mSenders.size(), 102792u);
}

TEST(GraphBuilder, GlibcAndEigenMathGiveDifferentButNearGraphs) {
    const MeshGraph& a = builtOneDegree(FloatMath::Glibc).graph;
    const MeshGraph& b = builtOneDegree(FloatMath::Eigen).graph;
    const GraphDiff d = diffGraphs(a, b);
    EXPECT_FALSE(d.identical());
    EXPECT_GT(d.movedNodes.size(), 0u);
    EXPECT_LE(d.maxMovedUlp, 4u);
    EXPECT_EQ(a.meshFaces, b.meshFaces);  // the topology and node order do not depend on the math
    EXPECT_LT(d.m2gChanged.size(), 100u);
}

TEST(GraphBuilder, EdgesFollowTheirDefinitions) {
    const BuiltGraph& built = builtOneDegree(FloatMath::Glibc);
    const MeshGraph& g = built.graph;
    validateGraph(g, "built");
    EXPECT_NEAR(built.radius, 0.6 * built.longestEdge, 1e-15);
    EXPECT_TRUE(std::is_sorted(g.g2mReceivers.begin(), g.g2mReceivers.end()));
    const auto mesh = latLonToCartesian(FloatMath::Glibc, g.meshLat, g.meshLon);
    const auto grid = gridCartesian(FloatMath::Glibc, GridAxes{g.gridLat, g.gridLon});
    for (std::size_t e = 0; e < g.g2mSenders.size(); e += 37)
        EXPECT_LE(squaredDistance(grid[g.g2mSenders[e]], mesh[g.g2mReceivers[e]]), built.radius * built.radius);
    // Brute force over every face for a sample of grid points.
    std::vector<std::array<std::int32_t, 3>> faces(g.faceCount());
    for (std::size_t f = 0; f < faces.size(); ++f)
        faces[f] = {g.meshFaces[3 * f], g.meshFaces[3 * f + 1], g.meshFaces[3 * f + 2]};
    for (std::size_t p = 0; p < grid.size(); p += 509) {
        double best = 1e300;
        std::size_t bestFace = 0;
        for (std::size_t f = 0; f < faces.size(); ++f) {
            const double d = pointTriangleDistanceSq(grid[p], mesh[faces[f][0]], mesh[faces[f][1]], mesh[faces[f][2]]);
            if (d < best) {
                best = d;
                bestFace = f;
            }
        }
        for (int k = 0; k < 3; ++k) EXPECT_EQ(g.m2gSenders[3 * p + k], faces[bestFace][k]) << "grid point " << p;
    }
}

TEST(NearbyMeshNodes, GridSearchEqualsTheKdTree) {
    const MeshGraph& g = builtOneDegree(FloatMath::Glibc).graph;
    const auto mesh = latLonToCartesian(FloatMath::Glibc, g.meshLat, g.meshLon);
    const auto grid = gridCartesian(FloatMath::Glibc, GridAxes{g.gridLat, g.gridLon});
    const double radius = 0.02;
    const auto tree = findMeshNodesWithinRadius(grid, mesh, radius);
    const auto raster = findMeshNodesWithinRadiusOnGrid(g.gridLat, g.gridLon, grid, mesh, radius);
    EXPECT_EQ(tree.start, raster.start);
    EXPECT_EQ(tree.node, raster.node);
    EXPECT_EQ(tree.distanceSq, raster.distanceSq);
    EXPECT_GT(tree.node.size(), 200000u);
}

TEST(GraphBuilder, DescendingLatitudesGiveTheSameGraphWithRowsFlipped) {
    GraphBuildOptions o;
    o.resolutionDeg = 2.0;
    const MeshGraph up = buildGraph(o).graph;
    o.latOrder = LatOrder::Descending;
    const MeshGraph down = buildGraph(o).graph;
    const std::size_t nLat = up.gridLat.size(), nLon = up.gridLon.size();
    ASSERT_EQ(down.gridLat.front(), 90.0f);
    EXPECT_EQ(down.meshLat, up.meshLat);
    auto flip = [&](std::int32_t g) { return std::int32_t((nLat - 1 - g / nLon) * nLon + g % nLon); };
    std::set<std::pair<std::int32_t, std::int32_t>> a, b;
    for (std::size_t e = 0; e < up.g2mSenders.size(); ++e) a.insert({flip(up.g2mSenders[e]), up.g2mReceivers[e]});
    for (std::size_t e = 0; e < down.g2mSenders.size(); ++e) b.insert({down.g2mSenders[e], down.g2mReceivers[e]});
    EXPECT_EQ(a, b);
}

TEST(GraphBuilder, Float64PrecisionBuildsANearbyGraph) {
    GraphBuildOptions o;
    o.resolutionDeg = 2.0;
    const MeshGraph f32 = buildGraph(o).graph;
    o.precision = Precision::Float64;
    const MeshGraph f64 = buildGraph(o).graph;
    ASSERT_EQ(f64.meshLat.size(), f32.meshLat.size());
    double worst = 0;
    for (std::size_t i = 0; i < f32.meshLat.size(); ++i)
        worst = std::max(worst, double(std::abs(f32.meshLat[i] - f64.meshLat[i])));
    EXPECT_LT(worst, 1e-4);
    EXPECT_NE(f32.meshLat, f64.meshLat);
    EXPECT_EQ(f32.meshFaces, f64.meshFaces);
}

TEST(GraphBuilder, RejectsResolutionsThatDoNotDivide180) {
    GraphBuildOptions o;
    o.resolutionDeg = 0.7;
    EXPECT_THROW(buildGraph(o), Error);
    o.resolutionDeg = -1;
    EXPECT_THROW(buildGraph(o), Error);
    o.resolutionDeg = 0.01;  // 180/n with n above 1800: refused before allocating
    EXPECT_THROW(buildGraph(o), Error);
    EXPECT_THROW(parseFloatMath("fast"), Error);
    EXPECT_EQ(makeGridAxes(0.25, LatOrder::Ascending).lon.size(), 1440u);
}

// 0.1°: 6.5 M grid points, 10 M grid→mesh and 19.5 M mesh→grid edges (a few seconds, ~0.8 GB).
TEST(GraphBuilder, TenthOfADegreeGridGivesEveryGridPointItsEdgesWithIndicesInRange) {
    GraphBuildOptions o;
    o.resolutionDeg = 0.1;
    const BuiltGraph built = buildGraph(o);
    const MeshGraph& g = built.graph;
    ASSERT_EQ(g.gridLat.size(), 1801u);
    ASSERT_EQ(g.gridLon.size(), 3600u);
    const std::size_t gridCount = g.gridCount(), meshCount = g.meshCount();
    ASSERT_EQ(gridCount, 6483600u);
    ASSERT_EQ(meshCount, 40962u);
    ASSERT_EQ(g.m2gSenders.size(), 3 * gridCount);
    ASSERT_EQ(g.g2mSenders.size(), g.g2mReceivers.size());
    EXPECT_GT(g.g2mSenders.size(), gridCount);
    // Every grid point lies within the radius (0.6 × the longest edge) of a node of its face, so it
    // sends at least one grid→mesh edge; receivers come in ascending order (counting sort by node).
    std::vector<char> sends(gridCount, 0);
    std::int32_t previousReceiver = 0;
    for (std::size_t e = 0; e < g.g2mSenders.size(); ++e) {
        const std::int32_t grid = g.g2mSenders[e], mesh = g.g2mReceivers[e];
        ASSERT_TRUE(grid >= 0 && std::size_t(grid) < gridCount) << e;
        ASSERT_TRUE(mesh >= previousReceiver && std::size_t(mesh) < meshCount) << e;
        sends[std::size_t(grid)] = 1;
        previousReceiver = mesh;
    }
    EXPECT_EQ(std::count(sends.begin(), sends.end(), 0), 0);
    for (std::size_t e = 0; e < g.m2gSenders.size(); ++e) {
        ASSERT_TRUE(g.m2gSenders[e] >= 0 && std::size_t(g.m2gSenders[e]) < meshCount) << e;
        ASSERT_EQ(g.m2gReceivers[e], std::int32_t(e / 3)) << e;
    }
    EXPECT_EQ(g.gridLat.front(), -90.0f);
    EXPECT_EQ(g.gridLat.back(), 90.0f);
    EXPECT_FLOAT_EQ(g.gridLon.back(), 359.9f);
}
