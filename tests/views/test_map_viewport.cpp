// The error map's view window (zoom at the cursor, pan, poles, seam) and its graticule, as maths.
#include <gtest/gtest.h>

#include <cmath>

#include "geo/LatLonAxis.h"
#include "map/MapGraticule.h"
#include "map/MapViewport.h"

namespace meshdiff::views {
namespace {

// (lon, lat) under fraction (fx, fy) of the frame.
LonLat under(const MapViewport& v, double fx, double fy) {
    const MapProjection projection{QRectF(10, 20, 800, 400), v};
    return projection.lonLatAt(QPointF(10 + fx * 800, 20 + fy * 400));
}

TEST(MapViewport, TheWholeWorldIsCentredOnCenterLon) {
    const MapViewport v{30, 0, 1};
    EXPECT_DOUBLE_EQ(v.west(), -150);
    EXPECT_DOUBLE_EQ(v.east(), 210);
    EXPECT_DOUBLE_EQ(v.south(), -90);
    EXPECT_DOUBLE_EQ(v.north(), 90);
    const MapProjection projection{QRectF(0, 0, 720, 360), v};
    EXPECT_DOUBLE_EQ(projection.x(30), 360);
    EXPECT_DOUBLE_EQ(projection.y(45), 90);
}

TEST(MapViewport, ZoomingAtTheCursorKeepsTheCursorsLatLon) {
    MapViewport v;
    const double fx = 0.3, fy = 0.4;
    const LonLat before = under(v, fx, fy);
    for (int step = 0; step < 5; ++step) {
        v = zoomedAt(v, fx, fy, 1.25);
        const LonLat after = under(v, fx, fy);
        EXPECT_NEAR(after[0], before[0], 1e-9) << "step " << step;
        EXPECT_NEAR(after[1], before[1], 1e-9) << "step " << step;
    }
    EXPECT_NEAR(v.zoom, std::pow(1.25, 5), 1e-12);
    // And out again, to the whole world.
    for (int step = 0; step < 20; ++step) v = zoomedAt(v, fx, fy, 1 / 1.25);
    EXPECT_DOUBLE_EQ(v.zoom, 1);
    EXPECT_DOUBLE_EQ(v.centerLat, 0);
}

TEST(MapViewport, TheWindowStaysBetweenThePoles) {
    MapViewport v = clampedViewport({0, 80, 4});  // 45° of latitude: centred at 67.5°N at most
    EXPECT_DOUBLE_EQ(v.north(), 90);
    // Zooming out low in a window at the pole would put its top past 90°N: it slides down.
    v = zoomedAt(v, 0.5, 0.9, 0.5);
    EXPECT_DOUBLE_EQ(v.north(), 90);
    EXPECT_DOUBLE_EQ(v.south(), 0);
    v = pannedBy(v, 0, 5);  // dragged far down: north goes up, to the pole and no further
    EXPECT_DOUBLE_EQ(v.north(), 90);
    v = pannedBy(v, 0, -50);
    EXPECT_DOUBLE_EQ(v.south(), -90);
    EXPECT_DOUBLE_EQ(clampedViewport({0, 0, 1e9}).zoom, kMaxMapZoom);
    EXPECT_DOUBLE_EQ(clampedViewport({0, 80, 0.2}).centerLat, 0);  // zoom 1 shows all latitudes
}

TEST(MapViewport, PanningCrossesTheSeamAndLongitudesWrap) {
    MapViewport v{170, 0, 4};  // 125°E … 215°E
    const LonLat middle = under(v, 0.5, 0.5);
    EXPECT_NEAR(middle[0], 170, 1e-9);
    v = pannedBy(v, -0.25, 0);  // the content moves left: the window moves east by 22.5°
    EXPECT_NEAR(v.centerLon, -167.5, 1e-9);
    EXPECT_NEAR(wrapLongitude360(under(v, 0.5, 0.5)[0]), 192.5, 1e-9);
    // A point at 179°W is drawn inside the window, not a turn away.
    const MapProjection projection{QRectF(0, 0, 800, 400), v};
    const double x = projection.x(projection.placed(-179));
    EXPECT_GT(x, 0);
    EXPECT_LT(x, 800);
    EXPECT_NEAR(x, 400 + (-179 + 167.5) / 90 * 800, 1e-9);
    // Panned at the whole-world zoom the seam moves round.
    EXPECT_DOUBLE_EQ(pannedBy({}, 0.5, 0).centerLon, -180);
}

TEST(MapGraticule, StepsGetFinerAsTheMapZoomsIn) {
    EXPECT_DOUBLE_EQ(graticuleStep(360, 12), 30);
    EXPECT_DOUBLE_EQ(graticuleStep(360, 6), 60);  // a narrow figure: fewer, wider-spaced labels
    EXPECT_DOUBLE_EQ(graticuleStep(360, 4), 90);
    EXPECT_DOUBLE_EQ(graticuleStep(90, 12), 10);
    EXPECT_DOUBLE_EQ(graticuleStep(45, 12), 5);
    EXPECT_DOUBLE_EQ(graticuleStep(18, 12), 2);
    EXPECT_DOUBLE_EQ(graticuleStep(9, 12), 1);
    EXPECT_DOUBLE_EQ(graticuleStep(1, 12), 0.1);
    EXPECT_EQ(graticuleValues(-180, 180, 30).size(), 13u);
    EXPECT_EQ(graticuleValues(-12.5, 12.5, 5), (std::vector<double>{-10, -5, 0, 5, 10}));
}

TEST(MapGraticule, LabelsSayNorthSouthEastWest) {
    EXPECT_EQ(latitudeLabel(60, 30), QStringLiteral("60°N"));
    EXPECT_EQ(latitudeLabel(-30, 30), QStringLiteral("30°S"));
    EXPECT_EQ(latitudeLabel(0, 30), QStringLiteral("0°"));
    EXPECT_EQ(latitudeLabel(12.5, 0.5), QStringLiteral("12.5°N"));
    EXPECT_EQ(longitudeLabel(120, 30), QStringLiteral("120°E"));
    EXPECT_EQ(longitudeLabel(300, 30), QStringLiteral("60°W"));
    EXPECT_EQ(longitudeLabel(-180, 30), QStringLiteral("180°"));
    EXPECT_EQ(longitudeLabel(540, 30), QStringLiteral("180°"));
    EXPECT_EQ(longitudeLabel(360, 30), QStringLiteral("0°"));
    EXPECT_EQ(longitudeLabel(-0.25, 0.25), QStringLiteral("0.25°W"));
}

}  // namespace
}  // namespace meshdiff::views
