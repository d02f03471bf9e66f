#include <gtest/gtest.h>

#include <cmath>

#include "builder/BallRadius.h"

namespace meshdiff {
namespace {

TEST(BallRadius, ReadsTheBuildersRadiusFromRunOrGraphMetadata) {
    EXPECT_EQ(builderRadius({{"graph_build", {{"radius", 0.0124}}}}), 0.0124);
    EXPECT_EQ(builderRadius({{"radius", 0.5}}), 0.5);
    EXPECT_FALSE(builderRadius({{"graph_build", {{"radius", "wide"}}}}).has_value());
    EXPECT_FALSE(builderRadius({{"device", "A100"}}).has_value());
    EXPECT_FALSE(builderRadius(nlohmann::json::array()).has_value());
}

TEST(BallRadius, IsSixTenthsOfTheLongestFinestMeshEdge) {
    MeshGraph graph;
    graph.meshLat = {0, 0, 90, 0};
    graph.meshLon = {0, 90, 0, 45};
    graph.meshFaces = {0, 1, 2, 0, 3, 2};  // octant edges: chord √2; the second face is smaller
    EXPECT_NEAR(ballQueryRadius(graph), 0.6 * std::sqrt(2.0), 1e-12);
    EXPECT_EQ(ballQueryRadius(MeshGraph{}), 0);
}

}  // namespace
}  // namespace meshdiff
