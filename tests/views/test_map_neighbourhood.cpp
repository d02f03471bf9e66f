// The error map's outline of the diagnosis' "near": circles of its radius around the places,
// drawn in orange while the style asks for it and not otherwise.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numbers>

#include "BumpField.h"
#include "map/ErrorMapRenderer.h"
#include "map/MapNeighbourhood.h"

namespace meshdiff::views {
namespace {

double greatCircleDegrees(double lat1, double lon1, double lat2, double lon2) {
    constexpr double rad = std::numbers::pi / 180;
    const double c = std::sin(lat1 * rad) * std::sin(lat2 * rad) +
                     std::cos(lat1 * rad) * std::cos(lat2 * rad) * std::cos((lon2 - lon1) * rad);
    return std::acos(std::clamp(c, -1.0, 1.0)) / rad;
}

TEST(MapNeighbourhood, OutlinesACircleOfTheRadiusAroundEveryPlaceAlsoNearThePole) {
    DiffPlaces places;
    places.latLon = {{10, 20}, {85, -170}};
    places.radiusDegrees = 4;
    const auto outlines = neighbourhoodOutlines(places, 16);
    ASSERT_EQ(outlines.size(), 2u);
    for (std::size_t i = 0; i < outlines.size(); ++i) {
        ASSERT_EQ(outlines[i].size(), 16u);
        for (const LonLat& p : outlines[i])
            EXPECT_NEAR(greatCircleDegrees(places.latLon[i][0], places.latLon[i][1], p[1], p[0]), 4, 1e-9);
    }
    places.radiusDegrees = 0;
    EXPECT_TRUE(neighbourhoodOutlines(places).empty());
}

TEST(MapNeighbourhood, TheMapDrawsTheOutlineOnlyWhileItsStyleAsks) {
    auto data = meshdiff::test::bumpField();
    data->b = data->a;  // no field difference: only the outline is coloured
    DiffPlaces places;
    places.latLon = {{0, 0}};
    places.radiusDegrees = 10;
    data->neighbourhood = neighbourhoodOutlines(places);
    auto orangePixels = [&data](bool shown) {
        ErrorMapRenderer renderer;
        ErrorMapStyle style;
        style.neighbourhood = shown;
        renderer.setStyle(style);
        renderer.setData(data);
        const QImage image = renderer.toImage(QSize(900, 500));
        int n = 0;
        for (int y = 0; y < image.height(); ++y)
            for (int x = 0; x < image.width(); ++x) {
                const QRgb p = image.pixel(x, y);
                n += std::abs(qRed(p) - 230) < 30 && std::abs(qGreen(p) - 159) < 30 && qBlue(p) < 60;
            }
        return n;
    };
    EXPECT_GT(orangePixels(true), 40);  // the outline, about 2π·10° long
    EXPECT_LT(orangePixels(false), 10);
}

int orangePixels(const QImage& image) {
    int n = 0;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x) {
            const QRgb p = image.pixel(x, y);
            n += std::abs(qRed(p) - 230) < 30 && std::abs(qGreen(p) - 159) < 30 && qBlue(p) < 60;
        }
    return n;
}

TEST(MapNeighbourhood, ACircleOfAFewPixelsWaitsForTheZoomInsteadOfCoveringItsCells) {
    auto data = meshdiff::test::bumpField();
    data->b = data->a;
    DiffPlaces places;
    places.latLon = {{0, 0}};
    places.radiusDegrees = 1;  // 2.4 pixels at world size in a 900-pixel picture
    data->neighbourhood = neighbourhoodOutlines(places);
    ErrorMapRenderer renderer;
    renderer.setData(data);
    ErrorMapStyle style;
    renderer.setStyle(style);
    EXPECT_LT(orangePixels(renderer.toImage(QSize(900, 500))), 3);
    style.viewport = {0, 0, 8};  // 19 pixels a degree
    renderer.setStyle(style);
    EXPECT_GT(orangePixels(renderer.toImage(QSize(900, 500))), 40);
}

}  // namespace
}  // namespace meshdiff::views
