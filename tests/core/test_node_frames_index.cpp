#include <gtest/gtest.h>

#include <cstddef>
#include <vector>

#include "features/EdgeFeatures.h"

using namespace meshdiff;

namespace {

// Latitude and longitude of a grid node as the axis values at node / n_lon and node % n_lon.
void expectAxisIndices(std::size_t nLat, std::size_t nLon, const std::vector<std::size_t>& nodes) {
    std::vector<float> lat(nLat), lon(nLon);
    for (std::size_t i = 0; i < nLat; ++i) lat[i] = static_cast<float>(i);
    for (std::size_t j = 0; j < nLon; ++j) lon[j] = static_cast<float>(j);
    const NodeFrames grid = NodeFrames::grid(lat, lon, FloatMath::Glibc);
    for (const std::size_t node : nodes) {
        ASSERT_LT(node, grid.size());
        EXPECT_EQ(grid.latitude(node), static_cast<float>(node / nLon)) << nLon << " " << node;
        EXPECT_EQ(grid.longitude(node), static_cast<float>(node % nLon)) << nLon << " " << node;
    }
}

}  // namespace

TEST(NodeFrames, GridNodesSplitIntoTheirAxisIndices) {
    for (const std::size_t nLon : {1u, 2u, 3u, 7u, 360u, 1440u, 4096u, 4097u}) {
        std::vector<std::size_t> nodes;
        for (std::size_t node = 0; node < 64 * nLon; node += 1 + node % 5) nodes.push_back(node);
        expectAxisIndices(64, nLon, nodes);
    }
}

TEST(NodeFrames, GridNodesSplitExactlyUpToTheLargestInt32Node) {
    // 596,523 × 3,600 nodes reach within 1,000 of 2^31, where a multiply-and-shift is most likely to be off by one.
    const std::size_t nLat = 596524, nLon = 3600, top = nLat * nLon - 1;
    std::vector<std::size_t> nodes;
    for (std::size_t k = 0; k < 20000; ++k) nodes.push_back(top - k);
    for (std::size_t i = nLat - 300; i < nLat; ++i)
        nodes.insert(nodes.end(), {i * nLon, i * nLon - 1, i * nLon + nLon - 1});
    expectAxisIndices(nLat, nLon, nodes);
}
