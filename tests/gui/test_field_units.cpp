// Units from the file reach every colour bar and readout: CF `units` of NetCDF fields
// (tests/fixtures/make_units_runs.py), and nothing at all for a field without units.
#include <QCoreApplication>
#include <QFile>
#include <QMouseEvent>

#include <gtest/gtest.h>

#include <atomic>

#include "ImageCompare.h"
#include "MapFigureText.h"
#include "core/TestPaths.h"
#include "map/ErrorMapRenderer.h"
#include "map/ErrorMapView.h"
#include "pair/FieldMap.h"
#include "pair/PairLoader.h"

namespace meshdiff::pair {
namespace {

std::shared_ptr<LoadedPair> unitsPair() {
    const std::atomic<bool> cancel{false};
    return loadPair((test::fixture("units") / "A").string(), (test::fixture("units") / "B").string(),
                    [](int, const std::string&) {}, cancel);
}

// The text of the map's SVG figure: captions and labels stay text there.
QString svgText(const views::ErrorMapRenderer& renderer, const QString& name) {
    return meshdiff::test::mapFigureSvgText(renderer, QSizeF(1200, 700), test::screenshotPath(name));
}

// The map's readout with the mouse over (lat 30, lon 90), where A and B differ.
QString readoutOverTheBump(views::ErrorMapView& view) {
    QWidget* canvas = view.canvas();
    const QRectF target(QPointF(0, 0), QSizeF(canvas->size()));
    for (int y = 0; y < canvas->height(); ++y)
        for (int x = 0; x < canvas->width(); ++x) {
            const auto p = view.renderer().probe(QPointF(x, y), target);
            if (p && p->lat == 30 && p->lon == 90) {
                QMouseEvent move(QEvent::MouseMove, QPointF(x, y), canvas->mapToGlobal(QPointF(x, y)), Qt::NoButton,
                                 Qt::NoButton, Qt::NoModifier);
                QCoreApplication::sendEvent(canvas, &move);
                return view.cursorText();
            }
        }
    return {};
}

TEST(FieldUnits, NetcdfUnitsReachTheColourBarTheMapReadoutAndTheGlobeReadout) {
    const auto pair = unitsPair();
    ASSERT_TRUE(pair && pair->fields);
    const auto data = loadFieldMap(*pair, "2m_temperature", {});
    EXPECT_EQ(data->units, "K");

    views::ErrorMapRenderer renderer;
    renderer.setData(data);
    const QString svg = svgText(renderer, "units_map.svg");
    EXPECT_TRUE(svg.contains("A−B [K]")) << "the colour bar does not say the units";

    views::ErrorMapView view;
    view.setData(data);
    view.resize(900, 560);
    view.show();
    const QString readout = readoutOverTheBump(view);
    EXPECT_TRUE(readout.contains("A−B 2 K")) << readout.toStdString();
    EXPECT_TRUE(readout.contains(" K   B ")) << "A's value has its units too: " << readout.toStdString();

    const QString globe = globeReadout(data)(30.2, 89.9);
    EXPECT_TRUE(globe.contains("2m_temperature")) << globe.toStdString();
    EXPECT_TRUE(globe.contains("30.00°N, 90.00°E")) << globe.toStdString();
    EXPECT_TRUE(globe.contains("A−B 2 K")) << globe.toStdString();
}

TEST(FieldUnits, AFieldWithoutUnitsShowsNoUnitsRatherThanAWrongOne) {
    const auto pair = unitsPair();
    ASSERT_TRUE(pair && pair->fields);
    const auto data = loadFieldMap(*pair, "storm_index", {});
    EXPECT_EQ(data->units, "");
    views::ErrorMapRenderer renderer;
    renderer.setData(data);
    const QString svg = svgText(renderer, "no_units_map.svg");
    EXPECT_TRUE(svg.contains("A−B")) << "no colour bar caption";
    EXPECT_FALSE(svg.contains("A−B [")) << "a unit appeared from nowhere";
    const QString globe = globeReadout(data)(30, 90);
    EXPECT_TRUE(globe.endsWith("A−B 0.2")) << "no unit after the value: " << globe.toStdString();
}

}  // namespace
}  // namespace meshdiff::pair
