#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <utility>

#include "geo/Vec3.h"
#include "globe/LineRaster.h"

namespace meshdiff::views {
namespace {

int alphaAt(const LineRaster& r, int x, int y) { return r.luminanceAlpha()[2 * (std::size_t(y) * r.width() + x) + 1]; }
int luminanceAt(const LineRaster& r, int x, int y) { return r.luminanceAlpha()[2 * (std::size_t(y) * r.width() + x)]; }

TEST(LineRaster, EquatorArcCoversOneRowOfTheLongitudesItSpans) {
    LineRaster raster(360, 180);
    raster.drawArc(unitVector(0.2, 10.5), unitVector(0.2, 99.5), 200);
    // Latitude 0.2° lies in row 90 (rows count up from −90°); longitudes 10…99 are covered.
    for (int x = 0; x < 360; ++x) EXPECT_EQ(alphaAt(raster, x, 90) != 0, x >= 10 && x <= 99) << x;
    EXPECT_EQ(raster.coveredTexels(), 90u);
    EXPECT_EQ(luminanceAt(raster, 50, 90), 200);
}

TEST(LineRaster, MeridianArcAndWrapAcrossTheDateLine) {
    LineRaster raster(360, 180);
    raster.drawArc(unitVector(-30.5, 45.5), unitVector(29.5, 45.5), 255);
    for (int y = 0; y < 180; ++y) EXPECT_EQ(alphaAt(raster, 45, y) != 0, y >= 59 && y <= 119) << y;
    LineRaster wrap(360, 180);
    wrap.drawArc(unitVector(0.5, 355.5), unitVector(0.5, 4.5), 255);
    EXPECT_NE(alphaAt(wrap, 359, 90), 0);
    EXPECT_NE(alphaAt(wrap, 0, 90), 0);
    EXPECT_EQ(alphaAt(wrap, 180, 90), 0);
    EXPECT_EQ(wrap.coveredTexels(), 10u);  // the short way round, not 350 texels
}

TEST(LineRaster, ArcsNearThePoleLeaveNoGaps) {
    LineRaster raster(720, 360);
    raster.drawArc(unitVector(88.0, 0.0), unitVector(88.0, 170.0), 255);  // bends over the pole
    // Every row the arc passes through is reached from the row before (a connected path).
    int firstRow = 360, lastRow = -1;
    for (int y = 0; y < 360; ++y)
        for (int x = 0; x < 720; ++x)
            if (alphaAt(raster, x, y)) firstRow = std::min(firstRow, y), lastRow = std::max(lastRow, y);
    for (int y = firstRow; y <= lastRow; ++y) {
        int covered = 0;
        for (int x = 0; x < 720; ++x) covered += alphaAt(raster, x, y) != 0;
        EXPECT_GT(covered, 0) << "row " << y;
    }
    EXPECT_GE(lastRow, 357);  // reaches within 1.5° of the pole
}

// Each point of the great circle from a to b has a marked texel within one texel of it, and every
// marked texel's centre lies within 1.5 texels (of latitude) of the circle's plane. Returns the
// raster (1440 × 720: 4 texels a degree) with only that arc drawn.
LineRaster expectArcFollowsItsGreatCircle(const Vec3& a, const Vec3& b) {
    SCOPED_TRACE(::testing::Message() << "arc to " << b[0] << ", " << b[1] << ", " << b[2]);
    LineRaster raster(1440, 720);
    auto texelOf = [&](const Vec3& p) {
        const double lon = std::atan2(p[1], p[0]) * 180 / std::numbers::pi;
        return std::pair{int(std::floor((lon < 0 ? lon + 360 : lon) * 4)),
                         int(std::floor((std::asin(p[2]) * 180 / std::numbers::pi + 90) * 4))};
    };
    raster.drawArc(a, b, 255);
    for (int i = 0; i <= 400; ++i) {
        const auto [x, y] = texelOf(slerp(a, b, i / 400.0));
        int near = 0;
        for (int dy = -1; dy <= 1; ++dy)
            for (int dx = -1; dx <= 1; ++dx)
                if (y + dy >= 0 && y + dy < 720) near += alphaAt(raster, (x + dx + 1440) % 1440, y + dy) != 0;
        EXPECT_GT(near, 0) << "point " << i;
    }
    const Vec3 normal = normalized(cross(a, b));
    for (int y = 0; y < 720; ++y)
        for (int x = 0; x < 1440; ++x)
            if (alphaAt(raster, x, y)) {
                const Vec3 centre = unitVector((y + 0.5) / 4 - 90, (x + 0.5) / 4);
                EXPECT_LT(std::abs(dot(centre, normal)), 1.5 * std::numbers::pi / 720) << x << ", " << y;
            }
    return raster;
}

TEST(LineRaster, LongArcFollowsItsGreatCircleWithinATexel) {
    // Drawn as straight pieces of at most 2°.
    const LineRaster raster = expectArcFollowsItsGreatCircle(unitVector(10.0, 0.0), unitVector(55.0, 100.0));
    EXPECT_GT(raster.coveredTexels(), 300u);  // the arc is ~85° long: ~340 texels at 4 per degree
    EXPECT_LT(raster.coveredTexels(), 700u);
}

// Near the poles arcs are drawn as pieces short beside their distance from the pole, straight in
// longitude and latitude: they still follow the great circle, however far they spread in longitude.
TEST(LineRaster, ArcsInThePolarCapsFollowTheirGreatCircles) {
    expectArcFollowsItsGreatCircle(unitVector(80.0, 0.0), unitVector(84.0, 30.0));       // into the cap
    expectArcFollowsItsGreatCircle(unitVector(87.0, 10.0), unitVector(88.0, 60.0));      // a mesh edge's length
    expectArcFollowsItsGreatCircle(unitVector(-86.0, 200.0), unitVector(-86.5, 250.0));  // south
    expectArcFollowsItsGreatCircle(unitVector(88.0, 0.0), unitVector(88.0, 90.0));       // beside the pole
}

TEST(LineRaster, HalvingAveragesCoverageAndKeepsLineLuminance) {
    LineRaster raster(8, 4);
    raster.drawArc(unitVector(-22.0, 1.0), unitVector(-22.0, 130.0), 100);  // row 1, x 0…2
    const LineRaster half = raster.halved();
    ASSERT_EQ(half.width(), 4);
    ASSERT_EQ(half.height(), 2);
    // Each 2×2 block holds one covered row of two texels: half coverage, same luminance.
    EXPECT_EQ(alphaAt(half, 0, 0), 128);
    EXPECT_EQ(luminanceAt(half, 0, 0), 100);
    EXPECT_EQ(alphaAt(half, 0, 1), 0);
    EXPECT_EQ(alphaAt(half, 3, 0), 0);
}

}  // namespace
}  // namespace meshdiff::views
