#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <set>

#include "TestPaths.h"
#include "builder/GraphBuilder.h"
#include "common/Error.h"
#include "fragility/DiffRisk.h"
#include "fragility/Fragility.h"
#include "graph/GraphDiff.h"
#include "io/GraphFiles.h"

using namespace meshdiff;

namespace {

DiffRisk recall(const MeshGraph& a, const MeshGraph& b) { return assessDiffRisk(diffGraphs(a, b), a, b); }

}  // namespace

// The official host graphs differ only in mesh→grid triangles at 1° (tests/data/graphs/README.md).
TEST(Fragility, FlagsEveryDifferenceBetweenTheOfficialHostGraphs) {
    const std::vector<std::string> names{"default", "avx2", "sse"};
    std::vector<MeshGraph> graphs;
    graphs.reserve(names.size());
    for (const auto& n : names)
        graphs.push_back(readGraphNpz(test::officialGraph("wn2_graph_1p0deg_" + n + ".npz").string()));
    for (std::size_t i = 0; i < graphs.size(); ++i) {
        for (std::size_t j = i + 1; j < graphs.size(); ++j) {
            const DiffRisk r = recall(graphs[i], graphs[j]);
            EXPECT_GT(r.mesh2gridDiffering, 0u) << names[i] << " vs " << names[j];
            EXPECT_EQ(r.mesh2gridFlagged, r.mesh2gridDiffering) << names[i] << " vs " << names[j];
            EXPECT_EQ(r.grid2meshDiffering, 0u) << names[i] << " vs " << names[j];
        }
    }
}

// The official default graph against itself with seven mesh nodes moved by 1–19 float32 steps and
// its grid→mesh edges built again by the official steps (NumPy/SciPy): 5 edges only in A, 2 only
// in B, listed in the sidecar (tests/data/graphs-moved-nodes/README.md).
TEST(Fragility, FlagsEveryGridToMeshEdgeThatMovedMeshNodesChange) {
    const MeshGraph a = readGraphNpz(test::officialGraph("wn2_graph_1p0deg_default.npz").string());
    const auto moved = test::dataDir() / "graphs-moved-nodes" / "wn2_graph_1p0deg_default_moved_nodes";
    const MeshGraph b = readGraphNpz(moved.string() + ".npz");
    const GraphDiff diff = diffGraphs(a, b);
    std::ifstream sidecarFile(moved.string() + ".json");
    const auto sidecar = nlohmann::json::parse(sidecarFile);
    const auto edges = [](const std::vector<GridMeshEdge>& list) {
        std::set<std::vector<std::int32_t>> out;
        for (const auto& e : list) out.insert({e.grid, e.mesh});
        return out;
    };
    EXPECT_EQ(edges(diff.g2mOnlyA), sidecar["grid2mesh_only_in_official"].get<std::set<std::vector<std::int32_t>>>());
    EXPECT_EQ(edges(diff.g2mOnlyB), sidecar["grid2mesh_only_in_moved"].get<std::set<std::vector<std::int32_t>>>());
    ASSERT_EQ(diff.g2mOnlyA.size() + diff.g2mOnlyB.size(), 7u);

    const DiffRisk r = recall(a, b);
    EXPECT_EQ(r.grid2meshDiffering, 7u);
    EXPECT_EQ(r.grid2meshFlagged, 7u);
    EXPECT_EQ(r.mesh2gridDiffering, 0u);

    // What is flagged overall: the pairs at risk in A's or B's analysis, of which the 7 differ. NumPy
    // finds 12 pairs within the 8-step threshold of the radius in A or B (the sidecar's
    // grid2mesh_pairs_within_8_steps_of_the_radius): at least half of what is flagged differs, and
    // the flagged pairs are far below 0.1 % of the graph.
    std::set<std::pair<std::int32_t, std::int32_t>> flagged;
    for (const MeshGraph* g : {&a, &b})
        for (const auto& item : analyzeFragility(*g).grid2meshAtRisk) flagged.insert({item.grid, item.mesh});
    for (const auto& e : diff.g2mOnlyA) EXPECT_EQ(flagged.count({e.grid, e.mesh}), 1u);
    for (const auto& e : diff.g2mOnlyB) EXPECT_EQ(flagged.count({e.grid, e.mesh}), 1u);
    EXPECT_LE(flagged.size(), 2 * r.grid2meshDiffering);
    EXPECT_LT(flagged.size(), a.g2mSenders.size() / 1000);
}

TEST(Fragility, FlagsEveryDifferenceBetweenGlibcAndEigenBuildsAtQuarterDegree) {
    GraphBuildOptions o;
    o.resolutionDeg = 0.25;
    const MeshGraph a = buildGraph(o).graph;
    o.math = FloatMath::Eigen;
    const MeshGraph b = buildGraph(o).graph;
    const DiffRisk risk = recall(a, b);
    EXPECT_GT(risk.grid2meshDiffering, 0u);
    EXPECT_GT(risk.mesh2gridDiffering, 0u);
    EXPECT_EQ(risk.grid2meshFlagged, risk.grid2meshDiffering);
    EXPECT_EQ(risk.mesh2gridFlagged, risk.mesh2gridDiffering);
    const auto j = risk.toJson();
    EXPECT_EQ(j["grid2mesh_flagged"].get<std::size_t>(), risk.grid2meshFlagged);
    EXPECT_EQ(j["mesh2grid_differing"].get<std::size_t>(), risk.mesh2gridDiffering);
    // The at-risk set stays a small part of the graph.
    const FragilityReport r = analyzeFragility(a);
    EXPECT_LT(r.grid2meshAtRisk.size(), a.g2mSenders.size() / 1000);
    EXPECT_LT(r.mesh2gridAtRisk.size(), a.gridCount() / 100);
}

TEST(Fragility, FlagsEveryDifferenceBetweenNumPy1AndNumPy2BuildsAtQuarterDegree) {
    GraphBuildOptions o;
    o.resolutionDeg = 0.25;
    const MeshGraph numpy1 = buildGraph(o).graph;
    o.numpyMajor = 2;  // the float32 radius and the OpenBLAS sums of NumPy 2's wheels
    const MeshGraph numpy2 = buildGraph(o).graph;
    const DiffRisk risk = recall(numpy1, numpy2);
    EXPECT_GT(risk.grid2meshDiffering, 0u);
    EXPECT_EQ(risk.grid2meshFlagged, risk.grid2meshDiffering);
    EXPECT_EQ(risk.mesh2gridFlagged, risk.mesh2gridDiffering);
}

// Two radii one float32 rounding apart rarely hold a pair between them (none at 1° or 0.25° with
// the official fraction 0.6), so the fraction is chosen to put a real pair there; the builder then
// tells which edges NumPy 1 and NumPy 2 disagree on.
TEST(Fragility, TheNumPyRadiiSeparateExactlyTheEdgesTheRadiusProductChanges) {
    GraphBuildOptions o;
    o.blas = BlasSum::Reference;  // the same mesh nodes under both NumPy majors
    const BuiltGraph base = buildGraph(o);
    FragilityOptions wide;
    wide.grid2meshThresholdUlps = 64;
    const FragilityReport near = analyzeFragility(base.graph, wide);
    ASSERT_FALSE(near.grid2meshAtRisk.empty());
    const auto closest =
        std::min_element(near.grid2meshAtRisk.begin(), near.grid2meshAtRisk.end(),
                         [](auto& x, auto& y) { return std::abs(x.marginUlps) < std::abs(y.marginUlps); });
    const double d = closest->distance;
    double fraction = 0;
    for (int k = -4000; k <= 4000 && fraction == 0; ++k) {
        const double f = d / base.longestEdge * (1 + k * 1e-10);
        if (numpyRadii(f, base.longestEdge).separate(d * d)) fraction = f;
    }
    ASSERT_NE(fraction, 0);

    o.radiusFraction = fraction;
    const BuiltGraph built1 = buildGraph(o);
    o.numpyMajor = 2;
    const BuiltGraph built2 = buildGraph(o);
    ASSERT_EQ(built1.graph.meshLat, built2.graph.meshLat);
    const GraphDiff diff = diffGraphs(built1.graph, built2.graph);
    std::set<std::pair<int, int>> changed;
    for (const auto& e : diff.g2mOnlyA) changed.insert({e.grid, e.mesh});
    for (const auto& e : diff.g2mOnlyB) changed.insert({e.grid, e.mesh});
    ASSERT_FALSE(changed.empty());

    FragilityOptions options;
    options.radiusFraction = fraction;
    const FragilityReport r = analyzeFragility(built1.graph, options);
    EXPECT_EQ(r.radii.numpy1, built1.radius);
    EXPECT_EQ(r.radii.numpy2, built2.radius);
    std::set<std::pair<int, int>> between;
    for (const auto& p : r.grid2meshAtRisk)
        if (p.numpyVersion) between.insert({p.grid, p.mesh});
    EXPECT_EQ(between, changed);
    EXPECT_EQ(r.grid2meshNumpyVersion, changed.size());
    EXPECT_EQ(r.toJson(false)["numpy_1_vs_2"]["grid2mesh_pairs"].get<std::size_t>(), changed.size());
    EXPECT_TRUE(r.toJson(false)["edge_order"]["at_risk"].get<bool>());
}

TEST(Fragility, AtRiskPairsIncludeNonEdgesJustOutsideTheRadius) {
    GraphBuildOptions o;
    const MeshGraph g = buildGraph(o).graph;
    FragilityOptions wide;
    wide.grid2meshThresholdUlps = 64;
    const FragilityReport r = analyzeFragility(g, wide);
    std::set<std::pair<std::int32_t, std::int32_t>> edges;
    for (std::size_t e = 0; e < g.g2mSenders.size(); ++e) edges.insert({g.g2mSenders[e], g.g2mReceivers[e]});
    std::size_t nonEdges = 0;
    for (const auto& item : r.grid2meshAtRisk) {
        EXPECT_TRUE(r.g2mPairAtRisk(item.grid, item.mesh));
        EXPECT_EQ(item.isEdge, edges.count({item.grid, item.mesh}) == 1);
        EXPECT_EQ(item.isEdge, item.marginUlps <= 0);
        EXPECT_LE(std::abs(item.marginUlps), 64.0);
        nonEdges += !item.isEdge;
    }
    EXPECT_GT(nonEdges, 0u);
    EXPECT_EQ(r.grid2meshContradicted, 0u);
    EXPECT_EQ(r.mesh2gridContradicted, 0u);
    // The south-pole grid point and the northernmost mesh node are far apart.
    const auto north = std::max_element(g.meshLat.begin(), g.meshLat.end()) - g.meshLat.begin();
    ASSERT_EQ(g.gridLat.front(), -90.0f);
    EXPECT_FALSE(r.g2mPairAtRisk(0, std::int32_t(north)));
    // Most edges lie well inside the radius.
    std::size_t wellInside = 0;
    for (std::size_t e = 0; e < g.g2mSenders.size() && wellInside < 50; ++e) {
        if (!r.g2mPairAtRisk(g.g2mSenders[e], g.g2mReceivers[e])) ++wellInside;
    }
    EXPECT_EQ(wellInside, 50u);
    // Tighter thresholds flag a subset.
    const FragilityReport tight = analyzeFragility(g);
    EXPECT_LT(tight.grid2meshAtRisk.size(), r.grid2meshAtRisk.size());
    for (const auto& item : tight.grid2meshAtRisk) EXPECT_TRUE(r.g2mPairAtRisk(item.grid, item.mesh));
}

TEST(Fragility, ExactTiesAreMeshToGridRisksAndJsonCountsMatch) {
    GraphBuildOptions o;
    const MeshGraph g = buildGraph(o).graph;
    const FragilityReport r = analyzeFragility(g);
    EXPECT_GT(r.mesh2gridExactTies, 0u);
    std::size_t ties = 0;
    for (const auto& item : r.mesh2gridAtRisk) {
        EXPECT_TRUE(r.m2gPointAtRisk(item.grid));
        EXPECT_LE(item.gapUlps, r.options.mesh2gridThresholdUlps);
        ties += item.exactTie;
    }
    EXPECT_EQ(ties, r.mesh2gridExactTies);
    const auto j = r.toJson(true);
    EXPECT_EQ(j["grid2mesh"]["pairs_at_risk"].get<std::size_t>(), r.grid2meshAtRisk.size());
    EXPECT_EQ(j["mesh2grid"]["points_at_risk"].get<std::size_t>(), r.mesh2gridAtRisk.size());
    EXPECT_DOUBLE_EQ(j["grid2mesh"]["threshold"].get<double>(), r.options.grid2meshThresholdUlps * kCoordinateUlp);
    EXPECT_EQ(j["items"].size(), r.grid2meshAtRisk.size() + r.mesh2gridAtRisk.size());
    EXPECT_FALSE(r.toJson(false).contains("items"));
}

TEST(DiffRisk, IdenticalGraphsHaveNothingToFlagAndZeroThresholdsMissDifferences) {
    GraphBuildOptions o;
    o.resolutionDeg = 0.5;
    const MeshGraph a = buildGraph(o).graph;
    EXPECT_EQ(assessDiffRisk(diffGraphs(a, a), a, a).toJson(), (nlohmann::json{{"grid2mesh_differing", 0},
                                                                               {"grid2mesh_flagged", 0},
                                                                               {"mesh2grid_differing", 0},
                                                                               {"mesh2grid_flagged", 0}}));
    o.math = FloatMath::Eigen;
    const MeshGraph b = buildGraph(o).graph;
    const GraphDiff d = diffGraphs(a, b);
    ASSERT_GT(d.m2gChanged.size(), 0u);
    FragilityOptions none;
    none.grid2meshThresholdUlps = 0;
    none.mesh2gridThresholdUlps = 0;
    const DiffRisk strict = assessDiffRisk(d, a, b, none);
    const DiffRisk normal = assessDiffRisk(d, a, b);
    EXPECT_EQ(normal.mesh2gridFlagged, normal.mesh2gridDiffering);
    EXPECT_LE(strict.mesh2gridFlagged, normal.mesh2gridFlagged);
}

TEST(Fragility, RejectsNegativeThresholds) {
    GraphBuildOptions o;
    o.resolutionDeg = 6.0;
    const MeshGraph g = buildGraph(o).graph;
    FragilityOptions bad;
    bad.grid2meshThresholdUlps = -1;
    EXPECT_THROW(analyzeFragility(g, bad), Error);
}

TEST(Fragility, RefusesDamagedMeshesInsteadOfSearchingForHours) {
    GraphBuildOptions o;
    o.resolutionDeg = 0.5;
    MeshGraph g = buildGraph(o).graph;
    // Faces joining far-apart nodes make the radius huge: every grid point near thousands of nodes.
    for (std::size_t f = 0; f < g.faceCount(); f += 2)
        g.meshFaces[3 * f + 1] = std::int32_t((f * 7919) % g.meshCount());
    EXPECT_THROW(analyzeFragility(g), Error);
}
