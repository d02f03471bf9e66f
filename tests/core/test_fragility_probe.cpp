#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "TestPaths.h"
#include "builder/GraphBuilder.h"
#include "fragility/DiffRisk.h"
#include "fragility/Fragility.h"
#include "fragility/FragilityProbe.h"
#include "graph/GraphDiff.h"
#include "io/GraphFiles.h"

using namespace meshdiff;

namespace {

// Every at-risk item of the whole analysis, every grid→mesh edge of the graph and every 29th grid
// point: the probe answers each as the report does.
void expectProbeAgreesWithReport(const MeshGraph& g, const FragilityOptions& options, const std::string& what) {
    const FragilityReport report = analyzeFragility(g, options);
    const FragilityProbe probe(viewOf(g), options);
    EXPECT_EQ(probe.radius(), report.radius) << what;
    ASSERT_FALSE(report.grid2meshAtRisk.empty()) << what;
    ASSERT_FALSE(report.mesh2gridAtRisk.empty()) << what;
    for (const auto& r : report.grid2meshAtRisk) EXPECT_TRUE(probe.g2mPairAtRisk(r.grid, r.mesh)) << what;
    for (const auto& r : report.mesh2gridAtRisk) EXPECT_TRUE(probe.m2gPointAtRisk(r.grid)) << what;
    std::size_t edgeDisagreements = 0, pointDisagreements = 0;
    for (std::size_t e = 0; e < g.g2mSenders.size(); ++e)
        edgeDisagreements += probe.g2mPairAtRisk(g.g2mSenders[e], g.g2mReceivers[e]) !=
                             report.g2mPairAtRisk(g.g2mSenders[e], g.g2mReceivers[e]);
    for (std::size_t p = 0; p < g.gridCount(); p += 29) {
        const auto grid = std::int32_t(p);
        pointDisagreements += probe.m2gPointAtRisk(grid) != report.m2gPointAtRisk(grid);
    }
    EXPECT_EQ(edgeDisagreements, 0u) << what;
    EXPECT_EQ(pointDisagreements, 0u) << what;
}

}  // namespace

TEST(FragilityProbe, AnswersAsTheWholeAnalysisOnTheOfficialGraphs) {
    FragilityOptions wide;  // more items at risk, more answers to check
    wide.grid2meshThresholdUlps = 64;
    wide.mesh2gridThresholdUlps = 16;
    for (const std::string name : {"default", "avx2", "sse"}) {
        const MeshGraph g = readGraphNpz(test::officialGraph("wn2_graph_1p0deg_" + name + ".npz").string());
        expectProbeAgreesWithReport(g, {}, name);
        expectProbeAgreesWithReport(g, wide, name + ", wide thresholds");
    }
}

TEST(FragilityProbe, AnswersAsTheWholeAnalysisWithEigenMathAndDescendingLatitudes) {
    GraphBuildOptions o;
    o.resolutionDeg = 0.5;
    o.latOrder = LatOrder::Descending;
    o.math = FloatMath::Eigen;
    const MeshGraph g = buildGraph(o).graph;
    FragilityOptions eigen;
    eigen.math = FloatMath::Eigen;
    expectProbeAgreesWithReport(g, eigen, "0.5° Eigen, descending");
}

TEST(DiffRisk, CountsFromTheDifferingItemsEqualTheWholeAnalysesCounts) {
    const MeshGraph a = readGraphNpz(test::officialGraph("wn2_graph_1p0deg_default.npz").string());
    const MeshGraph b = readGraphNpz(test::officialGraph("wn2_graph_1p0deg_sse.npz").string());
    const GraphDiff d = diffGraphs(a, b);
    ASSERT_GT(d.m2gChanged.size(), 0u);
    FragilityOptions tight;  // some differences unflagged: the counts are not all equal by construction
    tight.grid2meshThresholdUlps = 0.5;
    tight.mesh2gridThresholdUlps = 0.25;
    for (const FragilityOptions& options : {FragilityOptions{}, tight}) {
        const DiffRisk whole = flagDifferences(d, analyzeFragility(a, options), analyzeFragility(b, options));
        EXPECT_EQ(assessDiffRisk(d, a, b, options).toJson(), whole.toJson());
    }
}
