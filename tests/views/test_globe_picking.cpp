// Picking works on the scene's data and where the click's ray meets the globe: no window, no
// rendering.
#include <gtest/gtest.h>

#include "SyntheticGlobeScene.h"
#include "geo/Vec3.h"
#include "globe/GlobeProjection.h"
#include "globe/GlobeRenderer.h"
#include "globe/layers/LayerRadii.h"

namespace meshdiff::views {
namespace {

// Looking at (0°, 20°E) from 3 radii on an 800×600 picture: every difference is in view.
const GlobeCamera kCamera{0, 20, 3};

struct Click {
    double x = 0, y = 0;
};

Click pixelOf(const GlobeProjection& projection, double lat, double lon, double radius) {
    Click click;
    EXPECT_TRUE(projection.toDisplay(scaled(unitVector(lat, lon), radius), click.x, click.y));
    return click;
}

class GlobePicking : public ::testing::Test {
protected:
    GlobePick pickAt(Click click) const { return globe.pick(projection, click.x, click.y); }

    test::SyntheticPair pair;
    GlobeRenderer globe;
    GlobeProjection projection{kCamera, 800, 600};
    void SetUp() override { globe.setScene(pair.scene()); }
};

TEST_F(GlobePicking, AClickOnAGridToMeshEdgeOnlyInAPicksThatEdge) {
    const Click grid = pixelOf(projection, 5, 5, kEdgeRadius), mesh = pixelOf(projection, 0, 10, kEdgeRadius);
    const GlobePick pick = pickAt({(grid.x + mesh.x) / 2, (grid.y + mesh.y) / 2});
    EXPECT_EQ(pick.kind, GlobePick::Kind::G2mEdge);
    EXPECT_EQ(pick.run, 1);
    EXPECT_EQ(pick.grid, pair.gridIndex(5, 5));
    EXPECT_EQ(pick.mesh, 0);
    EXPECT_EQ(pick.diffIndex, 0);
    EXPECT_NEAR(pick.lat, 2.5, 0.5);
    EXPECT_NEAR(pick.lon, 7.5, 0.5);
}

TEST_F(GlobePicking, AClickOnAGridToMeshEdgeOnlyInBPicksItAsB) {
    const GlobePick pick = pickAt(pixelOf(projection, 20, 40, kEdgeRadius));
    EXPECT_EQ(pick.kind, GlobePick::Kind::G2mEdge);
    EXPECT_EQ(pick.run, 2);
    EXPECT_EQ(pick.mesh, 5);
}

TEST_F(GlobePicking, AClickInsideAsFaceOfAChangedTrianglePicksTheTriangleAsA) {
    const GlobePick pick = pickAt(pixelOf(projection, 6, 15, 1.0));
    EXPECT_EQ(pick.kind, GlobePick::Kind::Triangle);
    EXPECT_EQ(pick.run, 1);
    EXPECT_EQ(pick.grid, pair.gridIndex(3, 15));
    EXPECT_EQ(pick.diffIndex, 0);
}

TEST_F(GlobePicking, AClickInsideBsFacePicksTheTriangleAsB) {
    const GlobePick pick = pickAt(pixelOf(projection, -6, 15, 1.0));
    EXPECT_EQ(pick.kind, GlobePick::Kind::Triangle);
    EXPECT_EQ(pick.run, 2);
}

TEST_F(GlobePicking, AClickOnAMovedNodePicksTheMeshNode) {
    const GlobePick pick = pickAt(pixelOf(projection, -20, 40, kMovedRadius));
    EXPECT_EQ(pick.kind, GlobePick::Kind::MeshNode);
    EXPECT_EQ(pick.mesh, 4);
}

TEST_F(GlobePicking, AClickFarFromEveryDifferencePicksTheNearestGridPoint) {
    const GlobePick pick = pickAt(pixelOf(projection, -24.8, 55.3, 1.0));
    EXPECT_EQ(pick.kind, GlobePick::Kind::GridPoint);
    EXPECT_EQ(pick.grid, pair.gridIndex(-25, 55));
    EXPECT_NEAR(pick.lat, -24.8, 0.01);
    EXPECT_NEAR(pick.lon, 55.3, 0.01);
}

TEST_F(GlobePicking, AClickBesideTheGlobePicksNothing) { EXPECT_EQ(pickAt({2, 2}).kind, GlobePick::Kind::None); }

TEST_F(GlobePicking, AHiddenLayerIsNotPicked) {
    globe.setLayerVisible(GlobeLayer::G2mOnlyA, false);
    const Click grid = pixelOf(projection, 5, 5, kEdgeRadius), mesh = pixelOf(projection, 0, 10, kEdgeRadius);
    EXPECT_EQ(pickAt({(grid.x + mesh.x) / 2, (grid.y + mesh.y) / 2}).kind, GlobePick::Kind::GridPoint);
}

TEST_F(GlobePicking, WithoutAWindowAClickInPixelsOfNoPicturePicksNothing) {
    EXPECT_EQ(globe.pick(400, 300).kind, GlobePick::Kind::None);
}

TEST(GlobeProjection, TheCentreOfThePictureShowsThePointBelowTheCamera) {
    const GlobeProjection projection(kCamera, 800, 600);
    const auto hit = projection.sphereHit(400, 300);
    ASSERT_TRUE(hit.has_value());
    EXPECT_NEAR(latitudeOf(*hit), 0, 1e-9);
    EXPECT_NEAR(longitudeOf(*hit), 20, 1e-9);
}

TEST(GlobeProjection, APointSeenOnThePictureIsWhereThatPixelsRayMeetsTheGlobe) {
    const GlobeProjection projection({35, 300, 2.2}, 640, 480);
    for (const auto& [lat, lon] : {std::pair{40.0, 310.0}, {20.0, 290.0}, {50.0, 280.0}}) {
        double x, y;
        ASSERT_TRUE(projection.toDisplay(unitVector(lat, lon), x, y));
        const auto hit = projection.sphereHit(x, y);
        ASSERT_TRUE(hit.has_value());
        EXPECT_NEAR(latitudeOf(*hit), lat, 1e-6);
        EXPECT_NEAR(longitudeOf(*hit), lon, 1e-6);
    }
}

TEST(GlobeProjection, APointBeyondTheHorizonHasNoPixel) {
    const GlobeProjection projection(kCamera, 800, 600);
    double x, y;
    EXPECT_FALSE(projection.toDisplay(unitVector(0, 200), x, y));
}

}  // namespace
}  // namespace meshdiff::views
