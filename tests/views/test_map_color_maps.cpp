// The error map's colour maps: the diverging "balance" as defined, the box naming the map drawn,
// and |A−B|'s own limits in |A−B| mode.
#include <QComboBox>
#include <QLineEdit>
#include <QSignalSpy>

#include <gtest/gtest.h>

#include <cmath>
#include <memory>

#include "colormap/ColorMap.h"
#include "map/ErrorMapView.h"

namespace meshdiff::views {
namespace {

// CIE L* of an sRGB colour (D65).
double lightnessOf(Rgb c) {
    auto linear = [](std::uint8_t v) {
        const double x = v / 255.0;
        return x <= 0.04045 ? x / 12.92 : std::pow((x + 0.055) / 1.055, 2.4);
    };
    const double y = 0.2126 * linear(c.r) + 0.7152 * linear(c.g) + 0.0722 * linear(c.b);
    return y > 0.008856 ? 116 * std::cbrt(y) - 16 : 903.3 * y;
}

TEST(ColorMaps, BalanceHasItsDefinedEndsAndCentre) {
    // The definition's ends and centre (ColorMap.cpp, kBalance).
    EXPECT_EQ(sampleColorMap(ColorMapKind::Balance, 0.0), (Rgb{0, 38, 80}));
    EXPECT_EQ(sampleColorMap(ColorMapKind::Balance, 0.5), (Rgb{244, 240, 238}));
    EXPECT_EQ(sampleColorMap(ColorMapKind::Balance, 1.0), (Rgb{78, 12, 13}));
    EXPECT_TRUE(isDiverging(ColorMapKind::Balance));
    EXPECT_FALSE(isDiverging(ColorMapKind::Magma));
}

TEST(ColorMaps, BalanceLightnessFallsInEvenStepsFromTheCentre) {
    // L* = 15 at the ends, 95 at the centre, 16 per tenth of the bar on either side.
    for (int k = 0; k <= 10; ++k) {
        const double expected = 95 - 80 * std::abs(k - 5) / 5.0;
        EXPECT_NEAR(lightnessOf(sampleColorMap(ColorMapKind::Balance, k / 10.0)), expected, 2.5) << k;
    }
    // Blue below the centre, red above.
    const Rgb low = sampleColorMap(ColorMapKind::Balance, 0.2), high = sampleColorMap(ColorMapKind::Balance, 0.8);
    EXPECT_GT(low.b, low.r);
    EXPECT_GT(high.r, high.b);
}

TEST(ColorMaps, MagmaRunsFromBlackToPaleYellowGettingLighter) {
    EXPECT_EQ(sampleColorMap(ColorMapKind::Magma, 0.0), (Rgb{0, 0, 4}));
    EXPECT_EQ(sampleColorMap(ColorMapKind::Magma, 1.0), (Rgb{252, 253, 191}));
    for (int k = 0; k < 10; ++k)
        EXPECT_LT(lightnessOf(sampleColorMap(ColorMapKind::Magma, k / 10.0)),
                  lightnessOf(sampleColorMap(ColorMapKind::Magma, (k + 1) / 10.0)))
            << k;
}

TEST(ColorMaps, ADivergingScaleKeepsZeroAtTheCentreWhateverTheMap) {
    ColorScale scale;
    scale.kind = ColorMapKind::Balance;
    scale.min = -1;
    scale.max = 4;
    EXPECT_DOUBLE_EQ(scale.position(0.0), 0.5);
    EXPECT_EQ(scale.color(0.0), sampleColorMap(ColorMapKind::Balance, 0.5));
}

// A−B from −3 to +1 on a 1° grid.
std::shared_ptr<ErrorMapData> skewedDifference() {
    auto data = std::make_shared<ErrorMapData>();
    for (int i = 0; i < 90; ++i) data->grid.lat.push_back(-89.0 + 2 * i);
    for (int j = 0; j < 180; ++j) data->grid.lon.push_back(1.0 + 2 * j);
    for (int i = 0; i < 90; ++i)
        for (int j = 0; j < 180; ++j) {
            data->a.push_back(float(10 + j % 5));
            data->b.push_back(float(10 + j % 5) + float(-1.0 + 4.0 * (j % 9) / 8.0));
        }
    data->fieldName = "t";
    return data;
}

QComboBox* box(ErrorMapView& view, const char* name) { return view.findChild<QComboBox*>(QString::fromLatin1(name)); }

TEST(ErrorMapView, TheColourMapBoxNamesTheMapDrawn) {
    ErrorMapView view;
    ErrorMapStyle style;
    style.differenceMap = ColorMapKind::Balance;
    style.sequentialMap = ColorMapKind::Magma;
    view.setStyle(style);
    view.setData(skewedDifference());
    view.resize(1000, 560);
    view.show();
    QComboBox* differences = box(view, "mapDifferenceColorMap");
    QComboBox* sequential = box(view, "mapColorMap");
    ASSERT_TRUE(differences && sequential);
    // A−B: only the diverging box shows, naming the A−B map drawn.
    EXPECT_TRUE(differences->isVisible());
    EXPECT_FALSE(sequential->isVisible());
    EXPECT_EQ(differences->currentText().toStdString(), colorMapName(view.renderer().differenceScale().kind));
    EXPECT_EQ(view.renderer().differenceScale().kind, ColorMapKind::Balance);

    // Choosing RdBu in the box draws RdBu.
    QSignalSpy restyled(&view, &ErrorMapView::restyled);
    differences->setCurrentIndex(differences->findText(QStringLiteral("RdBu")));
    ASSERT_TRUE(restyled.wait(10000));
    EXPECT_EQ(view.renderer().differenceScale().kind, ColorMapKind::Diverging);

    // |A−B|: only the sequential box shows, naming the |A−B| map drawn.
    box(view, "mapMode")->setCurrentIndex(box(view, "mapMode")->findData(int(MapMode::AbsDifference)));
    ASSERT_TRUE(restyled.wait(10000));
    EXPECT_FALSE(differences->isVisible());
    EXPECT_TRUE(sequential->isVisible());
    EXPECT_EQ(sequential->currentText().toStdString(), colorMapName(view.renderer().magnitudeScale().kind));
    EXPECT_EQ(sequential->currentText(), QStringLiteral("magma"));
}

TEST(ErrorMapView, AbsoluteDifferenceModeShowsTheLimitsOfAbsoluteDifference) {
    ErrorMapView view;
    ErrorMapStyle style;
    style.mode = MapMode::AbsDifference;
    style.scale = ScaleChoice::Linear;
    view.setStyle(style);
    view.setData(skewedDifference());
    const double lower = view.findChild<QLineEdit*>(QStringLiteral("mapLimitMin"))->text().toDouble();
    const double upper = view.findChild<QLineEdit*>(QStringLiteral("mapLimitMax"))->text().toDouble();
    // |A−B| runs from 0 to max|A−B| = 3 (A−B's limits would be −3 … 3).
    EXPECT_DOUBLE_EQ(lower, 0.0);
    EXPECT_DOUBLE_EQ(upper, 3.0);

    // On a log scale the lower limit is positive: still |A−B|'s, never below 0.
    style.scale = ScaleChoice::SymLog;
    QSignalSpy restyled(&view, &ErrorMapView::restyled);
    view.setStyle(style);
    ASSERT_TRUE(restyled.wait(10000));
    const double logLower = view.findChild<QLineEdit*>(QStringLiteral("mapLimitMin"))->text().toDouble();
    EXPECT_GT(logLower, 0.0);
    EXPECT_LT(logLower, 3.0);
    EXPECT_DOUBLE_EQ(view.findChild<QLineEdit*>(QStringLiteral("mapLimitMax"))->text().toDouble(), 3.0);
}

}  // namespace
}  // namespace meshdiff::views
