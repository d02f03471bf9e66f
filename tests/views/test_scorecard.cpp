// The scorecard view: each cell shows the colour its value has on the diverging (ratio) or
// viridis (rel RMS) log scale, the mark sits exactly in the cells above the spread, undefined cells
// stay uncoloured and crossed out, 80 rows and 40 leads keep their labels apart, a click names the cell's field and
// lead, and the figures are valid PNG, PDF and SVG files of the asked width.
#include <QFile>
#include <QFontMetricsF>
#include <QImage>
#include <QScrollArea>
#include <QScrollBar>
#include <QSignalSpy>
#include <QSvgRenderer>
#include <QTemporaryDir>
#include <QTest>

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "colormap/ColorMap.h"
#include "compare/Scorecard.h"
#include "scorecard/ScorecardFigure.h"
#include "scorecard/ScorecardPicture.h"
#include "scorecard/ScorecardView.h"

namespace meshdiff::views {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// temperature at 850 and 500 hPa, then 2 m temperature; 4 leads, 6 … 24 h.
Scorecard smallCard(ScorecardMetric metric) {
    Scorecard card;
    card.metric = metric;
    card.rows = {{"temperature@850", "temperature", 850.0, "850", "hPa", "K"},
                 {"temperature@500", "temperature", 500.0, "500", "hPa", "K"},
                 {"2m_temperature", "2m_temperature", std::nullopt, "", "", "K"}};
    card.leadHours = {6.0, 12.0, 18.0, 24.0};
    card.leadIndex = {0, 1, 2, 3};
    card.cells = {{0.02, 0.5, 1.0, 3.0}, {kNaN, 0.9, 20.0, 1000.0}, {0.001, 1.5, kNaN, 0.1}};
    card.differenceRms = card.cells;
    card.spreadRms.assign(3, std::vector<double>(4, 1.0));
    card.relRms = card.cells;
    card.fieldPosition = {0, 1, 2};
    return card;
}

Rgb pixel(const QImage& image, QPointF logical) {
    const QColor c = image.pixelColor((logical * image.devicePixelRatio()).toPoint());
    return Rgb{std::uint8_t(c.red()), std::uint8_t(c.green()), std::uint8_t(c.blue())};
}

bool near(Rgb a, Rgb b) { return std::abs(a.r - b.r) <= 2 && std::abs(a.g - b.g) <= 2 && std::abs(a.b - b.b) <= 2; }

// Inside the cell, away from the corner mark.
QPointF lowerLeft(const QRectF& cell) { return cell.topLeft() + QPointF(cell.width() * 0.3, cell.height() * 0.7); }
// Well inside the corner mark's triangle.
QPointF inMark(const QRectF& cell) {
    const double s = 0.45 * std::min(cell.width(), cell.height());
    return cell.topRight() + QPointF(-s * 0.2, s * 0.2);
}

TEST(ScorecardPicture, EachCellHasItsValuesColourOnTheLogRatioScale) {
    const Scorecard card = smallCard(ScorecardMetric::RatioToSpread);
    const ScorecardPicture picture = drawScorecardPicture(card, ScorecardLook{}, 600, 1);
    for (std::size_t r = 0; r < 3; ++r) {
        for (std::size_t c = 0; c < 4; ++c) {
            const double v = card.cells[r][c];
            const QRectF cell = picture.layout.cell(r, c);
            if (std::isnan(v)) {  // no colour, crossed out from corner to corner
                EXPECT_TRUE(near(pixel(picture.image, lowerLeft(cell)), Rgb{255, 255, 255})) << r << "," << c;
                const Rgb cross = pixel(picture.image, cell.center());
                EXPECT_TRUE(cross.r == cross.g && cross.g == cross.b && cross.r < 250) << r << "," << c;
                continue;
            }
            // log10 from 0.01 to 100 onto [0, 1], clipped: 1 sits in the middle (white).
            const double t = std::clamp((std::log10(v) + 2) / 4, 0.0, 1.0);
            EXPECT_TRUE(near(pixel(picture.image, lowerLeft(cell)), sampleColorMap(ColorMapKind::Diverging, t)))
                << r << "," << c;
        }
    }
}

// A cell whose NaN masks differ is red-hatched: neither a colour of the scale (its RMS may be a
// calm 0) nor the grey cross of a cell not measured; the legend and the hover say what it means.
TEST(ScorecardPicture, ACellWhoseNanMasksDifferIsRedHatched) {
    Scorecard card = smallCard(ScorecardMetric::RatioToSpread);
    card.cells[0][1] = kNaN;  // as buildScorecard leaves it
    card.maskDiffers.assign(3, std::vector<std::uint8_t>(4, 0));
    card.maskDiffers[0][1] = 1;
    const ScorecardPicture picture = drawScorecardPicture(card, ScorecardLook{}, 600, 1);
    const QRectF cell = picture.layout.cell(0, 1);
    int red = 0, paper = 0, other = 0;
    for (double y = cell.top() + 1; y < cell.bottom() - 1; y += 1) {
        for (double x = cell.left() + 1; x < cell.right() - 1; x += 1) {
            const Rgb p = pixel(picture.image, QPointF(x, y));
            if (p.r > 150 && p.g < 60 && p.b < 60) ++red;
            else if (near(p, Rgb{255, 255, 255})) ++paper;
            else ++other;
        }
    }
    EXPECT_GT(red, 10) << "hatched in red";
    EXPECT_GT(paper, 10) << "lines on the paper, not a filled cell";
    const QRectF unmeasured = picture.layout.cell(1, 0);  // NaN without the flag: still the grey cross
    const Rgb cross = pixel(picture.image, unmeasured.center());
    EXPECT_TRUE(cross.r == cross.g && cross.g == cross.b && cross.r < 250);
    EXPECT_TRUE(scorecardLegend(card).contains("NaN masks differ"));
    EXPECT_FALSE(scorecardLegend(smallCard(ScorecardMetric::RatioToSpread)).contains("NaN masks"));

    ScorecardView view;
    view.setScorecard(std::make_shared<Scorecard>(card));
    EXPECT_TRUE(view.cellText(0, 1).contains("NaN masks differ")) << view.cellText(0, 1).toStdString();
    EXPECT_FALSE(view.cellText(0, 2).contains("NaN masks differ"));
}

TEST(ScorecardPicture, TheMarkIsExactlyInTheCellsAboveTheSpread) {
    const Scorecard card = smallCard(ScorecardMetric::RatioToSpread);
    const ScorecardPicture picture = drawScorecardPicture(card, ScorecardLook{}, 600, 2);
    int marks = 0;
    for (std::size_t r = 0; r < 3; ++r) {
        for (std::size_t c = 0; c < 4; ++c) {
            const QRectF cell = picture.layout.cell(r, c);
            const bool marked = !near(pixel(picture.image, inMark(cell)), pixel(picture.image, lowerLeft(cell)));
            EXPECT_EQ(marked, card.cells[r][c] > 1) << r << "," << c;
            marks += marked;
        }
    }
    EXPECT_EQ(marks, 4);  // 3, 20, 1000 and 1.5
}

TEST(ScorecardPicture, WithoutASpreadRelRmsIsOnViridisOverItsLogRangeAndNothingIsMarked) {
    const Scorecard card = smallCard(ScorecardMetric::RelRms);
    const ScorecardPicture picture = drawScorecardPicture(card, ScorecardLook{}, 600, 1);
    const double lo = std::log10(0.001), hi = std::log10(1000.0);
    for (std::size_t r = 0; r < 3; ++r) {
        for (std::size_t c = 0; c < 4; ++c) {
            const double v = card.cells[r][c];
            if (std::isnan(v)) continue;
            const QRectF cell = picture.layout.cell(r, c);
            const Rgb expected = sampleColorMap(ColorMapKind::Viridis, (std::log10(v) - lo) / (hi - lo));
            EXPECT_TRUE(near(pixel(picture.image, lowerLeft(cell)), expected)) << r << "," << c;
            EXPECT_TRUE(near(pixel(picture.image, inMark(cell)), expected)) << r << "," << c;
        }
    }
    EXPECT_FALSE(scorecardLegend(card).contains(QStringLiteral("1 = the member spread")));
    EXPECT_TRUE(scorecardLegend(smallCard(ScorecardMetric::RatioToSpread)).contains("1 = the member spread"));
}

TEST(ScorecardPicture, LabelsHoursAndStacksLevelsUnderTheirVariable) {
    Scorecard card = smallCard(ScorecardMetric::RatioToSpread);
    EXPECT_EQ(scorecardColumnLabel(card, 1), QStringLiteral("+12 h"));
    card.leadHours[2] = std::nullopt;
    card.leadIndex[2] = 7;
    EXPECT_EQ(scorecardColumnLabel(card, 2), QStringLiteral("lead 7"));
    const ScorecardLayout layout = scorecardLayout(card, ScorecardLook{}, 600);
    // Rows of one variable touch; a new variable starts after a wider gap.
    EXPECT_NEAR(layout.cell(1, 0).top() - layout.cell(0, 0).top(), layout.rowHeight, 1e-9);
    EXPECT_GT(layout.cell(2, 0).top() - layout.cell(1, 0).top(), layout.rowHeight);
    for (std::size_t r = 0; r < 3; ++r) {
        for (std::size_t c = 0; c < 4; ++c) {
            const auto hit = layout.cellAt(layout.cell(r, c).center());
            ASSERT_TRUE(hit);
            EXPECT_EQ(*hit, std::make_pair(r, c));
        }
    }
    EXPECT_FALSE(layout.cellAt(QPointF(1, 1)));
}

Scorecard eightyByForty() {
    Scorecard card;
    card.metric = ScorecardMetric::RatioToSpread;
    for (int v = 0; v < 8; ++v) {
        for (int l = 0; l < 10; ++l) {
            const std::string level = std::to_string(1000 - 100 * l);
            card.rows.push_back({"var" + std::to_string(v) + "@" + level, "var" + std::to_string(v), 1000.0 - 100 * l,
                                 level, "hPa", "K"});
        }
    }
    for (int c = 0; c < 40; ++c) {
        card.leadHours.push_back(6.0 * (c + 1));
        card.leadIndex.push_back(std::size_t(c));
    }
    card.cells.assign(80, std::vector<double>(40, 0.5));
    card.differenceRms = card.spreadRms = card.relRms = card.cells;
    return card;
}

TEST(ScorecardPicture, EightyRowsAndFortyLeadsKeepTheirLabelsApart) {
    const Scorecard card = eightyByForty();
    ScorecardLook look;
    const ScorecardLayout layout = scorecardLayout(card, look, 700);
    QFont font;
    font.setPixelSize(int(look.fontPixels));
    const QFontMetricsF metrics(font);
    // Each row is at least a line of text tall: level labels, one per row, cannot overlap.
    EXPECT_GE(layout.rowHeight, metrics.height());
    EXPECT_GE(layout.size.height(), 80 * metrics.height());
    // Labelled columns are at least the widest label ("+240 h") apart.
    EXPECT_GT(layout.labelStep, 1u);
    EXPECT_GE(double(layout.labelStep) * layout.columnWidth, metrics.horizontalAdvance(QStringLiteral("+240 h")));
    // The grid, colour bar and caption stack without overlapping, inside the picture.
    EXPECT_LE(layout.grid.bottom(), layout.colorBar.top());
    EXPECT_LE(layout.colorBar.bottom(), layout.caption.top());
    EXPECT_LE(layout.caption.bottom(), layout.size.height());
    EXPECT_LE(layout.grid.right(), 700);
}

// GraphCast's 6 variables on WeatherBench 2's 13 levels and 5 surface fields: 83 rows, 20 leads.
Scorecard eightyThreeRows() {
    Scorecard card;
    card.metric = ScorecardMetric::RatioToSpread;
    for (const char* variable : {"geopotential", "temperature", "u_component_of_wind", "v_component_of_wind",
                                 "specific_humidity", "vertical_velocity"}) {
        for (int level : {50, 100, 150, 200, 250, 300, 400, 500, 600, 700, 850, 925, 1000}) {
            card.rows.push_back({std::string(variable) + "@" + std::to_string(level), variable, double(level),
                                 std::to_string(level), "hPa", ""});
        }
    }
    for (const char* surface : {"2m_temperature", "10m_u_component_of_wind", "10m_v_component_of_wind",
                                "mean_sea_level_pressure", "total_precipitation_6hr"})
        card.rows.push_back({surface, surface, std::nullopt, "", "", ""});
    for (int c = 0; c < 20; ++c) {
        card.leadHours.push_back(6.0 * (c + 1));
        card.leadIndex.push_back(std::size_t(c));
    }
    card.cells.assign(83, std::vector<double>(20, 0.5));
    card.differenceRms = card.spreadRms = card.relRms = card.cells;
    return card;
}

// At the automatic height a tall scorecard fits a journal page (at most 240 mm) with smaller text,
// not below 6 pt, its rows still a line of that text tall; a short one keeps its 8 pt.
TEST(ScorecardFigure, EightyThreeRowsFitAJournalPageAtEitherColumnWidth) {
    const Scorecard card = eightyThreeRows();
    for (double millimetres : {89.0, 183.0}) {
        FigureOptions options;
        options.widthInches = millimetres / kMillimetresPerInch;
        options.fontPoints = 8;
        const double height = scorecardFigureHeightInches(card, options) * kMillimetresPerInch;
        EXPECT_LE(height, 240.0) << millimetres << " mm wide";
        EXPECT_GT(height, 180.0) << "the text shrinks only as far as it must";

        constexpr double kUnitsPerInch = 300;
        ScorecardLook look;
        look.fontPixels = 8 / kPointsPerInch * kUnitsPerInch;
        const double width = options.widthInches * kUnitsPerInch;
        const double fitted = fittingScorecardFont(card, look, width, 240 / kMillimetresPerInch * kUnitsPerInch,
                                                   6 / kPointsPerInch * kUnitsPerInch);
        EXPECT_GE(fitted / kUnitsPerInch * kPointsPerInch, 6.0);
        EXPECT_LT(fitted, look.fontPixels);
        look.fontPixels = fitted;
        const ScorecardLayout layout = scorecardLayout(card, look, width);
        QFont font;
        font.setPixelSize(int(std::lround(fitted)));
        EXPECT_GE(layout.rowHeight, QFontMetricsF(font).height()) << "level labels cannot overlap";
    }
    FigureOptions small;  // three rows: 8 pt as asked
    small.fontPoints = 8;
    const Scorecard three = smallCard(ScorecardMetric::RatioToSpread);
    FigureOptions large = small;
    ScorecardLook look;
    look.fontPixels = 8 / kPointsPerInch * 300;
    EXPECT_EQ(fittingScorecardFont(three, look, small.widthInches * 300, 240 / kMillimetresPerInch * 300, 25),
              look.fontPixels);
    large.heightInches = 12;  // a set height: no fitting, the page crops or pads
    EXPECT_DOUBLE_EQ(scorecardFigureHeightInches(card, large), 12);
}

TEST(ScorecardFigure, WritesAPngOfTheColumnWidthAndVectorPdfAndSvg) {
    const Scorecard card = smallCard(ScorecardMetric::RatioToSpread);
    QTemporaryDir dir;
    FigureOptions options;  // 89 mm at 300 DPI
    const FigureFile png = writeScorecardFigure(card, options, dir.filePath("s.png"));
    const QImage image(png.path);
    ASSERT_FALSE(image.isNull());
    EXPECT_EQ(image.width(), int(std::lround(89 / 25.4 * 300)));
    EXPECT_GT(image.height(), 100);
    options.format = FigureFormat::Svg;
    writeScorecardFigure(card, options, dir.filePath("s.svg"));
    EXPECT_TRUE(QSvgRenderer(dir.filePath("s.svg")).isValid());
    options.format = FigureFormat::Pdf;
    writeScorecardFigure(card, options, dir.filePath("s.pdf"));
    QFile pdf(dir.filePath("s.pdf"));
    ASSERT_TRUE(pdf.open(QIODevice::ReadOnly));
    EXPECT_TRUE(pdf.readAll().startsWith("%PDF"));
    EXPECT_THROW(writeScorecardFigure(Scorecard{}, options, dir.filePath("empty.pdf")), std::exception);
}

TEST(ScorecardView, AClickNamesTheFieldAndLeadAndHoverTellsTheNumbers) {
    ScorecardView view;
    view.resize(700, 400);
    view.show();
    QSignalSpy shown(&view, &ScorecardView::pictureShown);
    view.setScorecard(std::make_shared<Scorecard>(smallCard(ScorecardMetric::RatioToSpread)));
    ASSERT_TRUE(shown.wait(5000) || view.isPictureCurrent());
    QTRY_VERIFY(view.isPictureCurrent());
    QSignalSpy clicked(&view, &ScorecardView::cellClicked);
    const QRectF cell = view.picture().layout.cell(1, 2);
    QTest::mouseClick(view.canvas(), Qt::LeftButton, {}, cell.center().toPoint());
    ASSERT_EQ(clicked.count(), 1);
    EXPECT_EQ(clicked.front().at(0).toString(), QStringLiteral("temperature@500"));
    EXPECT_EQ(clicked.front().at(1).toInt(), 2);
    const QString text = view.cellText(1, 2);
    EXPECT_TRUE(text.contains("temperature@500")) << text.toStdString();
    EXPECT_TRUE(text.contains("+18 h")) << text.toStdString();
    EXPECT_TRUE(text.contains("ratio: 20")) << text.toStdString();
    EXPECT_TRUE(text.contains("above the spread")) << text.toStdString();
}

TEST(ScorecardView, ScrolledDownTheLeadLabelsStayOnTopAndCoverTheRowsBelowThem) {
    ScorecardView view;
    view.resize(700, 300);
    view.show();
    view.setScorecard(std::make_shared<Scorecard>(eightyByForty()));
    QTRY_VERIFY(view.isPictureCurrent());
    auto* bar = view.findChild<QScrollArea*>()->verticalScrollBar();
    ASSERT_GT(bar->maximum(), 400) << "80 rows do not fit in 300 pixels: the view scrolls";
    bar->setValue(400);
    QTRY_VERIFY(view.canvas()->visibleRegion().boundingRect().top() == 400);
    const ScorecardLayout& layout = view.picture().layout;
    QSignalSpy clicked(&view, &ScorecardView::cellClicked);
    // Just below the top of what is in sight: the labels, not the row scrolled under them.
    const double x = layout.cell(0, 0).center().x();
    QTest::mouseClick(view.canvas(), Qt::LeftButton, {}, QPoint(int(x), 400 + 3));
    EXPECT_EQ(clicked.count(), 0);
    // The labels are drawn there again: the picture's own first pixel row of labels, not cells.
    const QImage shown = view.canvas()->grab().toImage();
    const double ratio = shown.devicePixelRatio();
    EXPECT_EQ(shown.pixelColor(QPoint(int(x * ratio), int((400 + 3) * ratio))), QColor(Qt::white));
    // Below the labels the cells take clicks as before.
    const auto below = layout.cellAt(QPointF(x, 400 + layout.grid.top() + layout.rowHeight * 1.5));
    ASSERT_TRUE(below);
    QTest::mouseClick(view.canvas(), Qt::LeftButton, {}, layout.cell(below->first, 0).center().toPoint());
    ASSERT_EQ(clicked.count(), 1);
    EXPECT_EQ(clicked.front().at(0).toString(), QString::fromStdString(eightyByForty().rows[below->first].field));
}

}  // namespace
}  // namespace meshdiff::views
