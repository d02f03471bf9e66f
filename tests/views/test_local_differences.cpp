// The held-out check of issue 14: fields that differ only in a few places, with amplitudes that
// span two decades, show every place in the DEFAULT A−B map and in the globe's drape.
#include <QImage>

#include <gtest/gtest.h>

#include <algorithm>

#include "ImageCompare.h"
#include "LocalDifferences.h"
#include "globe/GlobeColors.h"
#include "map/ErrorMapRenderer.h"

namespace meshdiff::views {
namespace {

int colorDistance(QRgb a, Rgb b) {
    return std::max({std::abs(qRed(a) - b.r), std::abs(qGreen(a) - b.g), std::abs(qBlue(a) - b.b)});
}
int colorDistance(Rgb a, Rgb b) { return std::max({std::abs(a.r - b.r), std::abs(a.g - b.g), std::abs(a.b - b.b)}); }

// The pixel of a rendered map (centred on 0°) over (lat, lon): the map's frame is found through
// probe(), the pixel by the equirectangular projection, and checked by probe() again.
QPoint pixelAt(const ErrorMapRenderer& renderer, const QSize& size, double lat, double lon) {
    const QRectF target(QPointF(0, 0), QSizeF(size));
    int left = -1, right = -1, top = -1, bottom = -1;
    const int midY = size.height() / 3, midX = size.width() / 2;
    for (int x = 0; x < size.width(); ++x) {
        if (!renderer.probe(QPointF(x + 0.5, midY), target)) continue;
        if (left < 0) left = x;
        right = x;
    }
    for (int y = 0; y < size.height(); ++y) {
        if (!renderer.probe(QPointF(midX, y + 0.5), target)) continue;
        if (top < 0) top = y;
        bottom = y;
    }
    if (left < 0 || top < 0) return {-1, -1};
    const double x = left + (std::remainder(lon, 360.0) + 180) / 360 * (right - left + 1);
    const double y = top + (90 - lat) / 180 * (bottom - top + 1);
    const auto p = renderer.probe(QPointF(x, y), target);
    if (!p || std::abs(p->lat - lat) > 0.5) return {-1, -1};
    return QPoint(int(x), int(y));
}

TEST(LocalDifferences, TheDefaultDifferenceMapShowsEverySpot) {
    const test::LocalDifferencesPair pair;
    ErrorMapRenderer renderer;
    renderer.setData(pair.data);  // the default style: A−B, Auto scale, full range
    ASSERT_EQ(renderer.style().mode, MapMode::Difference);
    EXPECT_EQ(renderer.differenceScale().type, ScaleType::SymLog);
    const QSize size(1200, 700);
    const QImage image = renderer.toImage(size);
    image.save(test::screenshotPath("local_differences_default_map.png"));
    const Rgb zero = renderer.differenceScale().color(0.0);
    for (const auto& spot : test::LocalDifferencesPair::kSpots) {
        const QPoint at = pixelAt(renderer, size, spot.lat, spot.lon);
        ASSERT_GE(at.x(), 0);
        EXPECT_GE(colorDistance(image.pixel(at), zero), 60)
            << "the spot of " << spot.amplitude << " at " << spot.lat << "°, " << spot.lon << "° is not visible";
    }
    // The noise between the spots stays (nearly) the zero colour (away from the lat/lon grid's
    // lines, every 30°).
    const QPoint quiet = pixelAt(renderer, size, -12, 78);
    EXPECT_LE(colorDistance(image.pixel(quiet), zero), 30);
}

TEST(LocalDifferences, TheDrapeShowsEverySpotInTheMapsColours) {
    const test::LocalDifferencesPair pair;
    ErrorMapRenderer renderer;
    renderer.setData(pair.data);
    FieldOverlay overlay;
    overlay.grid = pair.data->grid;
    overlay.values.resize(pair.data->a.size());
    for (std::size_t i = 0; i < overlay.values.size(); ++i) overlay.values[i] = pair.data->a[i] - pair.data->b[i];
    overlay.scale = renderer.differenceScale();
    overlay.opacity = 1;
    const std::vector<std::uint8_t> pixels = drapePixels(overlay);
    const Rgb zero = renderer.differenceScale().color(0.0);
    for (const auto& spot : test::LocalDifferencesPair::kSpots) {
        const std::size_t i = std::size_t(std::lround((90 - spot.lat) * 4)) * 1440 +
                              std::size_t(std::lround(std::fmod(spot.lon + 360, 360) * 4));
        const Rgb drape{pixels[3 * i], pixels[3 * i + 1], pixels[3 * i + 2]};
        EXPECT_GE(colorDistance(drape, zero), 60) << "the drape hides the spot of " << spot.amplitude;
        EXPECT_EQ(drape, renderer.differenceScale().color(overlay.values[i]));
    }
}

}  // namespace
}  // namespace meshdiff::views
