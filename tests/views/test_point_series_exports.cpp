// The Point over leads chart: the tooltip of a lead, its figures (PNG with the chosen DPI and
// size, PDF and SVG pages) and its CSV, for the rollout fixtures (make_rollout_fixtures.py). The
// expected numbers come from A's formula and from B's whole fields (loadAt), not from the point
// reads under test.
#include <QApplication>
#include <QChartView>
#include <QComboBox>
#include <QCoreApplication>
#include <QFile>
#include <QImage>
#include <QLineEdit>
#include <QLineSeries>
#include <QMouseEvent>
#include <QPainter>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <sstream>
#include <variant>

#include "ImageCompare.h"
#include "RolloutFixtureValues.h"
#include "WindowTestSettings.h"
#include "core/TestPaths.h"
#include "export/FigureExportDialog.h"
#include "fields/FieldSource.h"
#include "pointseries/PointSeriesCsv.h"
#include "pointseries/PointSeriesData.h"
#include "pointseries/PointSeriesFigure.h"
#include "pointseries/PointSeriesView.h"

namespace meshdiff::views {
namespace {

std::string printed(const char* format, double v) {
    char text[64];
    std::snprintf(text, sizeof text, format, v);
    return text;
}

class PointSeriesExports : public ::testing::Test {
protected:
    void SetUp() override {
        const auto dir = test::fixture("rollouts");
        a = openFieldSource((dir / "a.nc").string());
        b = openFieldSource((dir / "b.nc").string());
        const GridAlignment alignment = alignGrids(a->grid(), b->grid(), a->path(), b->path());
        // 44.9° N, 7.4° E: the grid point 40° N (i = 13), 10° E (j = 1); member 1 of A's 3 and 7.
        series = readPointSeries(*a, *b, alignment, "temperature@850", 1, {{0, 0}, {1, 1}, {2, 2}, {3, 3}}, 44.9, 7.4);
        series.memberLabel = "member 7";
        const auto& lat = b->grid().lat;
        rowB = std::size_t(std::find(lat.begin(), lat.end(), 40.0) - lat.begin());
    }

    double fileB(std::size_t t) const {
        const Field f = b->loadAt("temperature@850", t, 1);
        return std::visit([&](const auto& v) { return double(v[rowB * f.nlon + 1]); }, f.values);
    }

    std::unique_ptr<FieldSource> a, b;
    PointSeries series;
    std::size_t rowB = 0;
};

TEST_F(PointSeriesExports, TheMouseOnALeadsPointNamesLeadPlaceAAndBAndTheirDifferenceWithUnits) {
    ASSERT_EQ(series.lat, 40.0);
    ASSERT_EQ(series.lon, 10.0);
    // The units as a file with them gives (PointReads.NamesTheFieldAndItsUnits reads them).
    series.units = "K";
    const std::string units = " K";
    PointSeriesView view;
    view.resize(700, 420);
    view.setSeries(series);
    view.setCurrentLead(0);
    view.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&view));
    QLineSeries* lineB = nullptr;
    for (QAbstractSeries* s : view.chart()->series())
        if (s->name() == QStringLiteral("B")) lineB = qobject_cast<QLineSeries*>(s);
    ASSERT_NE(lineB, nullptr);

    const double a2 = test::rolloutFixtureA(2, 1, 13, 1), b2 = fileB(2);
    const QPointF inChart = view.chart()->mapToPosition(QPointF(18, b2), lineB);
    const QPoint at = view.chartView()->mapFromScene(view.chart()->mapToScene(inChart));
    QWidget* viewport = view.chartView()->viewport();
    QMouseEvent move(QEvent::MouseMove, QPointF(at), viewport->mapToGlobal(QPointF(at)), Qt::NoButton, Qt::NoButton,
                     Qt::NoModifier);
    QCoreApplication::sendEvent(viewport, &move);

    const std::string expected = "temperature@850 at +18 h, 40.0°N 10.0°E, member 7\nA " + printed("%.7g", a2) + units +
                                 "\nB " + printed("%.7g", b2) + units + "\nA − B " + printed("%.4g", a2 - b2) + units;
    // A is float32 in the file: its value agrees with the formula to its 7 digits, not beyond.
    EXPECT_NEAR(series.a[2], a2, 1e-3);
    const std::string shown = view.hoverText().toStdString();
    EXPECT_EQ(shown.substr(0, shown.find("\nA ")), expected.substr(0, expected.find("\nA ")));
    EXPECT_NE(shown.find("\nB " + printed("%.7g", b2) + units), std::string::npos) << shown;
    EXPECT_NE(shown.find("\nA " + printed("%.7g", series.a[2]) + units), std::string::npos) << shown;
    EXPECT_NE(shown.find("\nA − B " + printed("%.4g", series.a[2] - b2) + units), std::string::npos) << shown;

    // The chart with its tooltip, kept beside the other screenshots to be looked at.
    QImage picture = view.grab().toImage();
    for (QWidget* top : QApplication::topLevelWidgets())
        if (top->objectName() == QStringLiteral("qtooltip_label") && top->isVisible()) {
            QPainter painter(&picture);
            painter.drawPixmap(view.mapFromGlobal(top->pos()), top->grab());
        }
    picture.save(test::screenshotPath(QStringLiteral("point_series_hover.png")));

    // Away from every point: no tooltip.
    QMouseEvent away(QEvent::MouseMove, QPointF(2, 2), viewport->mapToGlobal(QPointF(2, 2)), Qt::NoButton, Qt::NoButton,
                     Qt::NoModifier);
    QCoreApplication::sendEvent(viewport, &away);
    EXPECT_TRUE(view.hoverText().isEmpty()) << view.hoverText().toStdString();
}

TEST_F(PointSeriesExports, ThePngHasTheChosenDpiAndSizeAtOneAndTwoColumnsAndCustom) {
    struct Case {
        FigurePreset preset;
        double widthMm, heightMm, dpi;
        int expectedWidth, expectedHeight;  // pixels: mm / 25.4 × DPI
    };
    // 89 mm: 0.62 × the width is below 2.8 in, so 2.8 in (71.12 mm); 183 mm: 0.62 × 183 mm.
    const Case cases[] = {{FigurePreset::SingleColumn, 89, 0, 300, 1051, 840},
                          {FigurePreset::DoubleColumn, 183, 0, 300, 2161, 1340},
                          {FigurePreset::Custom, 120, 80, 150, 709, 472}};
    for (const Case& c : cases) {
        FigureOptions options = withPreset(FigureOptions{}, c.preset, QSizeF());
        options.widthInches = c.widthMm / 25.4;
        options.heightInches = c.heightMm / 25.4;
        options.dotsPerInch = c.dpi;
        // Kept beside the other screenshots, to be looked at.
        const QString path = test::screenshotPath(QStringLiteral("point_series_%1mm.png").arg(c.widthMm));
        writePointSeriesFigure(series, options, path);
        const QImage image(path);
        ASSERT_FALSE(image.isNull()) << path.toStdString();
        EXPECT_EQ(image.size(), QSize(c.expectedWidth, c.expectedHeight)) << c.widthMm;
        EXPECT_NEAR(image.dotsPerMeterX() * 0.0254, c.dpi, 0.05) << "the DPI is recorded";
        EXPECT_EQ(image.dotsPerMeterX(), image.dotsPerMeterY());
        // Something is drawn: the lines' colours are on the page.
        int blue = 0;
        for (int y = 0; y < image.height(); y += 2)
            for (int x = 0; x < image.width(); x += 2) blue += image.pixelColor(x, y) == QColor(0x1f, 0x77, 0xb4);
        EXPECT_GT(blue, 50) << "A's line";
    }
}

TEST_F(PointSeriesExports, PdfAndSvgPagesHaveTheChosenWidth) {
    QTemporaryDir dir;
    FigureOptions options = withPreset(FigureOptions{}, FigurePreset::DoubleColumn, QSizeF());
    options.format = FigureFormat::Svg;
    const QString svg = dir.filePath("point.svg");
    writePointSeriesFigure(series, options, svg);
    QFile file(svg);
    ASSERT_TRUE(file.open(QIODevice::ReadOnly));
    const QString text = QString::fromUtf8(file.readAll());
    static const QRegularExpression size(QStringLiteral("width=\"([0-9.]+)mm\""));
    const auto width = size.match(text);
    ASSERT_TRUE(width.hasMatch()) << text.left(400).toStdString();
    EXPECT_NEAR(width.captured(1).toDouble(), 183, 0.001);
    EXPECT_TRUE(text.contains(QStringLiteral("temperature@850 at 40.0°N 10.0°E, A, B and A − B")))
        << "the default title";
    options.format = FigureFormat::Pdf;
    const QString pdf = dir.filePath("point.pdf");
    writePointSeriesFigure(series, options, pdf);
    QFile pdfFile(pdf);
    ASSERT_TRUE(pdfFile.open(QIODevice::ReadOnly));
    static const QRegularExpression box(QStringLiteral("/MediaBox\\s*\\[\\s*0\\s+0\\s+([0-9.]+)\\s+([0-9.]+)\\s*\\]"));
    const auto match = box.match(QString::fromLatin1(pdfFile.readAll()));
    ASSERT_TRUE(match.hasMatch());
    EXPECT_NEAR(match.captured(1).toDouble() / 72 * 25.4, 183, 0.2);
}

TEST_F(PointSeriesExports, CsvRowsAreTheFilesValuesAtThePoint) {
    std::istringstream csv(pointSeriesCsv(series));
    std::string line;
    std::getline(csv, line);
    EXPECT_EQ(line, "lead_hours,lead,a,b,a_minus_b,field,units,lat,lon,member");
    for (std::size_t t = 0; t < 4; ++t) {
        ASSERT_TRUE(std::getline(csv, line)) << t;
        std::vector<std::string> cells;
        std::stringstream row(line);
        for (std::string cell; std::getline(row, cell, ',');) cells.push_back(cell);
        ASSERT_EQ(cells.size(), 10u) << line;
        EXPECT_EQ(std::stod(cells[0]), 6.0 * double(t + 1));
        EXPECT_EQ(cells[1], std::to_string(t + 1));
        EXPECT_NEAR(std::stod(cells[2]), test::rolloutFixtureA(t, 1, 13, 1), 1e-3) << line;
        EXPECT_EQ(std::stod(cells[3]), fileB(t)) << line;
        EXPECT_EQ(std::stod(cells[4]), std::stod(cells[2]) - std::stod(cells[3])) << line;
        EXPECT_EQ(cells[5], "temperature@850");
        EXPECT_EQ(cells[7], "40");
        EXPECT_EQ(cells[8], "10");
        EXPECT_EQ(cells[9], "member 7");
    }
    EXPECT_FALSE(std::getline(csv, line)) << "one row per lead";
}

// File ▸ Export ▸ Figure…, subject "Point over leads": its own default title beside the map's, the
// user's title kept per subject, and "As on screen" at the chart's size.
TEST(PointSeriesFigureDialog, HasItsOwnTitleAndScreenSize) {
    test::useFreshWindowSettings("meshdiff-point-series-dialog-test");
    FigureExportDialog dialog(QSize(960, 480), QSize(800, 600), QStringLiteral("/tmp/figures"), QStringLiteral("t"),
                              [](FigureSubject, const FigureOptions& o) { return o.widthInches / 2; });
    auto* subject = dialog.findChild<QComboBox*>(QStringLiteral("figureSubject"));
    auto* title = dialog.findChild<QLineEdit*>(QStringLiteral("figureTitle"));
    auto* preset = dialog.findChild<QComboBox*>(QStringLiteral("figurePreset"));
    ASSERT_TRUE(subject && title && preset);
    dialog.setDefaultTitle(QStringLiteral("t2m, A − B (K), +6 h"));
    dialog.setDefaultTitle(FigureSubject::PointSeries, QStringLiteral("t2m at 45.0°N 7.5°E, A, B and A − B (K)"));
    EXPECT_EQ(dialog.options().title, QStringLiteral("t2m, A − B (K), +6 h"));

    subject->setCurrentIndex(subject->findData(int(FigureSubject::PointSeries)));
    EXPECT_EQ(dialog.subject(), FigureSubject::PointSeries);
    EXPECT_TRUE(title->isEnabled());
    EXPECT_EQ(dialog.options().title, QStringLiteral("t2m at 45.0°N 7.5°E, A, B and A − B (K)"));
    title->setText(QStringLiteral("Turin"));
    emit title->textEdited(title->text());

    subject->setCurrentIndex(subject->findData(int(FigureSubject::Globe)));
    EXPECT_FALSE(title->isEnabled()) << "the globe has no title";
    EXPECT_TRUE(dialog.options().title.isEmpty());
    subject->setCurrentIndex(subject->findData(int(FigureSubject::ErrorMap)));
    EXPECT_EQ(dialog.options().title, QStringLiteral("t2m, A − B (K), +6 h"));
    subject->setCurrentIndex(subject->findData(int(FigureSubject::PointSeries)));
    EXPECT_EQ(dialog.options().title, QStringLiteral("Turin")) << "the user's title stays with its subject";

    preset->setCurrentIndex(preset->findData(int(FigurePreset::AsOnScreen)));
    dialog.setScreenPointSeries(QSize(480, 300));
    EXPECT_NEAR(dialog.options().widthInches, 480.0 / 96, 0.01);
    EXPECT_NEAR(dialog.options().heightInches, 300.0 / 96, 0.01);
}

}  // namespace
}  // namespace meshdiff::views
