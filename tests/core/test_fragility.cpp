#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "TestPaths.h"
#include "builder/GraphBuilder.h"
#include "common/Error.h"
#include "fragility/Fragility.h"
#include "graph/GraphDiff.h"
#include "io/GraphFiles.h"

using namespace meshdiff;

namespace {

struct Recall {
    std::size_t differing = 0, flagged = 0;
};

// Differing items between a and b that either graph's own analysis flags.
std::pair<Recall, Recall> recall(const MeshGraph& a, const MeshGraph& b) {
    const GraphDiff d = diffGraphs(a, b);
    const FragilityReport ra = analyzeFragility(a), rb = analyzeFragility(b);
    Recall g2m, m2g;
    for (const auto* edges : {&d.g2mOnlyA, &d.g2mOnlyB}) {
        for (const auto& e : *edges) {
            ++g2m.differing;
            g2m.flagged += ra.g2mPairAtRisk(e.grid, e.mesh) || rb.g2mPairAtRisk(e.grid, e.mesh);
        }
    }
    for (const auto& t : d.m2gChanged) {
        ++m2g.differing;
        m2g.flagged += ra.m2gPointAtRisk(t.grid) || rb.m2gPointAtRisk(t.grid);
    }
    return {g2m, m2g};
}

}  // namespace

TEST(Fragility, FlagsEveryDifferenceBetweenTheOfficialHostGraphs) {
    if (!test::haveShared()) GTEST_SKIP() << "../shared is absent";
    const std::vector<std::string> names{"default", "avx2", "sse"};
    std::vector<MeshGraph> graphs;
    for (const auto& n : names) graphs.push_back(readGraphNpz(test::sharedGraph("wn2_graph_1p0deg_" + n + ".npz").string()));
    for (std::size_t i = 0; i < graphs.size(); ++i) {
        for (std::size_t j = i + 1; j < graphs.size(); ++j) {
            const auto [g2m, m2g] = recall(graphs[i], graphs[j]);
            EXPECT_GT(m2g.differing, 0u) << names[i] << " vs " << names[j];
            EXPECT_EQ(m2g.flagged, m2g.differing) << names[i] << " vs " << names[j];
            EXPECT_EQ(g2m.flagged, g2m.differing) << names[i] << " vs " << names[j];
        }
    }
}

TEST(Fragility, FlagsEveryDifferenceBetweenGlibcAndEigenBuildsAtQuarterDegree) {
    GraphBuildOptions o;
    o.resolutionDeg = 0.25;
    const MeshGraph a = buildGraph(o).graph;
    o.math = FloatMath::Eigen;
    const MeshGraph b = buildGraph(o).graph;
    const auto [g2m, m2g] = recall(a, b);
    EXPECT_GT(g2m.differing, 0u);
    EXPECT_GT(m2g.differing, 0u);
    EXPECT_EQ(g2m.flagged, g2m.differing);
    EXPECT_EQ(m2g.flagged, m2g.differing);
    // The at-risk set stays a small part of the graph.
    const FragilityReport r = analyzeFragility(a);
    EXPECT_LT(r.grid2meshAtRisk.size(), a.g2mSenders.size() / 1000);
    EXPECT_LT(r.mesh2gridAtRisk.size(), a.gridCount() / 100);
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

TEST(Fragility, RejectsNegativeThresholds) {
    GraphBuildOptions o;
    o.resolutionDeg = 6.0;
    const MeshGraph g = buildGraph(o).graph;
    FragilityOptions bad;
    bad.grid2meshThresholdUlps = -1;
    EXPECT_THROW(analyzeFragility(g, bad), Error);
}
