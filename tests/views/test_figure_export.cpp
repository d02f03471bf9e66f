// Figures as File ▸ Export ▸ Figure… and `meshdiff report` write them: page and pixel sizes,
// vector lines and text with one embedded raster, titles said once, legends beside the globe.
#include <QFile>
#include <QImage>
#include <QRegularExpression>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "BumpField.h"
#include "ImageCompare.h"
#include "SyntheticGlobeScene.h"
#include "export/FigureOptions.h"
#include "export/GlobeFigure.h"
#include "export/MapFigure.h"

namespace meshdiff::views {
namespace {

// A 1° field whose B differs from A by a bump at (30°N, 90°E), with three coastlines and run
// labels that already name their run, as run.json labels do.
std::shared_ptr<ErrorMapData> labelledData() {
    auto data = meshdiff::test::bumpField();
    data->labelA = "A (glibc float32 math)";
    data->labelB = "B (Eigen float32 math)";
    data->coastlines = {{{-10, 40}, {20, 45}, {30, 30}}, {{100, -10}, {120, -20}, {140, -15}}, {{170, 60}, {-170, 62}}};
    data->markers = {{{90, 30}, 0}};
    return data;
}

QString readText(const QString& path) {
    QFile file(path);
    EXPECT_TRUE(file.open(QIODevice::ReadOnly)) << path.toStdString();
    return QString::fromUtf8(file.readAll());
}

FigureOptions journal(FigureFormat format, FigurePreset preset = FigurePreset::SingleColumn) {
    FigureOptions options = withPreset(FigureOptions{}, preset, QSizeF());
    options.format = format;
    return options;
}

TEST(FigureExport, SvgKeepsCoastlinesAndTextAsVectorsWithOneRasterInsideTheFrame) {
    QTemporaryDir dir;
    const auto data = labelledData();
    ErrorMapStyle style;
    style.mode = MapMode::Difference;
    style.graticule = false;  // its ticks stand outside the frame by design (checked with the map's navigation)
    const QString path = dir.filePath("map.svg");
    const FigureFile file = writeMapFigure(data, style, journal(FigureFormat::Svg), path);
    const QString svg = readText(path);
    QFile::remove(meshdiff::test::screenshotPath("figure_single_column.svg"));
    QFile::copy(path, meshdiff::test::screenshotPath("figure_single_column.svg"));

    EXPECT_EQ(svg.count(QStringLiteral("<image")), 1) << "one raster for one map";
    EXPECT_GE(svg.count(QStringLiteral("<path")) + svg.count(QStringLiteral("<polyline")), 3) << "coastlines";
    EXPECT_GE(svg.count(QStringLiteral("<text")), 4) << "title and colour bar labels";
    EXPECT_TRUE(svg.contains(QStringLiteral("2m_temperature")));
    // Page: 89 mm wide, and no taller than the map, its title and colour bar (with the A−B
    // histogram) need.
    const QRegularExpression size(QStringLiteral("width=\"([0-9.]+)mm\" height=\"([0-9.]+)mm\""));
    const auto match = size.match(svg);
    ASSERT_TRUE(match.hasMatch()) << svg.left(400).toStdString();
    EXPECT_NEAR(match.captured(1).toDouble(), 89.0, 0.5);
    EXPECT_NEAR(match.captured(2).toDouble(), file.inches.height() * kMillimetresPerInch, 0.5);
    EXPECT_LT(match.captured(2).toDouble(), 89.0 / 2 + 32) << "a blank band under the map";

    // The raster lies exactly on the map frame.
    ErrorMapRenderer renderer;
    renderer.setData(data);
    renderer.setStyle(style);
    renderer.setLook(figureLook(journal(FigureFormat::Svg), kPointsPerInch));
    const QSizeF page = file.inches * kPointsPerInch;
    const QRectF frame = renderer.mapFrames(QRectF(QPointF(0, 0), page)).at(0);
    const QRegularExpression image(QStringLiteral("<image[^>]*width=\"([0-9.]+)\"[^>]*height=\"([0-9.]+)\""));
    const auto placed = image.match(svg);
    ASSERT_TRUE(placed.hasMatch());
    EXPECT_NEAR(placed.captured(1).toDouble(), frame.width(), 1.0);
    EXPECT_NEAR(placed.captured(2).toDouble(), frame.height(), 1.0);

    // Every line ends inside the frame, the coastline across the date line too (SVG keeps no clip).
    const QRegularExpression points(QStringLiteral("points=\"([^\"]*)\""));
    int lines = 0;
    for (auto it = points.globalMatch(svg); it.hasNext(); ++lines) {
        for (const QString& point : it.next().captured(1).split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
            const double x = point.section(QLatin1Char(','), 0, 0).toDouble();
            EXPECT_GE(x, frame.left() - 0.01);
            EXPECT_LE(x, frame.right() + 0.01);
        }
    }
    EXPECT_GE(lines, 4);
    // Text in points: ticks 8 pt, titles 9 pt.
    EXPECT_TRUE(svg.contains(QStringLiteral("font-size=\"8\"")));
    EXPECT_TRUE(svg.contains(QStringLiteral("font-size=\"9\"")));
}

TEST(FigureExport, PdfPageIsTheRequestedSizeAndTitlesNameEachRunOnce) {
    QTemporaryDir dir;
    ErrorMapStyle style;
    style.mode = MapMode::SideBySide;
    FigureOptions options = journal(FigureFormat::Pdf, FigurePreset::DoubleColumn);
    const QString path = dir.filePath("map.pdf");
    const FigureFile file = writeMapFigure(labelledData(), style, options, path);
    QFile pdf(path);
    ASSERT_TRUE(pdf.open(QIODevice::ReadOnly));
    const QString bytes = QString::fromLatin1(pdf.readAll());
    const QRegularExpression mediaBox(QStringLiteral("/MediaBox\\s*\\[\\s*0\\s+0\\s+([0-9.]+)\\s+([0-9.]+)\\s*\\]"));
    const auto match = mediaBox.match(bytes);
    ASSERT_TRUE(match.hasMatch());
    EXPECT_NEAR(match.captured(1).toDouble(), 183.0 / kMillimetresPerInch * 72, 0.6);
    EXPECT_NEAR(match.captured(2).toDouble(), file.inches.height() * 72, 0.6);
    // A row of three maps (2:1) with titles and colour bars: about a quarter as tall as wide.
    EXPECT_LT(file.inches.height(), file.inches.width() / 2.5);
    EXPECT_EQ(bytes.count(QStringLiteral("/Type /Page\n")) + bytes.count(QStringLiteral("/Type /Page ")) +
                  bytes.count(QStringLiteral("/Type /Page/")),
              1);

    // The same titles as SVG text, readable: "A (glibc float32 math)", never "A (A (…))".
    options.format = FigureFormat::Svg;
    writeMapFigure(labelledData(), style, options, dir.filePath("map.svg"));
    const QString svg = readText(dir.filePath("map.svg"));
    QFile::remove(meshdiff::test::screenshotPath("figure_double_column.pdf"));
    QFile::copy(path, meshdiff::test::screenshotPath("figure_double_column.pdf"));
    QFile::remove(meshdiff::test::screenshotPath("figure_double_column.svg"));
    QFile::copy(dir.filePath("map.svg"), meshdiff::test::screenshotPath("figure_double_column.svg"));
    EXPECT_TRUE(svg.contains(QStringLiteral("A (glibc float32 math)")));
    EXPECT_TRUE(svg.contains(QStringLiteral("B (Eigen float32 math)")));
    EXPECT_FALSE(svg.contains(QStringLiteral("A (A")));
    EXPECT_FALSE(svg.contains(QStringLiteral("B (B")));

    // In one column the three maps stand one above the other, each 2:1, still without a blank band.
    options = journal(FigureFormat::Svg, FigurePreset::SingleColumn);
    options.background = FigureBackground::Dark;
    const QString stacked = meshdiff::test::screenshotPath("figure_single_column_dark_side_by_side.svg");
    const FigureFile column = writeMapFigure(labelledData(), style, options, stacked);
    EXPECT_GT(column.inches.height(), 1.5 * column.inches.width());
    // Each map 2:1 plus its title, grid labels and colour bar with histogram (about 1.2 in).
    EXPECT_LT(column.inches.height(), 3 * (column.inches.width() / 2 + 1.2));
    EXPECT_EQ(readText(stacked).count(QStringLiteral("<image")), 3);
}

TEST(FigureExport, PngHasInchesTimesDpiPixelsOnTheChosenBackground) {
    QTemporaryDir dir;
    ErrorMapStyle style;
    FigureOptions options = withPreset(FigureOptions{}, FigurePreset::Custom, QSizeF());
    options.widthInches = 3.5;
    options.heightInches = 2.0;
    options.dotsPerInch = 300;
    options.background = FigureBackground::Dark;
    const FigureFile file = writeMapFigure(labelledData(), style, options, dir.filePath("map.png"));
    const QImage image(dir.filePath("map.png"));
    EXPECT_EQ(image.size(), QSize(1050, 600));
    EXPECT_EQ(file.pixels, QSize(1050, 600));
    EXPECT_LT(qGray(image.pixel(2, 2)), 60) << "dark paper";

    // Automatic height at 600 dpi: twice the pixels of 300 dpi, the same page.
    options.heightInches = 0;
    options.background = FigureBackground::White;
    const FigureFile at300 = writeMapFigure(labelledData(), style, options, dir.filePath("a.png"));
    options.dotsPerInch = 600;
    const FigureFile at600 = writeMapFigure(labelledData(), style, options, dir.filePath("b.png"));
    EXPECT_EQ(QImage(dir.filePath("b.png")).width(), 2100);
    EXPECT_NEAR(QImage(dir.filePath("b.png")).height(), 2 * QImage(dir.filePath("a.png")).height(), 2);
    EXPECT_DOUBLE_EQ(at300.inches.height(), at600.inches.height());
    EXPECT_EQ(qGray(QImage(dir.filePath("a.png")).pixel(2, 2)), 255) << "white paper";
}

TEST(FigureExport, JournalTextIsEightPointsWhateverTheResolution) {
    FigureOptions options = journal(FigureFormat::Png);
    EXPECT_NEAR(figureLook(options, 72).unit * 11, 8.0, 1e-9);   // tick labels: 8 pt
    EXPECT_NEAR(figureLook(options, 72).unit * 13, 9.45, 0.01);  // titles: about 9.5 pt
    EXPECT_NEAR(figureLook(options, 300).unit * 11, 8.0 * 300 / 72, 1e-9);
    options.fontPoints = 0;  // as on screen: the renderer sizes text from each panel
    EXPECT_EQ(figureLook(options, 300).unit, 0);
}

// The globe figure: the legend and colour bar stand in a margin of their own, with a column of
// bare paper between them and the sphere.
TEST(FigureExport, GlobeLegendStandsBesideTheSphereNeverOverIt) {
    const test::SyntheticPair pair;
    GlobeSnapshot snapshot;
    snapshot.scene = pair.scene();
    snapshot.camera = {0, 30, 4.2};
    snapshot.viewPixels = QSize(800, 600);
    FigureOptions options = journal(FigureFormat::Png, FigurePreset::DoubleColumn);
    options.dotsPerInch = 100;
    const QImage figure = renderGlobeFigure(snapshot, options);
    ASSERT_FALSE(figure.isNull());
    EXPECT_EQ(figure.width(), 720);
    const QRgb paper = qRgb(255, 255, 255);
    std::vector<bool> inked(std::size_t(figure.width()), false);
    for (int x = 0; x < figure.width(); ++x)
        for (int y = 0; y < figure.height() && !inked[std::size_t(x)]; ++y)
            inked[std::size_t(x)] = (figure.pixel(x, y) & 0xffffff) != (paper & 0xffffff);
    // Inked column runs: the sphere, then (after bare paper) the legend, whose swatches and words
    // stand on the paper itself (no panel), so that it may take more than one run.
    int runs = 0;
    for (int x = 0; x < figure.width(); ++x)
        if (inked[std::size_t(x)] && (x == 0 || !inked[std::size_t(x - 1)])) ++runs;
    EXPECT_GE(runs, 2);
    EXPECT_TRUE(inked[std::size_t(figure.height() / 2)]) << "the sphere in the left square";
    EXPECT_FALSE(inked[0]) << "paper around the sphere, no space backdrop";
    figure.save(meshdiff::test::screenshotPath("figure_globe_double_column.png"));
}

// Columns (or rows) of the figure holding anything but paper.
std::vector<bool> inkedLines(const QImage& figure, bool columns) {
    const int lines = columns ? figure.width() : figure.height(), along = columns ? figure.height() : figure.width();
    std::vector<bool> inked(std::size_t(lines), false);
    for (int k = 0; k < lines; ++k)
        for (int t = 0; t < along && !inked[std::size_t(k)]; ++t)
            inked[std::size_t(k)] = (figure.pixel(columns ? k : t, columns ? t : k) & 0xffffff) != 0xffffff;
    return inked;
}

// Where runs of inked lines begin.
std::vector<int> inkStarts(const std::vector<bool>& inked) {
    std::vector<int> starts;
    for (std::size_t k = 0; k < inked.size(); ++k)
        if (inked[k] && (k == 0 || !inked[k - 1])) starts.push_back(int(k));
    return starts;
}

// The synthetic pair with A − B draped over the globe: the legend's list and the field's colour bar.
GlobeSnapshot snapshotWithColourBar(const test::SyntheticPair& pair) {
    GlobeSnapshot snapshot;
    snapshot.scene = pair.scene();
    FieldOverlay& field = snapshot.scene.field;
    field.name = "2m_temperature A−B";
    field.units = "K";
    for (int lat = -90; lat <= 90; lat += 10) field.grid.lat.push_back(lat);
    for (int lon = 0; lon < 360; lon += 10) field.grid.lon.push_back(lon);
    std::vector<float> values;
    for (double lat : field.grid.lat)
        for (double lon : field.grid.lon)
            values.push_back(float(std::sin(lon * std::numbers::pi / 180) * std::cos(lat * std::numbers::pi / 180)));
    field.values = std::move(values);
    snapshot.scene.setVisible(GlobeLayer::FieldOverlay, true);
    snapshot.scene.setVisible(GlobeLayer::ColorBar, true);
    snapshot.scene.setVisible(GlobeLayer::Legend, true);
    snapshot.camera = {0, 30, 4.2};
    snapshot.viewPixels = QSize(800, 600);
    return snapshot;
}

// Two journal columns leave room beside the sphere for the legend and its colour bar: the figure is
// wider than tall. One column does not: the legend goes below. Both at the page size promised.
TEST(FigureExport, AtTwoColumnsTheLegendAndColourBarStandBesideTheSphereAtOneBelowIt) {
    const test::SyntheticPair pair;
    const GlobeSnapshot snapshot = snapshotWithColourBar(pair);
    FigureOptions options = journal(FigureFormat::Png, FigurePreset::DoubleColumn);
    options.dotsPerInch = 150;
    const QImage wide = renderGlobeFigure(snapshot, options);
    ASSERT_FALSE(wide.isNull());
    wide.save(meshdiff::test::screenshotPath("figure_globe_183mm_colour_bar.png"));
    EXPECT_EQ(wide.width(), std::lround(183 / 25.4 * 150));
    EXPECT_EQ(wide.height(), std::lround(globeFigureHeightInches(snapshot, options) * 150));
    EXPECT_LT(wide.height(), wide.width()) << "the legend beside the sphere, not below it";
    const std::vector<int> columns = inkStarts(inkedLines(wide, true));
    ASSERT_GE(columns.size(), 2u) << "the sphere, bare paper, then the legend";
    EXPECT_GT(columns[1], wide.width() / 2) << "the legend in the right margin";
    EXPECT_EQ(inkStarts(inkedLines(wide, false)).size(), 1u) << "no row of paper across the whole figure";

    options = journal(FigureFormat::Png, FigurePreset::SingleColumn);
    options.dotsPerInch = 150;
    const QImage narrow = renderGlobeFigure(snapshot, options);
    ASSERT_FALSE(narrow.isNull());
    narrow.save(meshdiff::test::screenshotPath("figure_globe_89mm_colour_bar.png"));
    EXPECT_EQ(narrow.width(), std::lround(89 / 25.4 * 150));
    EXPECT_EQ(narrow.height(), std::lround(globeFigureHeightInches(snapshot, options) * 150));
    EXPECT_GT(narrow.height(), narrow.width()) << "the legend below the sphere";
    EXPECT_GE(inkStarts(inkedLines(narrow, false)).size(), 2u) << "the sphere, bare paper, then the legend";
    int inkAtTheRightEdge = 0;  // a legend line running off the page
    const QRgb paper = narrow.pixel(0, narrow.height() - 1);
    for (int y = narrow.width(); y < narrow.height(); ++y)
        inkAtTheRightEdge += narrow.pixel(narrow.width() - 1, y) != paper;
    EXPECT_EQ(inkAtTheRightEdge, 0) << "a legend line below the sphere is cut at the right edge";

    // A height of one's own is kept exactly, the legend still beside the sphere.
    options = journal(FigureFormat::Png, FigurePreset::DoubleColumn);
    options.dotsPerInch = 150;
    options.heightInches = 90 / kMillimetresPerInch;
    const QImage fixed = renderGlobeFigure(snapshot, options);
    EXPECT_EQ(fixed.size(), QSize(std::lround(183 / 25.4 * 150), std::lround(90 / 25.4 * 150)));
}

}  // namespace
}  // namespace meshdiff::views
