#include <gtest/gtest.h>

#include <cmath>

#include "geo/Vec3.h"
#include "globe/GlobeProjection.h"
#include "globe/GlobeZoom.h"

namespace meshdiff::views {
namespace {

double angleDegrees(const Vec3& p, const Vec3& q) {
    return std::acos(std::clamp(dot(normalized(p), normalized(q)), -1.0, 1.0)) * 180 / 3.14159265358979;
}

// The point of the globe under a cursor at (x, y) from the top-left.
Vec3 under(const GlobeCamera& camera, int w, int h, double x, double y) {
    const auto hit = GlobeProjection(camera, w, h).sphereHit(x, h - y);
    EXPECT_TRUE(hit.has_value());
    return hit.value_or(Vec3{0, 0, 0});
}

TEST(GlobeZoom, KeepsThePointUnderTheCursorWhileZoomingIn) {
    const int w = 900, h = 700;
    const GlobeCamera start{20, 0, 4.2};
    for (const auto& [x, y] : {std::pair{650.0, 250.0}, std::pair{300.0, 500.0}, std::pair{450.0, 350.0}}) {
        const Vec3 before = under(start, w, h, x, y);
        GlobeCamera camera = start;
        for (int notch = 0; notch < 6; ++notch) camera = zoomedAt(camera, w, h, x, y, 1);
        EXPECT_LT(camera.distance, start.distance);
        EXPECT_LT(angleDegrees(under(camera, w, h, x, y), before), 0.05) << "cursor at " << x << ", " << y;
    }
    // Off the centre, the camera turns toward the cursor's point; at the centre it does not.
    const GlobeCamera offCentre = zoomedAt(start, w, h, 650, 250, 3);
    EXPECT_GT(std::abs(offCentre.lon - start.lon), 0.5);
    const GlobeCamera centred = zoomedAt(start, w, h, w / 2.0, h / 2.0, 3);
    EXPECT_NEAR(centred.lat, start.lat, 1e-6);
    EXPECT_NEAR(std::remainder(centred.lon - start.lon, 360.0), 0, 1e-6);
}

TEST(GlobeZoom, ZoomsAboutTheCentreWhenTheCursorIsOffTheGlobe) {
    const GlobeCamera start{20, 30, 4.2};
    const GlobeCamera camera = zoomedAt(start, 900, 700, 5, 5, 2);  // a corner: space
    EXPECT_DOUBLE_EQ(camera.lat, start.lat);
    EXPECT_DOUBLE_EQ(camera.lon, start.lon);
    EXPECT_LT(camera.distance, start.distance);
    const GlobeCamera out = zoomedAt(start, 900, 700, 5, 5, -2);
    EXPECT_GT(out.distance, start.distance);
}

}  // namespace
}  // namespace meshdiff::views
