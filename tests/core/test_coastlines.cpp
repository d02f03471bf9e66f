#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>

#include "common/Error.h"
#include "core/TestPaths.h"
#include "geo/Coastlines.h"

namespace meshdiff {
namespace {

bool anyPointIn(const Coastlines& c, float latLo, float latHi, float lonLo, float lonHi) {
    for (std::size_t i = 0; i < c.pointCount(); ++i)
        if (c.lat[i] >= latLo && c.lat[i] <= latHi && c.lon[i] >= lonLo && c.lon[i] <= lonHi) return true;
    return false;
}

TEST(Coastlines, ReadsDebiansCrudeGshhgShorelines) {
    const auto path = findGshhgFile('c');
    ASSERT_TRUE(path) << "gmt-gshhg-low is not installed (scripts/debian-packages.txt lists it)";
    const Coastlines c = readGshhgCoastlines(*path);
    EXPECT_GT(c.lineCount(), 500u);
    EXPECT_EQ(c.start.back(), c.pointCount());
    for (std::size_t k = 0; k < c.lineCount(); ++k) ASSERT_GE(c.start[k + 1] - c.start[k], 2u);
    EXPECT_GE(*std::min_element(c.lat.begin(), c.lat.end()), -90.f);
    EXPECT_LE(*std::max_element(c.lat.begin(), c.lat.end()), 90.f);
    EXPECT_GE(*std::min_element(c.lon.begin(), c.lon.end()), 0.f);
    EXPECT_LE(*std::max_element(c.lon.begin(), c.lon.end()), 360.f);
    // Real shores: Iceland and New Zealand's coasts, and nothing in the open South Atlantic.
    EXPECT_TRUE(anyPointIn(c, 63.2f, 66.6f, 335.5f, 347.0f));
    EXPECT_TRUE(anyPointIn(c, -47.5f, -34.0f, 166.0f, 179.0f));
    EXPECT_FALSE(anyPointIn(c, -40.0f, -30.0f, 325.0f, 340.0f));
}

TEST(Coastlines, LakesAreAddedWithHigherLevels) {
    const auto path = findGshhgFile('l');
    ASSERT_TRUE(path) << "gmt-gshhg-low is not installed (scripts/debian-packages.txt lists it)";
    const Coastlines shores = readGshhgCoastlines(*path, 1);
    const Coastlines withLakes = readGshhgCoastlines(*path, 2);
    EXPECT_GT(withLakes.pointCount(), shores.pointCount());
    // Lake Victoria's shore (level 2) lies in the second set only.
    EXPECT_FALSE(anyPointIn(shores, -2.5f, 0.5f, 31.8f, 34.8f));
    EXPECT_TRUE(anyPointIn(withLakes, -2.5f, 0.5f, 31.8f, 34.8f));
}

TEST(Coastlines, FilesThatAreNotBinnedGshhgThrow) {
    EXPECT_THROW(readGshhgCoastlines("/nonexistent/binned_GSHHS_c.nc"), Error);
    const std::string text = (test::fixtureDir() / "not_gshhg.txt").string();
    std::filesystem::create_directories(test::fixtureDir());
    std::ofstream(text) << "not HDF5";
    EXPECT_THROW(readGshhgCoastlines(text), Error);
}

}  // namespace
}  // namespace meshdiff
