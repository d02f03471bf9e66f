// build-graph's NumPy 2 emulation and the official edge order, against the official graphs built by
// NumPy 1.24 (tests/data/graphs) and NumPy 2.5.2 (tests/data/graphs-numpy2), each with its sidecar.
#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>

#include "TestHelpers.h"
#include "TestPaths.h"
#include "builder/GraphBuilder.h"
#include "common/Error.h"
#include "graph/GraphDiff.h"
#include "io/GraphFiles.h"

using namespace meshdiff;

namespace {

std::filesystem::path numpy2Graph(const std::string& dispatch) {
    return test::dataDir() / "graphs-numpy2" / ("wn2_graph_np2_1p0deg_" + dispatch + ".npz");
}
std::filesystem::path numpy1Graph(const std::string& dispatch) {
    return test::officialGraph("wn2_graph_1p0deg_" + dispatch + ".npz");
}

MeshGraph official(const std::filesystem::path& npz) { return readGraphNpz(npz.string()); }

nlohmann::json sidecar(std::filesystem::path npz) {
    std::ifstream in(npz.replace_extension(".json"));
    return nlohmann::json::parse(in);
}

BuiltGraph build(int numpyMajor, EdgeOrder order) {
    GraphBuildOptions o;
    o.numpyMajor = numpyMajor;
    o.edgeOrder = order;
    return buildGraph(o);
}

const BuiltGraph& numpy2Official() {
    static const BuiltGraph built = build(2, EdgeOrder::Official);
    return built;
}

const BuiltGraph& numpy1Official() {
    static const BuiltGraph built = build(1, EdgeOrder::Official);
    return built;
}

void expectSameArrays(const MeshGraph& a, const MeshGraph& b) {
    EXPECT_EQ(a.gridLat, b.gridLat);
    EXPECT_EQ(a.gridLon, b.gridLon);
    EXPECT_EQ(a.meshLat, b.meshLat);
    EXPECT_EQ(a.meshLon, b.meshLon);
    EXPECT_EQ(a.meshFaces, b.meshFaces);
    EXPECT_TRUE(a.g2mSenders == b.g2mSenders && a.g2mReceivers == b.g2mReceivers) << "grid->mesh edges or order";
    EXPECT_TRUE(a.m2gSenders == b.m2gSenders && a.m2gReceivers == b.m2gReceivers) << "mesh->grid edges or order";
}

std::vector<std::int32_t> movedNodeIndices(const GraphDiff& d) {
    std::vector<std::int32_t> out;
    for (const auto& m : d.movedNodes) out.push_back(m.mesh);
    return out;
}

std::vector<std::int32_t> changedTriangleGridPoints(const GraphDiff& d) {
    std::vector<std::int32_t> out;
    for (const auto& t : d.m2gChanged) out.push_back(t.grid);
    return out;
}

}  // namespace

// Baseline dispatch: glibc float math, OpenBLAS's sdot sums, the float32 radius and NumPy's scalar
// introsort give every array of the official NumPy 2 graph, the edge order included.
TEST(BuilderNumpy2, BaselineBuildEqualsTheNumpy2SseGraphBitForBitIncludingEdgeOrder) {
    expectSameArrays(numpy2Official().graph, official(numpy2Graph("sse")));
}

TEST(BuilderNumpy2, Numpy1OfficialOrderEqualsTheNumpy1SseGraphBitForBit) {
    expectSameArrays(numpy1Official().graph, official(numpy1Graph("sse")));
}

// NumPy 1.24 sorts with its scalar introsort on every dispatch, so the grid→mesh order (whose
// edge set all three share) is that of every NumPy 1 graph; NumPy 2's AVX2 and AVX-512 sorts
// order equal receivers otherwise.
TEST(BuilderNumpy2, GridToMeshOrderIsNumpy1sOnEveryDispatchAndNumpy2sOnlyAtBaseline) {
    const MeshGraph& np1 = numpy1Official().graph;
    for (const char* dispatch : {"sse", "avx2", "default"}) {
        const MeshGraph g = official(numpy1Graph(dispatch));
        EXPECT_TRUE(np1.g2mSenders == g.g2mSenders && np1.g2mReceivers == g.g2mReceivers) << dispatch;
    }
    const MeshGraph& np2 = numpy2Official().graph;
    for (const char* dispatch : {"avx2", "default"}) {
        const MeshGraph g = official(numpy2Graph(dispatch));
        ASSERT_TRUE(np2.g2mReceivers == g.g2mReceivers) << dispatch;  // both sorted by receiver
        EXPECT_FALSE(np2.g2mSenders == g.g2mSenders) << dispatch;
    }
}

// NumPy 2's AVX-512 float32 atan2/acos/sin/cos are NumPy's own SIMD code, which the builder does not
// emulate: against the AVX-512 graph the build has the same grid→mesh edges, and differs exactly
// where that graph differs from the baseline one (19,624 nodes, 21 triangles; README).
TEST(BuilderNumpy2, EdgeSetsEqualTheNumpy2DefaultGraphExceptWhereItsFloatMathDiffers) {
    GraphBuildOptions o;
    o.numpyMajor = 2;
    const MeshGraph built = buildGraph(o).graph;
    const MeshGraph avx512 = official(numpy2Graph("default")), baseline = official(numpy2Graph("sse"));
    const GraphDiff d = diffGraphs(avx512, built);
    EXPECT_TRUE(d.g2mOnlyA.empty());
    EXPECT_TRUE(d.g2mOnlyB.empty());
    EXPECT_TRUE(d.gridCoordinatesEqual);
    EXPECT_EQ(d.movedNodes.size(), 19624u);
    EXPECT_EQ(d.m2gChanged.size(), 21u);
    const GraphDiff fixtures = diffGraphs(avx512, baseline);
    EXPECT_EQ(movedNodeIndices(d), movedNodeIndices(fixtures));
    EXPECT_EQ(changedTriangleGridPoints(d), changedTriangleGridPoints(fixtures));
    EXPECT_EQ(built.meshFaces, avx512.meshFaces);
}

// The sidecars record the longest edge and the radius as NumPy computed them.
TEST(BuilderNumpy2, RadiusIsTheFloat32ProductUnderNumpy2AndTheFloat64OneUnderNumpy1) {
    const auto np2 = sidecar(numpy2Graph("sse"))["ball_query"], np1 = sidecar(numpy1Graph("sse"))["ball_query"];
    ASSERT_EQ(np2["radius_dtype"], "float32");
    ASSERT_EQ(np1["radius_dtype"], "float64");
    EXPECT_EQ(numpy2Official().longestEdge, np2["max_edge_distance"].get<double>());
    EXPECT_EQ(numpy2Official().radius, np2["radius"].get<double>());
    EXPECT_EQ(numpy1Official().longestEdge, np1["max_edge_distance"].get<double>());
    EXPECT_EQ(numpy1Official().radius, np1["radius"].get<double>());

    // NumPy 1's longest edge is one where the float32 product differs from the rounded float64 one:
    // np.float32(0.6) * np.float32(0.020673435181379318) == 0.01240406185388565 (NumPy's float32 loop).
    GraphBuildOptions o;
    const double longest = np1["max_edge_distance"].get<double>();
    EXPECT_EQ(gridToMeshRadius(o, longest), np1["radius"].get<double>());
    o.numpyMajor = 2;
    EXPECT_EQ(gridToMeshRadius(o, longest), 0.01240406185388565);
    EXPECT_NE(gridToMeshRadius(o, longest), np1["radius_float32"].get<double>());
}

// The BLAS is its own dimension: NumPy 2 with the reference BLAS builds NumPy 1's mesh.
TEST(BuilderNumpy2, ReferenceBlasUnderNumpy2GivesNumpy1sMeshNodes) {
    GraphBuildOptions o;
    o.numpyMajor = 2;
    o.blas = BlasSum::Reference;
    const MeshGraph built = buildGraph(o).graph;
    const MeshGraph np1 = official(numpy1Graph("sse"));
    EXPECT_EQ(built.meshLat, np1.meshLat);
    EXPECT_EQ(built.meshLon, np1.meshLon);
}

TEST(BuilderNumpy2, RefusesTheOfficialOrderOfNumpy2sSimdSorts) {
    GraphBuildOptions o;
    o.numpyMajor = 2;
    o.edgeOrder = EdgeOrder::Official;
    for (NumpyDispatch dispatch : {NumpyDispatch::Avx2, NumpyDispatch::Avx512}) {
        o.dispatch = dispatch;
        const std::string message = test::errorOf([&] { buildGraph(o); }).what();
        EXPECT_NE(message.find("x86-simd-sort"), std::string::npos) << message;
    }
    o.numpyMajor = 1;
    EXPECT_TRUE(officialEdgeOrderReproducible(o));
    o.numpyMajor = 2;
    o.dispatch = NumpyDispatch::Baseline;
    EXPECT_TRUE(officialEdgeOrderReproducible(o));
}

TEST(BuilderNumpy2, MetadataNamesNumpyBlasRadiusProductAndEdgeOrder) {
    GraphBuildOptions o;
    o.numpyMajor = 2;
    o.edgeOrder = EdgeOrder::Official;
    const auto meta = describeBuild(o, numpy2Official());
    EXPECT_EQ(meta["numpy_major"], 2);
    EXPECT_EQ(meta["numpy_dispatch"], "baseline");
    EXPECT_EQ(meta["blas"], "openblas");
    EXPECT_EQ(meta["radius_product"], "float32");
    EXPECT_EQ(meta["edge_order"], "official");
    EXPECT_EQ(meta["edge_order_is_hosts"], true);

    GraphBuildOptions avx512;
    avx512.numpyMajor = 2;
    avx512.dispatch = NumpyDispatch::Avx512;
    const auto canonical = describeBuild(avx512, numpy2Official());
    EXPECT_EQ(canonical["edge_order"], "canonical");
    EXPECT_EQ(canonical["edge_order_is_hosts"], false);
    EXPECT_EQ(canonical["host_edge_order_reproducible"], false);
    EXPECT_EQ(canonical["float_math_is_hosts"], false);
    EXPECT_THROW(parseNumpyMajor("3"), Error);
    EXPECT_THROW(parseNumpyDispatch("avx"), Error);
}
