// Positions as the window writes them (core/geo/LatLonText): N/S and E/W, longitudes in (−180°, 180°].
#include <gtest/gtest.h>

#include "geo/LatLonText.h"

using namespace meshdiff;

TEST(LatLonLabel, WritesLongitudesBeyond180AsWest) {
    EXPECT_EQ(latLonLabel(41.2, 347.5), "41.20°N, 12.50°W");
    EXPECT_EQ(latLonLabel(-33.25, 151.0, 1), "33.2°S, 151.0°E");
    EXPECT_EQ(latLonLabel(10, -12.5), "10.00°N, 12.50°W");
    EXPECT_EQ(latLonLabel(10, 540), "10.00°N, 180.00°E");
    EXPECT_EQ(latLonLabel(10, -180), "10.00°N, 180.00°E");
    EXPECT_EQ(latLonLabel(-90, 359.999, 2), "90.00°S, 0.00°");
    EXPECT_EQ(latLonLabel(-0.001, 0.004), "0.00°, 0.00°");
}
