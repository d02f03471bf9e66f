// Spotlight: the map is dimmed away from the differences and left as it is near them.
#include <QImage>

#include <gtest/gtest.h>

#include <memory>

#include "ImageCompare.h"
#include "map/ErrorMapRenderer.h"
#include "map/MapSpotlight.h"

namespace meshdiff::views {
namespace {

// A 1° grid with a small A−B everywhere (pale colours) and a large one at the marker at (30°N, 90°E),
// which has a 2° line to its node.
std::shared_ptr<ErrorMapData> fieldWithOneDifference(bool withNeighbourhood) {
    auto data = std::make_shared<ErrorMapData>();
    for (int i = 0; i < 180; ++i) data->grid.lat.push_back(-89.5 + i);
    for (int j = 0; j < 360; ++j) data->grid.lon.push_back(0.5 + j);
    for (std::size_t i = 0; i < 180; ++i)
        for (std::size_t j = 0; j < 360; ++j) {
            data->a.push_back(i == 120 && j == 90 ? 1.0f : float(j % 7) * 0.01f);
            data->b.push_back(0.0f);
        }
    data->fieldName = "t";
    data->markers.push_back({{90.5, 30.5}, 1});
    data->lines.push_back({{90.5, 30.5}, {92.5, 30.5}, 1});
    // The diagnosis' "near": a 10° square around (30°N, 130°E), far from the marker; lit 3 times as wide.
    if (withNeighbourhood) data->neighbourhood.push_back({{125, 25}, {135, 25}, {135, 35}, {125, 35}});
    return data;
}

QImage render(std::shared_ptr<ErrorMapData> data, bool spotlight, ErrorMapRenderer& renderer) {
    renderer.setData(std::move(data));
    ErrorMapStyle style;
    style.graticule = false;
    style.coastlines = false;
    style.differences = false;
    style.neighbourhood = false;
    style.spotlight = spotlight;
    renderer.setStyle(style);
    return renderer.toImage(QSize(1440, 800));
}

QPoint pixelAt(const ErrorMapRenderer& renderer, const QImage& image, double lon, double lat) {
    const MapProjection projection{renderer.mapFrames(QRectF(QPointF(0, 0), QSizeF(image.size()))).at(0),
                                   renderer.style().viewport};
    return projection.at({projection.placed(lon), lat}).toPoint();
}

int lightness(QRgb c) { return QColor(c).lightness(); }

TEST(MapSpotlight, DimsFarPixelsAndLeavesNearOnesAsTheyAre) {
    ErrorMapRenderer plain, lit;
    const QImage before = render(fieldWithOneDifference(false), false, plain);
    const QImage after = render(fieldWithOneDifference(false), true, lit);
    after.save(test::screenshotPath(QStringLiteral("map_spotlight.png")));
    // Near: the marked cell and one 2° away.
    for (const LonLat near : {LonLat{90.5, 30.5}, LonLat{92.3, 31.1}}) {
        const QPoint p = pixelAt(lit, after, near[0], near[1]);
        EXPECT_EQ(after.pixel(p), before.pixel(p)) << near[0] << ", " << near[1];
    }
    // Far: another continent, and 30° away.
    for (const LonLat far : {LonLat{-60.2, -20.3}, LonLat{120.4, 30.2}, LonLat{90.6, -10.1}}) {
        const QPoint p = pixelAt(lit, after, far[0], far[1]);
        EXPECT_LT(lightness(after.pixel(p)), lightness(before.pixel(p)) - 30) << far[0] << ", " << far[1];
    }
}

TEST(MapSpotlight, LightsTheDiagnosisNeighbourhoodWhenThereIsOne) {
    ErrorMapRenderer plain, lit;
    const QImage before = render(fieldWithOneDifference(true), false, plain);
    const QImage after = render(fieldWithOneDifference(true), true, lit);
    const QPoint inside = pixelAt(lit, after, 130.3, 30.2), besideMarker = pixelAt(lit, after, 92.3, 31.1);
    const QPoint widened = pixelAt(lit, after, 142.1, 40.3), beyond = pixelAt(lit, after, 148.2, 30.2);
    EXPECT_EQ(after.pixel(inside), before.pixel(inside));
    EXPECT_EQ(after.pixel(widened), before.pixel(widened));
    EXPECT_LT(lightness(after.pixel(beyond)), lightness(before.pixel(beyond)) - 30);
    EXPECT_LT(lightness(after.pixel(besideMarker)), lightness(before.pixel(besideMarker)) - 30);
}

TEST(MapSpotlight, DimsNothingWhenTheGraphsDoNotDiffer) {
    auto data = fieldWithOneDifference(false);
    data->markers.clear();
    data->lines.clear();
    ErrorMapRenderer plain, lit;
    EXPECT_EQ(render(data, true, lit), render(data, false, plain));
}

}  // namespace
}  // namespace meshdiff::views
