// Colour bars on paper: no on-screen controls (histogram, limit handles), a symlog tick at every
// decade, captions wrapped instead of cut.
#include <QFontMetricsF>
#include <QImage>
#include <QPainter>
#include <QRegularExpression>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include <cmath>

#include "BumpField.h"
#include "colorbar/ColorBarPainter.h"
#include "export/MapFigure.h"

namespace meshdiff::views {
namespace {

ColorScale symlog(double limit, double linearWidth) {
    ColorScale scale;
    scale.kind = ColorMapKind::Diverging;
    scale.type = ScaleType::SymLog;
    scale.min = -limit;
    scale.max = limit;
    scale.linearWidth = linearWidth;
    return scale;
}

TEST(FigureColorBar, SymlogOnPaperHasATickAtEveryDecadeOnBothSidesAndZero) {
    const std::vector<double> ticks = colorBarTicks(symlog(1e-2, 1e-6), 3, true);
    for (int e = -6; e <= -2; ++e) {
        const double decade = std::pow(10.0, e);
        EXPECT_EQ(
            std::count_if(ticks.begin(), ticks.end(), [&](double t) { return std::abs(t - decade) < decade * 1e-9; }),
            1)
            << "+1e" << e;
        EXPECT_EQ(
            std::count_if(ticks.begin(), ticks.end(), [&](double t) { return std::abs(t + decade) < decade * 1e-9; }),
            1)
            << "-1e" << e;
    }
    EXPECT_EQ(std::count(ticks.begin(), ticks.end(), 0.0), 1);
    EXPECT_EQ(ticks.size(), 11u);
    EXPECT_TRUE(std::is_sorted(ticks.begin(), ticks.end()));
    // One-sided limits keep only the decades inside them.
    ColorScale upper = symlog(1e-3, 1e-5);
    upper.min = 0;
    EXPECT_EQ(colorBarTicks(upper, 3, true), (std::vector<double>{0, 1e-5, 1e-4, 1e-3}));
    // On screen the bar keeps its few round ticks.
    EXPECT_LT(colorBarTicks(symlog(1e-2, 1e-6), 3, false).size(), 11u);
}

TEST(FigureColorBar, OnPaperTheHistogramAndLimitHandlesAreNotDrawn) {
    ColorBarContent content;
    content.scale = symlog(1e-2, 1e-6);
    content.caption = QStringLiteral("A−B [K] — symlog, linear within ±1e-6, full range");
    std::vector<float> values(1000);
    for (std::size_t i = 0; i < values.size(); ++i) values[i] = float((double(i) - 500) * 2e-5);
    const ScaleHistogram histogram = histogramOnScale(std::span<const float>(values), content.scale);
    ASSERT_GT(histogram.largestCount(), 0u);
    const auto draw = [&](const ScaleHistogram* h, bool forPaper) {
        ColorBarContent c = content;
        c.histogram = h;
        c.forPaper = forPaper;
        QImage image(600, 200, QImage::Format_RGB32);
        image.fill(Qt::white);
        QPainter painter(&image);
        paintColorBar(painter, QRectF(50, 10, 500, colorBarHeight(h != nullptr, forPaper) * 2), c, 2);
        return image;
    };
    EXPECT_NE(draw(&histogram, false), draw(nullptr, false)) << "on screen the histogram shows";
    EXPECT_EQ(draw(&histogram, true), draw(nullptr, true)) << "on paper nothing of it";
    // The bar starts at the top of its area: no band left where the histogram stood.
    const QImage paper = draw(&histogram, true);
    bool inkInTopRow = false;
    for (int x = 60; x < 540; ++x) inkInTopRow |= paper.pixel(x, 12) != qRgb(255, 255, 255);
    EXPECT_TRUE(inkInTopRow);
}

TEST(FigureColorBar, ALongCaptionWrapsToFitTheBarAndIsNeverCut) {
    QFont font;
    font.setPixelSize(33);  // 8 pt at 300 dpi
    const QString caption = QStringLiteral("A−B [K] — symlog, linear within ±3e-5, robust 1–99 %");
    const double width = 0.8 * 89 / 25.4 * 300 * 0.8;  // the bar of an 89 mm map
    const CaptionLines wrapped = wrapCaption(caption, font, width);
    ASSERT_EQ(wrapped.lines.size(), 2);
    EXPECT_EQ(wrapped.lines.join(QLatin1Char(' ')), caption) << "every word, no ellipsis";
    for (const QString& line : wrapped.lines) EXPECT_LE(QFontMetricsF(wrapped.font).horizontalAdvance(line), width);
    EXPECT_GE(wrapped.font.pixelSize(), 33 * 3 / 4);
    // A short caption stays one line at full size.
    EXPECT_EQ(wrapCaption(QStringLiteral("A−B [K] — linear"), font, width).lines.size(), 1);
}

TEST(FigureColorBar, MapFigureAt89MmShowsTheWholeCaptionAndNoHistogram) {
    QTemporaryDir dir;
    auto data = meshdiff::test::bumpField();
    ErrorMapStyle style;
    style.scale = ScaleChoice::SymLog;
    style.graticule = false;
    FigureOptions options = withPreset(FigureOptions{}, FigurePreset::SingleColumn, QSizeF());
    options.format = FigureFormat::Svg;
    const QString path = dir.filePath("map.svg");
    writeMapFigure(data, style, options, path);
    QFile file(path);
    ASSERT_TRUE(file.open(QIODevice::ReadOnly));
    const QString svg = QString::fromUtf8(file.readAll());
    EXPECT_FALSE(svg.contains(QStringLiteral("…"))) << "nothing elided";
    EXPECT_TRUE(svg.contains(QStringLiteral("linear within"))) << "the note on the linear band";

    // The band above the colour bar, where the screen's histogram stands, is bare paper.
    options.format = FigureFormat::Png;
    options.dotsPerInch = 200;
    const QString png = dir.filePath("map.png");
    const FigureFile written = writeMapFigure(data, style, options, png);
    const QImage image(png);
    ErrorMapRenderer renderer;
    renderer.setData(data);
    renderer.setStyle(style);
    renderer.setLook(figureLook(options, options.dotsPerInch));
    const QRectF page(QPointF(0, 0), QSizeF(written.pixels));
    const QRectF frame = renderer.mapFrames(page).at(0);
    const auto bar = renderer.differenceBar(page);
    ASSERT_TRUE(bar.has_value());
    EXPECT_TRUE(bar->histogram.isEmpty());
    int inked = 0;
    for (int y = int(frame.bottom()) + 3; y < int(bar->bar.top()) - 1; ++y)
        for (int x = int(frame.left()); x < int(frame.right()); ++x) inked += image.pixel(x, y) != qRgb(255, 255, 255);
    EXPECT_EQ(inked, 0) << "histogram or handles printed";
}

}  // namespace
}  // namespace meshdiff::views
