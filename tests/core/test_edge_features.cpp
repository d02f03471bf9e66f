// GraphCast's edge features recomputed from each graph's node coordinates (core/features), and
// their drift between two graphs on the edges both hold.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <numeric>
#include <random>
#include <set>
#include <utility>

#include "builder/GraphBuilder.h"
#include "compare/Comparison.h"
#include "core/TestPaths.h"
#include "features/DriftTally.h"
#include "features/EdgeFeatureDrift.h"
#include "io/GraphFiles.h"
#include "io/Npy.h"

using namespace meshdiff;
namespace fs = std::filesystem;

namespace {

MeshGraph smallGraph() {
    GraphBuildOptions options;
    options.resolutionDeg = 10;
    options.meshSplits = 2;
    return buildGraph(options).graph;
}

MeshGraph officialGraph(const std::string& name) { return readGraph(test::officialGraph(name).string()); }

using EdgeKey = std::pair<std::int32_t, std::int32_t>;  // sender, receiver

// Every edge's drift from the features of each whole edge set, the plain way: no shortcuts.
std::map<EdgeKey, double> bruteForceDrift(const MeshGraph& a, const MeshGraph& b, EdgeSetKind kind) {
    const auto fa = edgeFeatures(viewOf(a), kind), fb = edgeFeatures(viewOf(b), kind);
    const bool g2m = kind == EdgeSetKind::GridToMesh;
    auto byEdge = [&](const MeshGraph& g, const std::vector<EdgeFeature>& f) {
        std::map<EdgeKey, EdgeFeature> m;
        const auto& s = g2m ? g.g2mSenders : g.m2gSenders;
        const auto& r = g2m ? g.g2mReceivers : g.m2gReceivers;
        for (std::size_t e = 0; e < s.size(); ++e) m[{s[e], r[e]}] = f[e];
        return m;
    };
    const auto ma = byEdge(a, fa), mb = byEdge(b, fb);
    std::map<EdgeKey, double> drift;
    for (const auto& [edge, features] : ma) {
        const auto other = mb.find(edge);
        if (other != mb.end() && features != other->second) drift[edge] = edgeDriftUlps(features, other->second);
    }
    return drift;
}

std::map<EdgeKey, double> reported(const EdgeSetDrift& s) {
    std::map<EdgeKey, double> m;
    for (const EdgeDrift& e : s.edges) m[{e.sender, e.receiver}] = e.ulps;
    return m;
}

// Reads an [E, 4] float32 .npy written by the reference script.
std::vector<EdgeFeature> readFeatures(const std::string& path) {
    const NdArray a = readNpyFile(path);
    EXPECT_EQ(a.shape.size(), 2u);
    EXPECT_EQ(a.shape.at(1), 4u);
    const std::vector<float> values = a.toFloat32();
    std::vector<EdgeFeature> out(values.size() / 4);
    for (std::size_t e = 0; e < out.size(); ++e)
        for (std::size_t k = 0; k < 4; ++k) out[e][k] = values[4 * e + k];
    return out;
}

bool sameBits(const EdgeFeature& x, const EdgeFeature& y) {
    for (std::size_t k = 0; k < x.size(); ++k)
        if (std::bit_cast<std::uint32_t>(x[k]) != std::bit_cast<std::uint32_t>(y[k])) return false;
    return true;
}

void expectSameBits(const std::vector<EdgeFeature>& ours, const std::vector<EdgeFeature>& numpy, const char* set) {
    ASSERT_EQ(ours.size(), numpy.size()) << set;
    std::size_t differing = 0;
    for (std::size_t e = 0; e < ours.size(); ++e) {
        if (!sameBits(ours[e], numpy[e]) && differing++ < 5)
            ADD_FAILURE() << set << " edge " << e << ": meshdiff " << ours[e][0] << " " << ours[e][1] << " "
                          << ours[e][2] << " " << ours[e][3] << ", NumPy " << numpy[e][0] << " " << numpy[e][1] << " "
                          << numpy[e][2] << " " << numpy[e][3];
    }
    EXPECT_EQ(differing, 0u) << set << ": of " << ours.size() << " edges";
}

// The float32 features against tests/core/edge_features_reference.py (NumPy + SciPy, the
// documented formula), bit for bit. NumPy's SIMD sin/cos are turned off so that NumPy uses libm's
// sinf/cosf, as FloatMath::Glibc does.
void expectFeaturesAsNumpyComputesThem(const MeshGraph& graph, const std::string& name) {
    const fs::path dir = fs::temp_directory_path() / ("meshdiff_edge_features_" + name);
    fs::remove_all(dir);
    fs::create_directories(dir);
    const std::string npz = (dir / "graph.npz").string(), prefix = (dir / "numpy").string();
    writeGraphNpz(graph, npz);
    const std::string command =
        "NPY_DISABLE_CPU_FEATURES='AVX512_ICL AVX512_CNL AVX512_CLX AVX512_SKX AVX512CD AVX512F AVX2 FMA3 F16C AVX' "
        "/usr/bin/python3 " MESHDIFF_SOURCE_DIR "/tests/core/edge_features_reference.py '" +
        npz + "' '" + prefix + "' 2>" + (dir / "stderr.txt").string();
    ASSERT_EQ(std::system(command.c_str()), 0) << command;
    const MeshGraph reread = readGraph(npz);
    expectSameBits(edgeFeatures(viewOf(reread), EdgeSetKind::GridToMesh), readFeatures(prefix + "_g2m.npy"), "g2m");
    expectSameBits(edgeFeatures(viewOf(reread), EdgeSetKind::MeshToGrid), readFeatures(prefix + "_m2g.npy"), "m2g");
    fs::remove_all(dir);
}

// A copy of `graph` with mesh node `node`'s latitude one float32 step higher.
MeshGraph withNodeMovedOneUlp(const MeshGraph& graph, std::size_t node) {
    MeshGraph moved = graph;
    moved.meshLat[node] = std::nextafter(moved.meshLat[node], 90.0f);
    return moved;
}

}  // namespace

TEST(EdgeFeatures, SmallGraphFeaturesAreTheBitsNumpyAndScipyCompute) {
    expectFeaturesAsNumpyComputesThem(smallGraph(), "small");
}

TEST(EdgeFeatures, OfficialOneDegreeGraphFeaturesAreTheBitsNumpyAndScipyCompute) {
    expectFeaturesAsNumpyComputesThem(officialGraph("wn2_graph_1p0deg_default.npz"), "official");
}

TEST(EdgeFeatures, AreNormalisedByTheLongestEdgeOfTheirSet) {
    const MeshGraph g = smallGraph();
    for (EdgeSetKind kind : {EdgeSetKind::GridToMesh, EdgeSetKind::MeshToGrid}) {
        float longest = 0;
        for (const EdgeFeature& f : edgeFeatures(viewOf(g), kind)) {
            longest = std::max(longest, f[0]);
            EXPECT_LE(std::abs(f[1]), f[0] * 1.0001f);  // a component is at most the length
        }
        EXPECT_EQ(longest, 1.0f) << edgeSetName(kind);
    }
}

TEST(EdgeFeatureDrift, IdenticalGraphsShareEveryEdgeAndNothingDrifts) {
    const MeshGraph g = smallGraph();
    const EdgeFeatureDrift d = edgeFeatureDrift(g, g);
    EXPECT_EQ(d.g2m.shared, g.g2mSenders.size());
    EXPECT_EQ(d.m2g.shared, g.m2gSenders.size());
    EXPECT_EQ(d.drifting(), 0u);
    EXPECT_EQ(d.g2m.maxUlps, 0);
    EXPECT_EQ(d.m2g.medianUlps, 0);
    EXPECT_TRUE(d.g2m.edges.empty());
    EXPECT_TRUE(d.m2g.top.empty());
    EXPECT_FALSE(d.g2m.normalizationsDiffer());
}

TEST(EdgeFeatureDrift, OneMeshNodeMovedOneUlpDriftsExactlyItsOwnEdgesByWhatTheirFeaturesSay) {
    const MeshGraph a = smallGraph();
    // The first node whose move leaves both longest edges as they are (a node on one would rescale
    // every edge of its set) and changes its float32 position.
    for (std::size_t node = 0; node < a.meshCount(); ++node) {
        const MeshGraph b = withNodeMovedOneUlp(a, node);
        const EdgeFeatureDrift d = edgeFeatureDrift(a, b, {});
        if (d.g2m.normalizationsDiffer() || d.m2g.normalizationsDiffer() || d.drifting() == 0) continue;
        const auto m = static_cast<std::int32_t>(node);

        std::size_t touching = 0;
        for (std::int32_t r : a.g2mReceivers) touching += r == m;
        for (std::int32_t s : a.m2gSenders) touching += s == m;
        EXPECT_EQ(d.drifting(), touching) << "node " << node;  // every edge of the node, and only those
        for (const EdgeDrift& e : d.g2m.edges) EXPECT_EQ(e.receiver, m);
        for (const EdgeDrift& e : d.m2g.edges) EXPECT_EQ(e.sender, m);

        EXPECT_EQ(reported(d.g2m), bruteForceDrift(a, b, EdgeSetKind::GridToMesh));
        EXPECT_EQ(reported(d.m2g), bruteForceDrift(a, b, EdgeSetKind::MeshToGrid));
        EXPECT_EQ(d.g2m.shared, a.g2mSenders.size());
        EXPECT_EQ(d.m2g.shared, a.m2gSenders.size());

        // The summary numbers are those of the list; the top entries are the largest, in order.
        double most = 0;
        for (const EdgeDrift& e : d.m2g.edges) most = std::max(most, e.ulps);
        EXPECT_EQ(d.m2g.maxUlps, most);
        ASSERT_FALSE(d.m2g.top.empty());
        EXPECT_EQ(d.m2g.top.front().edge.ulps, most);
        for (std::size_t k = 1; k < d.m2g.top.size(); ++k)
            EXPECT_GE(d.m2g.top[k - 1].edge.ulps, d.m2g.top[k].edge.ulps);
        EXPECT_EQ(d.m2g.top.front().senderLatB, b.meshLat[node]);
        EXPECT_NE(d.m2g.top.front().senderLatA, d.m2g.top.front().senderLatB);
        return;
    }
    FAIL() << "no mesh node moved without changing a longest edge";
}

TEST(EdgeFeatureDrift, EdgeDriftIsCountedInFloat32StepsOfTheEdgeLength) {
    const EdgeFeature a{0.5f, 0.25f, 1e-6f, 0.1f};
    EdgeFeature b = a;
    b[0] = std::nextafter(0.5f, 1.0f);  // one step of the length
    EXPECT_EQ(edgeDriftUlps(a, b), 1.0);
    b = a;
    b[2] = -1e-6f;  // a sign change near zero: 2e-6 in steps of 2^-24 (the spacing at 0.5)
    EXPECT_DOUBLE_EQ(edgeDriftUlps(a, b), double(2e-6f) / 0x1p-24);
    EXPECT_EQ(edgeDriftUlps(a, a), 0.0);
}

TEST(EdgeFeatureDrift, OfficialHostPairsDriftWhereMeshNodesMovedAndNowhereElse) {
    const MeshGraph def = officialGraph("wn2_graph_1p0deg_default.npz");
    const MeshGraph avx2 = officialGraph("wn2_graph_1p0deg_avx2.npz");
    const MeshGraph sse = officialGraph("wn2_graph_1p0deg_sse.npz");

    // AVX2 and SSE hosts wrote the same mesh coordinates (tests/data/graphs/README.md).
    const EdgeFeatureDrift same = edgeFeatureDrift(avx2, sse);
    EXPECT_EQ(same.drifting(), 0u);
    EXPECT_GT(same.m2g.shared, 0u);

    const EdgeFeatureDrift d = edgeFeatureDrift(def, avx2);
    const GraphDiff diff = diffGraphs(def, avx2);
    std::set<std::int32_t> moved;
    for (const MovedNode& n : diff.movedNodes) moved.insert(n.mesh);
    EXPECT_FALSE(d.m2g.normalizationsDiffer());
    ASSERT_GT(d.m2g.drifting, 0u);
    for (const EdgeDrift& e : d.m2g.edges) EXPECT_TRUE(moved.count(e.sender)) << e.sender;
    // A moved node lies on the longest grid→mesh edge: every grid→mesh edge is rescaled.
    EXPECT_TRUE(d.g2m.normalizationsDiffer());
    EXPECT_GT(d.g2m.drifting, d.g2m.shared * 99 / 100);
}

TEST(EdgeFeatureDrift, CompareJsonCarriesItUnderGraphEdgeFeatures) {
    const Comparison c = compareRuns(test::officialGraph("wn2_graph_1p0deg_default.npz").string(),
                                     test::officialGraph("wn2_graph_1p0deg_avx2.npz").string());
    ASSERT_TRUE(c.edgeFeatures);
    const nlohmann::json j = comparisonToJson(c).at("graph").at("edge_features");
    for (const char* set : {"g2m", "m2g"}) {
        const EdgeSetDrift& s = std::string(set) == "g2m" ? c.edgeFeatures->g2m : c.edgeFeatures->m2g;
        EXPECT_EQ(j.at(set).at("shared"), s.shared);
        EXPECT_EQ(j.at(set).at("drifting"), s.drifting);
        EXPECT_EQ(j.at(set).at("max_ulps"), s.maxUlps);
        EXPECT_EQ(j.at(set).at("median_ulps"), s.medianUlps);
        ASSERT_EQ(j.at(set).at("top").size(), s.top.size());
        EXPECT_EQ(j.at(set).at("top").at(0).at("ulps"), s.top.front().edge.ulps);
        EXPECT_EQ(j.at(set).at("top").at(0).at("features_a").size(), 4u);
    }
}

namespace {

void expectSameSummary(const EdgeSetDrift& listed, const EdgeSetDrift& tallied) {
    EXPECT_EQ(tallied.shared, listed.shared);
    EXPECT_EQ(tallied.drifting, listed.drifting);
    EXPECT_EQ(tallied.maxUlps, listed.maxUlps);
    EXPECT_EQ(tallied.medianUlps, listed.medianUlps);
    EXPECT_EQ(tallied.maxAbsDifference, listed.maxAbsDifference);
    EXPECT_TRUE(tallied.edges.empty());
    ASSERT_EQ(tallied.top.size(), listed.top.size());
    for (std::size_t k = 0; k < listed.top.size(); ++k) {
        EXPECT_EQ(tallied.top[k].edge.sender, listed.top[k].edge.sender) << k;
        EXPECT_EQ(tallied.top[k].edge.receiver, listed.top[k].edge.receiver) << k;
        EXPECT_EQ(tallied.top[k].edge.ulps, listed.top[k].edge.ulps) << k;
        EXPECT_EQ(tallied.top[k].featuresB, listed.top[k].featuresB) << k;
    }
}

}  // namespace

// `compare` keeps no list of drifting edges; what it prints must be what the list says.
TEST(EdgeFeatureDrift, TalliesWithoutTheListSayWhatTheListSays) {
    const MeshGraph def = officialGraph("wn2_graph_1p0deg_default.npz");
    const MeshGraph avx2 = officialGraph("wn2_graph_1p0deg_avx2.npz");
    for (const std::size_t top : {std::size_t(0), std::size_t(1), std::size_t(20), std::size_t(5000)}) {
        EdgeFeatureDriftOptions listed, tallied;
        listed.topCount = tallied.topCount = top;
        tallied.listEdges = false;
        const EdgeFeatureDrift l = edgeFeatureDrift(def, avx2, listed), t = edgeFeatureDrift(def, avx2, tallied);
        ASSERT_GT(l.g2m.drifting, 1000u);  // every grid→mesh edge rescaled: many equal ULPs, ties in the top
        ASSERT_GT(l.m2g.drifting, 0u);
        expectSameSummary(l.g2m, t.g2m);
        expectSameSummary(l.m2g, t.m2g);
    }
}

TEST(DriftTally, MedianAndTopOfManyDistinctValuesAndTiesAcrossChunks) {
    std::vector<EdgeDrift> edges;
    std::mt19937 rng(5);
    for (std::int32_t e = 0; e < 20000; ++e) {
        // Chunks 0–1: three values; chunk 2: thousands of distinct values.
        const double ulps = e < 10000 ? double(1 + e % 3) : double(rng() % 100000) / 7.0;
        edges.push_back({e, -e, ulps});
    }
    edges.push_back({-1, -1, std::nan("")});  // ignored by max, counted
    std::vector<double> room(edges.size() + 1);
    std::vector<DriftTally> chunks{DriftTally(7, &room[0]), DriftTally(7, &room[5000]), DriftTally(7, &room[10000])};
    for (std::size_t i = 0; i < edges.size(); ++i) chunks[i < 5000 ? 0 : i < 10000 ? 1 : 2].add(edges[i]);
    const DriftTally::Summary s = DriftTally::merge(chunks, 7);

    std::vector<double> sorted;
    for (const EdgeDrift& e : edges) sorted.push_back(e.ulps);
    std::sort(sorted.begin(), sorted.end(),
              [](double x, double y) { return std::bit_cast<std::uint64_t>(x) < std::bit_cast<std::uint64_t>(y); });
    EXPECT_EQ(s.drifting, edges.size());
    EXPECT_EQ(s.maxUlps, *std::max_element(sorted.begin(), sorted.end() - 1));  // the NaN, last, passed over
    ASSERT_EQ(sorted.size() % 2, 1u);
    EXPECT_EQ(s.medianUlps, sorted[sorted.size() / 2]);
    chunks[2].add({0, 0, 1e9});  // an even count: the mean of the middle two
    sorted.insert(sorted.end() - 1, 1e9);
    EXPECT_EQ(DriftTally::merge(chunks, 7).medianUlps, (sorted[sorted.size() / 2 - 1] + sorted[sorted.size() / 2]) / 2);
    std::vector<std::size_t> order(edges.size() - 1);
    std::iota(order.begin(), order.end(), std::size_t(0));
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t x, std::size_t y) { return edges[x].ulps > edges[y].ulps; });
    ASSERT_EQ(s.top.size(), 7u);
    for (std::size_t k = 0; k < 7; ++k) EXPECT_EQ(s.top[k].sender, edges[order[k]].sender) << k;

    // Ties only: the earliest edges, in list order, across chunk borders.
    double flatRoom[4];
    std::vector<DriftTally> flat{DriftTally(3, &flatRoom[0]), DriftTally(3, &flatRoom[2])};
    for (std::int32_t e = 0; e < 4; ++e) flat[e < 2 ? 0 : 1].add({e, 0, 2.0});
    const DriftTally::Summary f = DriftTally::merge(flat, 3);
    ASSERT_EQ(f.top.size(), 3u);
    EXPECT_EQ(f.top[0].sender, 0);
    EXPECT_EQ(f.top[2].sender, 2);
    EXPECT_EQ(f.medianUlps, 2.0);
}
