// The error map zoomed and panned (renderer and canvas), its graticule, and difference markers
// that do not look like data.
#include <QApplication>
#include <QBuffer>
#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QMouseEvent>
#include <QPainter>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QSvgGenerator>
#include <QTest>
#include <QWheelEvent>

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "BumpField.h"
#include "ImageCompare.h"
#include "MapFigureText.h"
#include "colormap/DifferenceColors.h"
#include "map/ErrorMapCanvas.h"
#include "map/ErrorMapRenderer.h"
#include "map/ErrorMapView.h"

namespace meshdiff::views {
namespace {

// The bump field with a west–east slope, so that every column has its own colour.
std::shared_ptr<ErrorMapData> bumpData() { return meshdiff::test::bumpField(1 / 36.0); }

int colorDistance(QRgb a, QColor b) {
    return std::max({std::abs(qRed(a) - b.red()), std::abs(qGreen(a) - b.green()), std::abs(qBlue(a) - b.blue())});
}
QColor qcolor(Rgb c) { return QColor(c.r, c.g, c.b); }

const QSize kSize(1200, 700);
const QRectF kTarget(QPointF(0, 0), QSizeF(kSize));

// The page point of (lon, lat) on the renderer's first map.
QPointF pointOf(const ErrorMapRenderer& renderer, double lon, double lat) {
    const MapProjection projection{renderer.mapFrames(kTarget).front(), renderer.style().viewport};
    return {projection.x(projection.placed(lon)), projection.y(lat)};
}

// The text of the map's SVG figure of the window's size.
QString svgOf(const ErrorMapRenderer& renderer, const QString& name) {
    return meshdiff::test::mapFigureSvgText(renderer, QSizeF(kSize), test::screenshotPath(name));
}

// The text the renderer draws on screen (the map's own marker legend, which figures put in words
// below instead), read from the same drawing on a vector device.
QString textOnScreen(const ErrorMapRenderer& renderer) {
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    QSvgGenerator generator;
    generator.setOutputDevice(&buffer);
    generator.setSize(kSize);
    QPainter painter(&generator);
    renderer.render(painter, kTarget);
    painter.end();
    return QString::fromUtf8(buffer.data());
}

// Pixels of the map frame near the top of the A−B scale.
long reddish(const QImage& image, const ErrorMapRenderer& renderer) {
    return test::countColor(image, qcolor(sampleColorMap(ColorMapKind::Diverging, 1.0)), 40,
                            renderer.mapFrames(kTarget).front().toRect());
}

TEST(MapZoom, AZoomedMapShowsTheBumpLargerAndProbesFollowTheZoom) {
    ErrorMapRenderer renderer;
    renderer.setData(bumpData());
    ErrorMapStyle style;
    style.differences = false;
    renderer.setStyle(style);
    const QImage whole = renderer.toImage(kSize);
    const long wholeReddish = reddish(whole, renderer);
    EXPECT_GT(wholeReddish, 0);
    style.viewport = {90, 30, 8};
    renderer.setStyle(style);
    const QImage zoomed = renderer.toImage(kSize);
    zoomed.save(test::screenshotPath("map_zoomed.png"));
    // 8× closer: the bump covers about 64× the pixels.
    EXPECT_GT(reddish(zoomed, renderer), 30 * std::max(1L, wholeReddish));

    const QRectF frame = renderer.mapFrames(kTarget).front();
    const auto centre = renderer.probe(frame.center(), kTarget);
    ASSERT_TRUE(centre);
    EXPECT_EQ(centre->lat, 30);
    EXPECT_EQ(centre->lon, 90);
    EXPECT_NEAR(centre->a - centre->b, 2, 1e-3);
    // The frame spans 45° of longitude now: its left edge is at 67.5°E.
    const auto left = renderer.probe(QPointF(frame.left() + 1, frame.center().y()), kTarget);
    ASSERT_TRUE(left);
    EXPECT_NEAR(left->cursorLon, 67.5, 0.1);
    // Outside the frame the page stays white: the raster is clipped to the frame. (Between the
    // 30°N and 35°N labels.)
    const int y = int(pointOf(renderer, 90, 32.5).y());
    EXPECT_EQ(zoomed.pixel(int(frame.left()) - 3, y), QColor(Qt::white).rgb());
    EXPECT_EQ(zoomed.pixel(int(frame.right()) + 3, y), QColor(Qt::white).rgb());
}

// Pixels of the images a PDF holds (from their /Width and /Height).
long imagePixelsIn(const QString& pdf) {
    QFile file(pdf);
    EXPECT_TRUE(file.open(QIODevice::ReadOnly));
    const QString text = QString::fromLatin1(file.readAll());
    long pixels = 0;
    const QRegularExpression size(QStringLiteral("/Width (\\d+)\\s*/Height (\\d+)"));
    for (auto it = size.globalMatch(text); it.hasNext();) {
        const auto match = it.next();
        pixels += match.captured(1).toLong() * match.captured(2).toLong();
    }
    return pixels;
}

TEST(MapZoom, AZoomedPdfHoldsOnlyThePartOfTheRasterInItsFrame) {
    ErrorMapRenderer renderer;
    renderer.setData(bumpData());
    ErrorMapStyle style;
    style.coastlines = false;
    renderer.setStyle(style);
    const QString whole = test::screenshotPath("map_whole.pdf"), zoomed = test::screenshotPath("map_zoomed.pdf");
    const FigureOptions pdf = meshdiff::test::pageOfPoints(QSizeF(kSize), FigureFormat::Pdf);
    writeMapFigure(renderer.sharedData(), style, pdf, whole);
    style.viewport = {90, 30, 8};
    writeMapFigure(renderer.sharedData(), style, pdf, zoomed);
    EXPECT_LT(20 * imagePixelsIn(zoomed), imagePixelsIn(whole));
    EXPECT_GT(imagePixelsIn(zoomed), 0);
}

TEST(MapZoom, TheViewportChangesWithoutRecolouringTheField) {
    ErrorMapRenderer renderer;
    renderer.setData(bumpData());
    const ColorScale before = renderer.differenceScale();
    ErrorMapStyle style = renderer.style();
    style.viewport = {90, 30, 8};
    renderer.setStyle(style);
    // Limits come from the whole field, not from the part in view, so colours mean the same.
    EXPECT_DOUBLE_EQ(renderer.differenceScale().max, before.max);
    EXPECT_DOUBLE_EQ(renderer.style().viewport.zoom, 8);
}

TEST(MapGraticule, LabelsTheAxesAndGetsFinerWhenZoomed) {
    ErrorMapRenderer renderer;
    renderer.setData(bumpData());
    QString svg = svgOf(renderer, "map_graticule.svg");
    for (const char* label : {"60°N", "30°S", "120°E", "60°W", "0°"}) EXPECT_TRUE(svg.contains(label)) << label;
    EXPECT_FALSE(svg.contains("10°N"));
    ErrorMapStyle style = renderer.style();
    style.viewport = {90, 30, 8};  // 67.5°E … 112.5°E, 18.75°N … 41.25°N
    renderer.setStyle(style);
    svg = svgOf(renderer, "map_graticule_zoomed.svg");
    for (const char* label : {"70°E", "85°E", "110°E", "20°N", "35°N"}) EXPECT_TRUE(svg.contains(label)) << label;
    style.graticule = false;
    renderer.setStyle(style);
    svg = svgOf(renderer, "map_no_graticule.svg");
    EXPECT_FALSE(svg.contains("°N"));
}

// Markers over a field shown as A (viridis): each marked pixel keeps the field's colour, the
// marker is a ring around it in its own colour.
struct MarkerCase {
    int run;
    LonLat at;
    Rgb color;
};

void expectRingsAroundVisiblePixels(const ErrorMapRenderer& renderer, const ErrorMapData& data, const QImage& image,
                                    const std::vector<MarkerCase>& cases, const char* what) {
    const QRectF frame = renderer.mapFrames(kTarget).front();
    const double cell = frame.width() / renderer.style().viewport.lonSpan();  // 1° grid
    for (const MarkerCase& c : cases) {
        const QPointF p = pointOf(renderer, c.at[0], c.at[1]);
        const auto probe = renderer.probe(p, kTarget);
        ASSERT_TRUE(probe) << what;
        const QColor field = qcolor(renderer.valueScale().color(data.a[probe->gridIndex]));
        EXPECT_LE(colorDistance(image.pixel(p.toPoint()), field), 12)
            << what << ": run " << c.run << " covers its pixel";
        // The marker's colour: none on the cell, some on a ring just outside it.
        const double reach = std::max(30.0, 1.5 * cell);
        double nearest = 1e9;
        for (int dy = -int(reach); dy <= int(reach); ++dy)
            for (int dx = -int(reach); dx <= int(reach); ++dx) {
                const double distance = std::hypot(dx, dy);
                if (distance <= reach &&
                    colorDistance(image.pixel(p.toPoint() + QPoint(dx, dy)), qcolor(c.color)) <= 40)
                    nearest = std::min(nearest, distance);
            }
        EXPECT_GT(nearest, 0.71 * cell) << what << ": run " << c.run << " marks over its cell";
        EXPECT_LT(nearest, reach) << what << ": run " << c.run << " has no ring";
    }
}

TEST(MapMarkers, RingsInTheirOwnColoursLeaveTheMarkedPixelsVisible) {
    auto data = bumpData();
    const std::vector<MarkerCase> cases{
        {1, {90, 30}, kColorOnlyA}, {2, {-60, -20}, kColorOnlyB}, {0, {10, 0}, kColorChanged}};
    for (const MarkerCase& c : cases) data->markers.push_back({c.at, c.run});
    data->lines.push_back({{90, 30}, {95, 35}, 1});  // starts at the ring, not on the grid point
    ErrorMapRenderer renderer;
    renderer.setData(data);
    ErrorMapStyle style;
    style.mode = MapMode::A;
    style.graticule = false;
    renderer.setStyle(style);
    QImage image = renderer.toImage(kSize);
    image.save(test::screenshotPath("map_markers.png"));
    expectRingsAroundVisiblePixels(renderer, *data, image, cases, "whole world");

    style.viewport = {0, 0, 24};  // 15° across: a grid cell is 60 pixels wide
    style.viewport.centerLon = 10;
    renderer.setStyle(style);
    image = renderer.toImage(kSize);
    image.save(test::screenshotPath("map_markers_zoomed.png"));
    expectRingsAroundVisiblePixels(renderer, *data, image, {cases[2]}, "zoomed");
}

TEST(MapMarkers, HaveALegendOnTheMapAndInTheFigureAndCanBeHidden) {
    auto data = bumpData();
    data->markers.push_back({{90, 30}, 1});
    data->markers.push_back({{0, 0}, 0});
    ErrorMapRenderer renderer;
    renderer.setData(data);
    QString screen = textOnScreen(renderer);
    EXPECT_TRUE(screen.contains("in A only"));
    EXPECT_TRUE(screen.contains("triangle differs"));
    EXPECT_FALSE(screen.contains("in B only"));  // no B-only items: no entry
    // The figure says the same in words under the map.
    QString svg = svgOf(renderer, "map_marker_legend.svg");
    EXPECT_TRUE(svg.contains("grid→mesh edge only in A"));
    EXPECT_TRUE(svg.contains("grid point whose mesh→grid triangle differs"));
    EXPECT_FALSE(svg.contains("only in B"));
    ErrorMapStyle style;
    style.differences = false;
    renderer.setStyle(style);
    EXPECT_FALSE(textOnScreen(renderer).contains("in A only"));
    svg = svgOf(renderer, "map_marker_legend_off.svg");
    EXPECT_FALSE(svg.contains("only in A"));
}

// The canvas under the mouse: wheel, drag, double-click.
class MapCanvasTest : public ::testing::Test {
protected:
    void SetUp() override {
        view.setData(bumpData());
        view.resize(900, 560);
        view.show();
        ASSERT_TRUE(QTest::qWaitForWindowExposed(&view));
        canvas = view.canvas();
    }
    std::optional<MapProbe> probeAt(const QPointF& p) const {
        return view.renderer().probe(p, QRectF(QPointF(0, 0), QSizeF(canvas->size())));
    }
    QRectF frame() const { return view.renderer().mapFrames(QRectF(QPointF(0, 0), QSizeF(canvas->size()))).front(); }
    void wheel(const QPointF& at, int delta) {
        QWheelEvent event(at, canvas->mapToGlobal(at), QPoint(), QPoint(0, delta), Qt::NoButton, Qt::NoModifier,
                          Qt::NoScrollPhase, false);
        QCoreApplication::sendEvent(canvas, &event);
    }

    ErrorMapView view;
    QWidget* canvas = nullptr;
};

TEST_F(MapCanvasTest, TheWheelZoomsAtTheCursor) {
    QSignalSpy viewports(&view, &ErrorMapView::viewportChanged);
    QSignalSpy styles(&view, &ErrorMapView::styleChanged);
    const QPointF at = frame().topLeft() + QPointF(frame().width() * 0.7, frame().height() * 0.3);
    const auto before = probeAt(at);
    ASSERT_TRUE(before);
    for (int i = 0; i < 6; ++i) wheel(at, 120);
    EXPECT_NEAR(view.style().viewport.zoom, std::pow(1.25, 6), 1e-9);
    const auto after = probeAt(at);
    ASSERT_TRUE(after);
    EXPECT_NEAR(after->cursorLon, before->cursorLon, 1e-6);
    EXPECT_NEAR(after->cursorLat, before->cursorLat, 1e-6);
    EXPECT_EQ(viewports.count(), 6);
    EXPECT_EQ(styles.count(), 0) << "zooming is not a setting to save";
    wheel(at, -120 * 20);
    EXPECT_DOUBLE_EQ(view.style().viewport.zoom, 1);
}

TEST_F(MapCanvasTest, ADragPansAndADoubleClickShowsTheWholeWorldAgain) {
    QSignalSpy clicks(&view, &ErrorMapView::pointClicked);
    const QPointF centre = frame().center();
    wheel(centre, 120 * 6);
    const double lonSpan = view.style().viewport.lonSpan();
    const auto before = probeAt(centre);
    const QPointF to = centre + QPointF(frame().width() / 4, 0);
    QTest::mousePress(canvas, Qt::LeftButton, {}, centre.toPoint());
    QTest::mouseMove(canvas, (centre + QPointF(10, 0)).toPoint());
    QTest::mouseMove(canvas, to.toPoint());
    QTest::mouseRelease(canvas, Qt::LeftButton, {}, to.toPoint());
    const auto after = probeAt(centre);
    ASSERT_TRUE(before && after);
    // Dragged right by a quarter of the frame: the centre now shows what was a quarter west of it.
    EXPECT_NEAR(after->cursorLon, before->cursorLon - lonSpan / 4, lonSpan / 100);
    EXPECT_EQ(clicks.count(), 0) << "a drag is not a click";
    // The point dragged along is under the mouse again.
    EXPECT_NEAR(probeAt(to)->cursorLon, before->cursorLon, lonSpan / 100);

    QTest::mouseDClick(canvas, Qt::LeftButton, {}, centre.toPoint());
    EXPECT_DOUBLE_EQ(view.style().viewport.zoom, 1);
    QTest::qWait(QApplication::doubleClickInterval() + 100);
    EXPECT_EQ(clicks.count(), 0) << "a double-click is no click on the point";
    QTest::keyClick(canvas, Qt::Key_Plus);
    EXPECT_GT(view.style().viewport.zoom, 1);
    QTest::keyClick(canvas, Qt::Key_0);
    EXPECT_DOUBLE_EQ(view.style().viewport.zoom, 1);
}

TEST_F(MapCanvasTest, AClickStillPicksThePointUnderTheMouseWhenZoomed) {
    QSignalSpy clicks(&view, &ErrorMapView::pointClicked);
    view.setViewport({90, 30, 8});
    QTest::mouseClick(canvas, Qt::LeftButton, {}, frame().center().toPoint());
    ASSERT_TRUE(clicks.wait(2000));
    ASSERT_EQ(clicks.count(), 1);
    EXPECT_NEAR(clicks.at(0).at(0).toDouble(), 30, 1);
    EXPECT_NEAR(clicks.at(0).at(1).toDouble(), 90, 1);
}

}  // namespace
}  // namespace meshdiff::views
