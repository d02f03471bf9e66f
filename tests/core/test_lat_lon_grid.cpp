#include <gtest/gtest.h>

#include <cmath>

#include "common/Error.h"
#include "fields/LatLonGrid.h"

using namespace meshdiff;

TEST(InferGlobalGrid, OneDegree) {
    auto g = inferGlobalGrid(181, 360);
    ASSERT_TRUE(g);
    EXPECT_DOUBLE_EQ(g->lat.front(), -90.0);
    EXPECT_DOUBLE_EQ(g->lat.back(), 90.0);
    EXPECT_DOUBLE_EQ(g->lon[1] - g->lon[0], 1.0);
    EXPECT_TRUE(g->inferred());
    EXPECT_NE(g->inference.find("181×360"), std::string::npos);
}

TEST(InferGlobalGrid, QuarterDegreeEverySeventhPointStopsShortOfThePole) {
    auto g = inferGlobalGrid(103, 206);
    ASSERT_TRUE(g);
    EXPECT_DOUBLE_EQ(g->lat.back(), 88.5);
    EXPECT_DOUBLE_EQ(g->lon.back(), 358.75);
    EXPECT_NE(g->inference.find("every 7th"), std::string::npos) << g->inference;
}

TEST(InferGlobalGrid, FullQuarterDegreeAndDescending) {
    auto g = inferGlobalGrid(721, 1440, false);
    ASSERT_TRUE(g);
    EXPECT_DOUBLE_EQ(g->lat.front(), 90.0);
    EXPECT_DOUBLE_EQ(g->lat.back(), -90.0);
    EXPECT_DOUBLE_EQ(g->lon[1], 0.25);
}

TEST(InferGlobalGrid, RefusesShapesThatFitNoGlobalGrid) {
    EXPECT_FALSE(inferGlobalGrid(100, 100));
    EXPECT_FALSE(inferGlobalGrid(1, 360));
}

TEST(AlignGrids, IdenticalGrids) {
    auto g = *inferGlobalGrid(181, 360);
    auto al = alignGrids(g, g, "a", "b");
    EXPECT_TRUE(al.identical);
    EXPECT_EQ(al.size(), 181u * 360u);
}

TEST(AlignGrids, CanaryEveryFourthPointOfAFullQuarterDegreeForecast) {
    auto canary = *inferGlobalGrid(181, 360);
    LatLonGrid full;  // as read from a NetCDF with descending latitude and lon 0..359.75
    for (int i = 0; i < 721; ++i) full.lat.push_back(90.0 - 0.25 * i);
    for (int j = 0; j < 1440; ++j) full.lon.push_back(0.25 * j);
    auto al = alignGrids(canary, full, "canary.npz", "forecast.nc");
    EXPECT_FALSE(al.identical);
    ASSERT_EQ(al.latB.size(), 181u);
    ASSERT_EQ(al.lonB.size(), 360u);
    for (std::size_t i = 0; i < 181; ++i) EXPECT_DOUBLE_EQ(full.lat[al.latB[i]], canary.lat[al.latA[i]]);
    for (std::size_t j = 0; j < 360; ++j) EXPECT_DOUBLE_EQ(full.lon[al.lonB[j]], canary.lon[al.lonA[j]]);
    EXPECT_NE(al.description.find("every 4th"), std::string::npos) << al.description;
}

TEST(AlignGrids, LongitudesComparedModulo360) {
    LatLonGrid a = *inferGlobalGrid(181, 360);
    LatLonGrid b = a;
    for (auto& lon : b.lon) lon = lon >= 180 ? lon - 360 : lon;  // -180..180 convention
    auto al = alignGrids(a, b, "a", "b");
    for (std::size_t j = 0; j < 360; ++j) {
        double x = a.lon[al.lonA[j]], y = b.lon[al.lonB[j]];
        EXPECT_DOUBLE_EQ(std::fmod(x + 360, 360), std::fmod(y + 360, 360));
    }
}

TEST(AlignGrids, RefusesUnrelatedGrids) {
    auto a = *inferGlobalGrid(181, 360);
    auto b = *inferGlobalGrid(103, 206);
    try {
        alignGrids(a, b, "a.npz", "b.npz");
        FAIL();
    } catch (const Error& e) {
        EXPECT_NE(std::string(e.what()).find("a.npz"), std::string::npos);
        EXPECT_NE(e.problem().find("subsample"), std::string::npos);
    }
}
