#include <QCoreApplication>
#include <QFile>
#include <QImage>
#include <QMouseEvent>
#include <QPainter>
#include <QSignalSpy>

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "BumpField.h"
#include "ImageCompare.h"
#include "MapFigureText.h"
#include "colormap/ColorMap.h"
#include "colormap/DifferenceColors.h"
#include "common/Error.h"
#include "map/ErrorMapRenderer.h"
#include "map/ErrorMapView.h"
#include "map/MapSeam.h"

namespace meshdiff::views {
namespace {

std::shared_ptr<ErrorMapData> bumpData() { return meshdiff::test::bumpField(); }

QColor qcolor(Rgb c) { return QColor(c.r, c.g, c.b); }

int colorDistance(QRgb a, QColor b) {
    return std::max({std::abs(qRed(a) - b.red()), std::abs(qGreen(a) - b.green()), std::abs(qBlue(a) - b.blue())});
}

TEST(ColorScale, DivergingIsSymmetricAndCentredOnZero) {
    const std::vector<float> values{-1.0f, 0.5f, 3.0f, NAN};
    const ColorScale scale = divergingScale(values);
    EXPECT_DOUBLE_EQ(scale.min, -3.0);
    EXPECT_DOUBLE_EQ(scale.max, 3.0);
    EXPECT_DOUBLE_EQ(scale.position(0.0), 0.5);
    const Rgb centre = scale.color(0.0);
    EXPECT_GT(centre.r, 240);
    EXPECT_GT(centre.g, 240);
    EXPECT_GT(centre.b, 240);
    EXPECT_GT(scale.color(3.0).r, scale.color(3.0).b);    // positive: red
    EXPECT_GT(scale.color(-3.0).b, scale.color(-3.0).r);  // negative: blue
    EXPECT_EQ(scale.color(NAN), kMissingColor);
}

TEST(ColorScale, RobustLimitsIgnoreOutliers) {
    std::vector<float> values(1000);
    for (std::size_t i = 0; i < values.size(); ++i) values[i] = float(i % 10) / 10.0f;
    values[17] = 1000.0f;
    const ColorScale full = divergingScale(values);
    const ColorScale robust = divergingScale(values, {LimitMode::Robust, 99.0});
    EXPECT_DOUBLE_EQ(full.max, 1000.0);
    EXPECT_LT(robust.max, 1.0);
    EXPECT_NEAR(robust.max, 0.9, 1e-6);
    const ColorScale sequential = sequentialScale(values, ColorMapKind::Viridis, {LimitMode::Robust, 99.0});
    EXPECT_NEAR(sequential.min, 0.0, 1e-6);
    EXPECT_NEAR(sequential.max, 0.9, 1e-6);
}

TEST(ColorScale, LogScaleUsesDecades) {
    const std::vector<double> values{0.0, 1e-4, 1e-2, 1.0};
    const ColorScale scale = sequentialScale(values, ColorMapKind::Cividis, {}, true);
    EXPECT_DOUBLE_EQ(scale.min, 1e-4);
    EXPECT_DOUBLE_EQ(scale.max, 1.0);
    EXPECT_NEAR(scale.position(1e-2), 0.5, 1e-12);
    EXPECT_NEAR(scale.valueAt(0.5), 1e-2, 1e-12);
    EXPECT_EQ(scale.ticks().size(), 5u);  // 1e-4 … 1
}

TEST(ColorMap, SequentialMapsGetBrighter) {
    for (ColorMapKind kind : {ColorMapKind::Viridis, ColorMapKind::Cividis}) {
        auto luma = [](Rgb c) { return 0.3 * c.r + 0.59 * c.g + 0.11 * c.b; };
        for (int k = 0; k < 10; ++k) {
            EXPECT_LT(luma(sampleColorMap(kind, k / 10.0)), luma(sampleColorMap(kind, (k + 1) / 10.0)))
                << colorMapName(kind) << " at " << k;
        }
    }
}

TEST(MapSeam, UnwrapsAndShiftsAcrossTheSeam) {
    const auto unwrapped = unwrapLongitudes({{179.0, 0.0}, {-179.0, 1.0}, {181.0, 2.0}});
    EXPECT_DOUBLE_EQ(unwrapped[1][0], 181.0);
    EXPECT_DOUBLE_EQ(unwrapped[2][0], 181.0);
    // A shape spanning 179…181 in a −180…180 window is drawn twice: as is and shifted by −360.
    EXPECT_EQ(seamShifts(179, 181, -180), (std::vector<double>{-360.0, 0.0}));
    EXPECT_EQ(seamShifts(10, 20, -180), (std::vector<double>{0.0}));
    EXPECT_EQ(seamShifts(350, 355, -180), (std::vector<double>{-360.0}));
}

TEST(ErrorMapRenderer, DifferenceShowsTheBumpWhereItIs) {
    ErrorMapRenderer renderer;
    renderer.setData(bumpData());
    renderer.setStyle({});  // A−B, full limits
    EXPECT_NEAR(renderer.differenceScale().max, 2.0, 1e-3);
    const QSize size(1200, 700);
    const QImage image = renderer.toImage(size);
    QString message;
    // QPainter output is deterministic on one machine; the tolerance absorbs font rasterization.
    EXPECT_TRUE(test::matchesBaseline(image, "error_map_bump", 24, size.width() * size.height() / 200, message))
        << message.toStdString();

    // The map centre is (0°, 0°); find the pixel of (lat 30, lon 90) by probing.
    const QRectF target(QPointF(0, 0), QSizeF(size));
    std::optional<MapProbe> centre = renderer.probe(QPointF(600, 300), target);
    ASSERT_TRUE(centre);
    // Locate lon 90 / lat 30 by scanning a row and a column through probe().
    int bumpX = -1, bumpY = -1;
    for (int x = 0; x < size.width() && bumpX < 0; ++x) {
        auto p = renderer.probe(QPointF(x, 300), target);
        if (p && p->lon == 90) bumpX = x;
    }
    for (int y = 0; y < size.height() && bumpY < 0; ++y) {
        auto p = renderer.probe(QPointF(bumpX, y), target);
        if (p && p->lat == 30) bumpY = y;
    }
    ASSERT_GE(bumpX, 0);
    ASSERT_GE(bumpY, 0);
    const auto probe = renderer.probe(QPointF(bumpX, bumpY), target);
    EXPECT_NEAR(probe->a - probe->b, 2.0, 1e-3);
    // A−B = +2 there: the darkest red of the diverging map. Far away: white (A−B = 0).
    EXPECT_LE(colorDistance(image.pixel(bumpX, bumpY), qcolor(sampleColorMap(ColorMapKind::Diverging, 1.0))), 30);
    const auto far = renderer.probe(QPointF(bumpX - 250, bumpY + 150), target);
    ASSERT_TRUE(far);
    EXPECT_NEAR(far->a - far->b, 0.0, 1e-4);
    EXPECT_LE(colorDistance(image.pixel(bumpX - 250, bumpY + 150), QColor(247, 247, 247)), 12);
}

TEST(ErrorMapRenderer, SideBySideDrawsThreeMapsAndProbesEach) {
    ErrorMapRenderer renderer;
    renderer.setData(bumpData());
    ErrorMapStyle style;
    style.mode = MapMode::SideBySide;
    renderer.setStyle(style);
    const QSize size(1800, 400);
    const QImage image = renderer.toImage(size);
    image.save(test::screenshotPath("error_map_side_by_side.png"));
    const QRectF target(QPointF(0, 0), QSizeF(size));
    int maps = 0;
    for (int x = 1; x < size.width(); ++x) {
        if (renderer.probe(QPointF(x, 200), target) && !renderer.probe(QPointF(x - 1, 200), target)) ++maps;
    }
    EXPECT_EQ(maps, 3);
    // A and B share one sequential scale from the data's min to max.
    EXPECT_NEAR(renderer.valueScale().min, 280.0, 0.01);  // A at the poles
    EXPECT_NEAR(renderer.valueScale().max, 300.0, 0.01);  // A and B at the equator
}

TEST(ErrorMapRenderer, TriangleAcrossTheSeamIsSplitNotSmeared) {
    auto data = bumpData();
    data->b = data->a;  // no field difference: only the triangle is coloured
    data->triangles.push_back({{LonLat{178.0, 10.0}, LonLat{-178.0, 10.0}, LonLat{180.0, 14.0}}, 1});
    ErrorMapRenderer renderer;
    renderer.setData(data);
    const QSize size(1200, 700);
    const QImage image = renderer.toImage(size);
    image.save(test::screenshotPath("error_map_seam.png"));
    const QRectF target(QPointF(0, 0), QSizeF(size));
    // Rows through lat 12 near both map edges hold the triangle colour; the middle does not.
    int y = -1;
    for (int yy = 0; yy < size.height() && y < 0; ++yy) {
        auto p = renderer.probe(QPointF(600, yy), target);
        if (p && p->lat == 12) y = yy;
    }
    ASSERT_GE(y, 0);
    int left = -1, right = -1;
    for (int x = 0; x < size.width(); ++x) {
        if (renderer.probe(QPointF(x, y), target)) {
            if (left < 0) left = x;
            right = x;
        }
    }
    const QColor fill = qcolor(kColorOnlyA);
    auto tinted = [&](int x0, int x1) {
        long n = 0;
        for (int x = x0; x <= x1; ++x) n += colorDistance(image.pixel(x, y), fill) < 90 ? 1 : 0;
        return n;
    };
    // (The outline passes outside the cells within the face: a few pixels beyond its corners.)
    EXPECT_GT(tinted(left, left + 20), 0);
    EXPECT_GT(tinted(right - 20, right), 0);
    EXPECT_EQ(tinted(left + 40, right - 40), 0);
}

// The map leaves the window only as a figure (views/export/MapFigure): PNG of any size, PDF, SVG.
TEST(ErrorMapRenderer, ExportsAsAFigurePngOfAnySizePdfAndSvg) {
    const auto data = bumpData();
    const ErrorMapStyle style;
    const QString png = test::screenshotPath("export_map.png");
    const QString pdf = test::screenshotPath("export_map.pdf");
    const QString svg = test::screenshotPath("export_map.svg");
    FigureOptions options =
        meshdiff::test::pageOfPoints(QSizeF(3200 * 72 / 300.0, 1800 * 72 / 300.0), FigureFormat::Png);
    writeMapFigure(data, style, options, png);
    writeMapFigure(data, style, meshdiff::test::pageOfPoints(QSizeF(1200, 700), FigureFormat::Pdf), pdf);
    writeMapFigure(data, style, meshdiff::test::pageOfPoints(QSizeF(1200, 700), FigureFormat::Svg), svg);
    EXPECT_EQ(QImage(png).size(), QSize(3200, 1800));
    QFile pdfFile(pdf), svgFile(svg);
    ASSERT_TRUE(pdfFile.open(QIODevice::ReadOnly));
    ASSERT_TRUE(svgFile.open(QIODevice::ReadOnly));
    EXPECT_TRUE(pdfFile.read(5) == "%PDF-");
    const QByteArray svgText = svgFile.readAll();
    EXPECT_TRUE(svgText.contains("<svg"));
    EXPECT_TRUE(svgText.contains("<text"));  // labels stay text: a vector figure
    EXPECT_THROW(writeMapFigure(data, style, options, "/nonexistent-dir/map.png"), Error);
}

TEST(ErrorMapView, ShowsTheValuesUnderTheCursor) {
    ErrorMapView view;
    view.setData(bumpData());
    view.resize(900, 560);
    view.show();
    QWidget* canvas = view.canvas();
    const QRectF target(QPointF(0, 0), QSizeF(canvas->size()));
    // Find the canvas pixel over (lat 30, lon 90), the bump, and hover there.
    QPointF over;
    for (int y = 0; y < canvas->height() && over.isNull(); ++y) {
        for (int x = 0; x < canvas->width(); ++x) {
            const auto p = view.renderer().probe(QPointF(x, y), target);
            if (p && p->lat == 30 && p->lon == 90) {
                over = QPointF(x, y);
                break;
            }
        }
    }
    ASSERT_FALSE(over.isNull());
    QMouseEvent move(QEvent::MouseMove, over, canvas->mapToGlobal(over), Qt::NoButton, Qt::NoButton, Qt::NoModifier);
    QCoreApplication::sendEvent(canvas, &move);
    const QString text = view.cursorText();
    EXPECT_TRUE(text.contains("30.00°N, 90.00°E")) << text.toStdString();
    EXPECT_TRUE(text.contains("A−B 2 K")) << text.toStdString();
}

TEST(ErrorMapView, ShowsARendererPreparedElsewhereInItsOwnStyle) {
    ErrorMapView view;
    ErrorMapStyle shown;
    shown.mode = MapMode::SideBySide;
    view.setStyle(shown);
    view.resize(900, 560);
    view.show();

    // Prepared (as a worker does) in the style asked for at the time, which has changed since.
    auto prepared = std::make_shared<ErrorMapRenderer>();
    const auto data = bumpData();
    prepared->setData(data);
    prepared->prepareImages();
    const QImage before = prepared->toImage(QSize(600, 300));
    const auto previous = view.showPrepared(prepared);
    ASSERT_NE(previous, nullptr);
    EXPECT_NE(previous, prepared);
    EXPECT_EQ(view.renderer().data(), data.get());
    EXPECT_TRUE(view.style() == shown) << "the view's current style wins";
    // It is restyled on a worker; the prepared picture stays on show meanwhile.
    EXPECT_TRUE(view.isRestyling());
    QSignalSpy restyled(&view, &ErrorMapView::restyled);
    ASSERT_TRUE(restyled.wait(10000));
    EXPECT_EQ(view.renderer().data(), data.get());
    EXPECT_NE(view.renderer().toImage(QSize(600, 300)), before) << "side by side, not the prepared single map";
}

}  // namespace
}  // namespace meshdiff::views
