#include <gtest/gtest.h>

#include <set>

#include "core/TestPaths.h"
#include "geo/MeshLevels.h"
#include "io/GraphFiles.h"

namespace meshdiff {
namespace {

TEST(MeshLevels, FaceCountsOfIcosahedralLevels) {
    EXPECT_EQ(icosahedralLevelOfFaceCount(20), 0);
    EXPECT_EQ(icosahedralLevelOfFaceCount(81920), 6);
    EXPECT_EQ(icosahedralLevelOfFaceCount(81921), -1);
    EXPECT_EQ(icosahedralLevelOfFaceCount(0), -1);
}

TEST(MeshLevels, RecoversEveryLevelOfThePermutedOfficialMesh) {
    const MeshGraph g = readGraphNpz(test::officialGraph("wn2_graph_1p0deg_default.npz").string());
    const auto levels = icosahedralLevels(g.meshFaces);
    ASSERT_EQ(levels.size(), 7u);
    std::set<std::int32_t> previous;
    for (std::size_t k = 0; k < levels.size(); ++k) {
        const std::set<std::int32_t> nodes(levels[k].begin(), levels[k].end());
        EXPECT_EQ(levels[k].size(), 3u * 20u * (std::size_t(1) << (2 * k))) << "level " << k;
        EXPECT_EQ(nodes.size(), 10u * (std::size_t(1) << (2 * k)) + 2u) << "level " << k;
        // Every node of a coarser level is a node of the finer one.
        for (std::int32_t n : previous) EXPECT_TRUE(nodes.count(n)) << "level " << k << " lost node " << n;
        previous = nodes;
    }
    EXPECT_EQ(levels.back(), g.meshFaces);
}

TEST(MeshLevels, FacesThatAreNoIcosahedralMeshStayAsGiven) {
    const std::vector<std::int32_t> oneTriangle{0, 1, 2};
    const auto levels = icosahedralLevels(oneTriangle);
    ASSERT_EQ(levels.size(), 1u);
    EXPECT_EQ(levels[0], oneTriangle);
    // 20 faces that do not close into an icosahedron: the count fits, the shape does not.
    std::vector<std::int32_t> strip;
    for (int i = 0; i < 20; ++i) strip.insert(strip.end(), {i, i + 1, i + 2});
    EXPECT_EQ(icosahedralLevels(strip).size(), 1u);
}

}  // namespace
}  // namespace meshdiff
