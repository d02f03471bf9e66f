#include <gtest/gtest.h>

#include <vector>

#include "geo/LatLonAxis.h"
#include "geo/Vec3.h"

using namespace meshdiff;

TEST(LatLonAxis, WrapsLongitudesInto0To360) {
    EXPECT_DOUBLE_EQ(wrapLongitude360(0.0), 0.0);
    EXPECT_DOUBLE_EQ(wrapLongitude360(360.0), 0.0);
    EXPECT_DOUBLE_EQ(wrapLongitude360(-90.0), 270.0);
    EXPECT_DOUBLE_EQ(wrapLongitude360(725.0), 5.0);
    EXPECT_DOUBLE_EQ(wrapLongitude360(-720.5), 359.5);
}

TEST(LatLonAxis, LongitudeDistanceGoesTheShortWayRound) {
    EXPECT_DOUBLE_EQ(longitudeDistance(359.0, 1.0), 2.0);
    EXPECT_DOUBLE_EQ(longitudeDistance(-179.0, 179.0), 2.0);
    EXPECT_DOUBLE_EQ(longitudeDistance(10.0, 190.0), 180.0);
}

TEST(LatLonAxis, NearestIndexOnAscendingAndDescendingAxes) {
    const std::vector<double> up{-90, -45, 0, 45, 90}, down{90, 45, 0, -45, -90};
    EXPECT_EQ(nearestIndex(up, 50.0), 3u);
    EXPECT_EQ(nearestIndex(down, 50.0), 1u);
    EXPECT_EQ(nearestIndex(up, -200.0), 0u);
    EXPECT_EQ(nearestIndex(up, 22.5), 2u);  // a tie takes the first
    EXPECT_EQ(nearestIndex(std::vector<float>{}, 3.0), 0u);
}

TEST(LatLonAxis, NearestLongitudeIndexWrapsAcrossTheSeam) {
    const std::vector<float> lon{0, 90, 180, 270};
    EXPECT_EQ(nearestLongitudeIndex(lon, 350.0), 0u);
    EXPECT_EQ(nearestLongitudeIndex(lon, -80.0), 3u);
    EXPECT_EQ(nearestLongitudeIndex(lon, 100.0), 1u);
    // A -180…180 axis answers a 0…360 query.
    const std::vector<double> centred{-180, -90, 0, 90};
    EXPECT_EQ(nearestLongitudeIndex(centred, 265.0), 1u);
}

TEST(LatLonAxis, NearestGridPointIsRowMajor) {
    const std::vector<float> lat{-90, 0, 90}, lon{0, 90, 180, 270};
    EXPECT_EQ(nearestGridPoint(lat, lon, 5.0, 268.0), 1u * 4 + 3);
    EXPECT_EQ(nearestGridPoint(lat, lon, 80.0, 359.0), 2u * 4 + 0);
}

TEST(Vec3, UnitVectorAndBackAgree) {
    for (double lat : {-80.0, -12.5, 0.0, 33.3, 89.0}) {
        for (double lon : {0.0, 45.0, 181.0, 359.0}) {
            const Vec3 v = unitVector(lat, lon);
            EXPECT_NEAR(norm(v), 1.0, 1e-15);
            EXPECT_NEAR(latitudeOf(v), lat, 1e-9);
            EXPECT_NEAR(longitudeOf(v), lon, 1e-9);
        }
    }
    const Vec3 mid = slerp(unitVector(0, 0), unitVector(0, 90), 0.5);
    EXPECT_NEAR(longitudeOf(mid), 45.0, 1e-12);
    EXPECT_NEAR(angleBetween(unitVector(0, 0), unitVector(90, 0)), std::acos(0.0), 1e-15);
}

TEST(Vec3, CrossProductFollowsTheRightHandRule) {
    const Vec3 z = cross(unitVector(0, 0), unitVector(0, 90));
    EXPECT_NEAR(z[0], 0.0, 1e-15);
    EXPECT_NEAR(z[1], 0.0, 1e-15);
    EXPECT_NEAR(z[2], 1.0, 1e-15);
    const Vec3 d = difference({3, 2, 1}, {1, 1, 1});
    EXPECT_EQ(d, (Vec3{2, 1, 0}));
}
