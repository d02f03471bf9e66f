// The canonical hash against an independent NumPy/hashlib computation of its definition
// (docs/formats.md), through both paths: edges in no order (sorted into copies) and edges in
// canonical order (diffed and hashed in place, also from a mapped HDF5 file).
#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>

#include "core/TestPaths.h"
#include "graph/GraphDiff.h"
#include "graph/GraphHash.h"
#include "io/GraphFiles.h"
#include "io/MappedGraphHdf5.h"

using namespace meshdiff;

namespace {

std::string expectedHash() {
    std::ifstream in(test::fixture("graph_hash/expected.json"));
    return nlohmann::json::parse(in).at("hash").get<std::string>();
}

}  // namespace

TEST(GraphHashReference, ShuffledEdgesHashAsNumpyComputesIt) {
    const MeshGraph g = readGraph(test::fixture("graph_hash/shuffled.npz").string());
    const CanonicalEdges edges = canonicalEdges(g);
    EXPECT_FALSE(edges.g2mSortedCopy().empty());  // the general path
    EXPECT_EQ(canonicalGraphHash(g), expectedHash());
}

TEST(GraphHashReference, EdgesInCanonicalOrderHashInPlaceAsNumpyComputesIt) {
    const std::string path = test::fixture("graph_hash/canonical.h5").string();
    const MeshGraph g = readGraphHdf5(path);
    EXPECT_TRUE(canonicalEdges(g).g2mSortedCopy().empty());  // the in-place path
    EXPECT_TRUE(m2gGroupedByGridPoint(g));
    EXPECT_EQ(canonicalGraphHash(g), expectedHash());

    const auto mapped = MappedGraphHdf5::open(path);  // h5py writes contiguous datasets
    ASSERT_TRUE(mapped.has_value());
    EXPECT_EQ(prepareGraph(mapped->view()).hash, expectedHash());
}

TEST(GraphHashReference, ShuffledAndCanonicalFilesHoldTheSameEdgeSets) {
    const MeshGraph a = readGraph(test::fixture("graph_hash/shuffled.npz").string());
    const MeshGraph b = readGraphHdf5(test::fixture("graph_hash/canonical.h5").string());
    const GraphDiff d = diffGraphs(a, b);
    EXPECT_TRUE(d.sameSets());
    EXPECT_EQ(d.hashA, d.hashB);
}
