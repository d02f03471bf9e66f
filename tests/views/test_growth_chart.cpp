// The error-growth chart: its data equals compareRuns' per-lead metrics, the member spread is a
// band only when there is one, rel RMS is on a log axis, a click on a point names its field and
// lead, hovering shows its numbers, the figures and the per-lead CSV are valid files.
#include <QAreaSeries>
#include <QChart>
#include <QChartView>
#include <QFile>
#include <QImage>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QMouseEvent>
#include <QSignalSpy>
#include <QSvgRenderer>
#include <QTemporaryDir>
#include <QTest>
#include <QToolTip>
#include <QValueAxis>

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <sstream>
#include <thread>

#include "ImageCompare.h"
#include "compare/Comparison.h"
#include "core/TestPaths.h"
#include "growthchart/GrowthChartData.h"
#include "growthchart/GrowthChartFigure.h"
#include "growthchart/GrowthChartView.h"
#include "growthchart/LeadTableCsv.h"

namespace meshdiff::views {
namespace {

// 4 leads (6…24 h) × 2 members × 3 fields written by netCDF4-python, B = A + growing noise.
const FieldsComparison& rollout() {
    static const FieldsComparison fields = [] {
        const auto dir = meshdiff::test::fixture("rollouts");
        CompareOptions options;
        options.compareGraphs = false;
        return *compareRuns((dir / "a.nc").string(), (dir / "b.nc").string(), options).fields;
    }();
    return fields;
}

// Two leads without hours, members or spread: field "x" grows tenfold, "y" is equal at lead 0.
FieldsComparison plainLeads() {
    FieldsComparison fields;
    for (std::size_t i = 0; i < 2; ++i) {
        LeadComparison lead;
        lead.index = i;
        FieldMetrics x, y;
        x.name = "x";
        x.relRms = i == 0 ? 2e-4 : 2e-3;
        y.name = "y";
        y.relRms = i == 0 ? 0 : 5e-6;
        lead.perField = {x, y};
        fields.perLead.push_back(lead);
    }
    return fields;
}

// Three leads (6, 12, 18 h) of two fields a decade and more apart, with a member spread.
FieldsComparison separatedLeads() {
    FieldsComparison fields;
    for (std::size_t i = 0; i < 3; ++i) {
        LeadComparison lead;
        lead.index = i;
        lead.hours = 6.0 * double(i + 1);
        FieldMetrics low, high;
        low.name = "low";
        low.relRms = 1e-5 * std::pow(4.0, double(i));
        high.name = "high";
        high.relRms = 1e-3 * std::pow(4.0, double(i));
        lead.perField = {low, high};
        lead.spread = MemberSpread{0, 1, {}, 0.5, 0.1, 2, {}};
        fields.perLead.push_back(lead);
    }
    return fields;
}

double largestOverMembers(const LeadComparison& lead, const std::string& field) {
    double v = 0;
    for (const FieldMetrics& m : lead.perField)
        if (m.name == field) v = std::max(v, m.relRms);
    return v;
}

TEST(GrowthChartData, HoldsEachFieldsLargestRelRmsOverMembersAtEveryLeadWithItsRatioToTheSpread) {
    const FieldsComparison& fields = rollout();
    ASSERT_EQ(fields.perLead.size(), 4u);
    const GrowthChartData data = growthChartData(fields, {"temperature@500"}, 2);
    EXPECT_TRUE(data.leadsInHours);
    EXPECT_EQ(data.leadX, (std::vector<double>{6, 12, 18, 24}));
    ASSERT_EQ(data.lines.size(), 3u);
    EXPECT_EQ(data.lines[0].field, "temperature@500") << "the field asked for comes first";
    for (const GrowthLine& line : data.lines) {
        ASSERT_EQ(line.points.size(), 4u) << line.field;
        for (const GrowthPoint& p : line.points) {
            const LeadComparison& lead = fields.perLead[p.lead];
            EXPECT_EQ(p.x, *lead.hours);
            EXPECT_EQ(p.relRms, largestOverMembers(lead, line.field));
            ASSERT_TRUE(lead.spread && p.ratioToSpread);
            EXPECT_DOUBLE_EQ(*p.ratioToSpread, p.relRms / lead.spread->maxRelRms);
            EXPECT_GE(p.member, 0);
        }
    }
    ASSERT_EQ(data.spread.size(), 4u);
    for (std::size_t i = 0; i < 4; ++i) {
        EXPECT_EQ(data.spread[i].max, fields.perLead[i].spread->maxRelRms);
        EXPECT_EQ(data.spread[i].median, fields.perLead[i].spread->medianRelRms);
    }
    // The log axis spans whole decades around every value.
    EXPECT_DOUBLE_EQ(std::log10(data.yMin), std::round(std::log10(data.yMin)));
    EXPECT_DOUBLE_EQ(std::log10(data.yMax), std::round(std::log10(data.yMax)));
    for (const GrowthLine& line : data.lines)
        for (const GrowthPoint& p : line.points) EXPECT_TRUE(p.relRms >= data.yMin && p.relRms <= data.yMax);
    EXPECT_LE(data.spread.back().max, data.yMax);
}

// Area-weighted, and over a region: each point is the largest of that number over the members,
// read straight from compareRuns' FieldMetrics; the band spans the spread's own numbers of that kind.
TEST(GrowthChartData, ChartsTheChosenAreaWeightedOrRegionalRelRmsAndSaysWhich) {
    const FieldsComparison& fields = rollout();
    ASSERT_EQ(fields.regions.size(), 5u);
    ASSERT_EQ(fields.regions[1].name, "tropics");
    for (const MetricChoice& choice : {MetricChoice{true, "global"}, MetricChoice{true, "tropics"}}) {
        const GrowthChartData data = growthChartData(fields, {}, 3, choice);
        EXPECT_EQ(data.metric, choice.isGlobal() ? "area-weighted" : "area-weighted, Tropics");
        ASSERT_EQ(data.lines.size(), 3u);
        for (const GrowthLine& line : data.lines) {
            ASSERT_EQ(line.points.size(), 4u) << line.field;
            for (const GrowthPoint& p : line.points) {
                double largest = 0;
                for (const FieldMetrics& m : fields.perLead[p.lead].perField)
                    if (m.name == line.field)
                        largest = std::max(largest, choice.isGlobal() ? m.areaWeighted.relRms : m.regions.at(1).relRms);
                EXPECT_EQ(p.relRms, largest) << line.field << " at lead " << p.lead;
                const double grid = largestOverMembers(fields.perLead[p.lead], line.field);
                EXPECT_NE(p.relRms, grid) << "the fixture's rows differ: area weighting changes the number";
            }
        }
        ASSERT_EQ(data.spread.size(), 4u);
        for (std::size_t i = 0; i < 4; ++i) {
            double top = 0;
            for (const auto& m : fields.perLead[i].spread->perField)
                top = std::max(top, choice.isGlobal() ? m->areaWeighted.relRms : m->regions.at(1).relRms);
            EXPECT_EQ(data.spread[i].max, top);
        }
    }
    EXPECT_EQ(growthChartData(fields, {}, 3).metric, "grid points");
}

TEST(GrowthChartData, WithoutHoursUsesTheLeadIndexAndLeavesOutZeros) {
    const GrowthChartData data = growthChartData(plainLeads(), {}, 4);
    EXPECT_FALSE(data.leadsInHours);
    EXPECT_EQ(data.leadX, (std::vector<double>{0, 1}));
    ASSERT_EQ(data.lines.size(), 2u);
    EXPECT_EQ(data.lines[0].field, "x") << "worst first";
    EXPECT_EQ(data.lines[1].points.size(), 1u) << "rel RMS 0 has no place on a log axis";
    EXPECT_TRUE(data.spread.empty());
    EXPECT_DOUBLE_EQ(data.yMin, 1e-6);
    EXPECT_DOUBLE_EQ(data.yMax, 1e-2);
    EXPECT_EQ(leadName(data, 1), "lead 1");
}

TEST(GrowthChartView, DrawsRelRmsOnALogAxisWithTheSpreadAsABandOnlyWhenThereIsOne) {
    GrowthChartView view;
    view.setData(growthChartData(rollout(), {}, 3));
    QChart* chart = view.chart();
    ASSERT_EQ(chart->axes(Qt::Vertical).size(), 1);
    auto* logAxis = qobject_cast<QLogValueAxis*>(chart->axes(Qt::Vertical).front());
    ASSERT_NE(logAxis, nullptr);
    EXPECT_EQ(logAxis->base(), 10);
    EXPECT_FALSE(logAxis->titleText().isEmpty());
    auto* leadAxis = qobject_cast<QValueAxis*>(chart->axes(Qt::Horizontal).front());
    ASSERT_NE(leadAxis, nullptr);
    EXPECT_TRUE(leadAxis->titleText().contains(QStringLiteral("(h)")));
    const auto bands = [&] {
        int n = 0;
        for (QAbstractSeries* s : view.chart()->series()) n += qobject_cast<QAreaSeries*>(s) != nullptr;
        return n;
    };
    EXPECT_EQ(bands(), 1);
    EXPECT_EQ(chart->series().size(), 4) << "the band and three lines";
    EXPECT_TRUE(chart->legend()->isVisible());

    view.setData(growthChartData(plainLeads(), {}, 4));
    EXPECT_EQ(bands(), 0);
    EXPECT_TRUE(qobject_cast<QValueAxis*>(view.chart()->axes(Qt::Horizontal).front())
                    ->titleText()
                    .contains(QStringLiteral("index")));
}

TEST(GrowthChartView, ClickingAPointNamesItsFieldAndLeadAndHoveringShowsItsNumbers) {
    GrowthChartView view;
    view.resize(700, 450);
    view.setData(growthChartData(separatedLeads(), {}, 3));
    view.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&view));
    QSignalSpy clicked(&view, &GrowthChartView::pointClicked);
    const GrowthLine line = view.data().lines[1];  // a copy: the receiver below replaces the data
    ASSERT_EQ(line.field, "low");
    const GrowthPoint point = line.points[2];
    QLineSeries* series = view.chart()->findChild<QLineSeries*>(QString::fromStdString(line.field));
    ASSERT_NE(series, nullptr);
    const QPointF inChart = view.chart()->mapToPosition(QPointF(point.x, point.relRms), series);
    const QPoint at = view.chartView()->mapFromScene(view.chart()->mapToScene(inChart));

    // A Qt event, not QTest::mouseMove: that warps the X server's pointer, and another test's window
    // opened on top of this one (ctest runs two at once) then took the motion.
    QWidget* viewport = view.chartView()->viewport();
    QMouseEvent move(QEvent::MouseMove, QPointF(at), viewport->mapToGlobal(QPointF(at)), Qt::NoButton, Qt::NoButton,
                     Qt::NoModifier);
    QCoreApplication::sendEvent(viewport, &move);
    EXPECT_TRUE(view.hoverText().contains(QString::fromStdString(line.field))) << view.hoverText().toStdString();
    EXPECT_TRUE(view.hoverText().contains(QStringLiteral("+18 h")));
    EXPECT_TRUE(view.hoverText().contains(QStringLiteral("member spread")));
    // The mouse at rest over the point: Qt's tooltip event must keep the point's text shown.
    QHelpEvent rest(QEvent::ToolTip, at, viewport->mapToGlobal(at));
    QCoreApplication::sendEvent(viewport, &rest);
    QTest::qWait(700);  // a tooltip told to hide goes after 300 ms
    EXPECT_TRUE(QToolTip::isVisible()) << "the tooltip was hidden while the mouse rests on the point";
    EXPECT_TRUE(QToolTip::text().contains(QStringLiteral("+18 h"))) << QToolTip::text().toStdString();

    // A receiver that sets new data (the window does: the click selects the field) must not pull
    // the series from under the click.
    QObject::connect(&view, &GrowthChartView::pointClicked, &view,
                     [&view] { view.setData(GrowthChartData(view.data())); });
    QTest::mouseClick(view.chartView()->viewport(), Qt::LeftButton, {}, at);
    ASSERT_TRUE(QTest::qWaitFor([&] { return clicked.size() == 1; }));
    EXPECT_EQ(clicked[0][0].toString().toStdString(), line.field);
    EXPECT_EQ(clicked[0][1].toInt(), 2);
}

// The window selects a clicked point's field, which puts its line first: each field keeps its colour.
TEST(GrowthChartView, AFieldKeepsItsColourWhenTheLinesAreReordered) {
    GrowthChartView view;
    const auto colors = [&view] {
        std::map<std::string, QColor> byField;
        for (QAbstractSeries* s : view.chart()->series())
            if (auto* line = qobject_cast<QLineSeries*>(s))
                byField[line->objectName().toStdString()] = line->pen().color();
        return byField;
    };
    view.setData(growthChartData(separatedLeads(), {}, 3));
    ASSERT_EQ(view.data().lines.front().field, "high") << "worst first";
    const std::map<std::string, QColor> before = colors();
    ASSERT_EQ(before.size(), 2u);
    EXPECT_NE(before.at("low"), before.at("high"));

    view.setData(growthChartData(separatedLeads(), {"low"}, 3));
    ASSERT_EQ(view.data().lines.front().field, "low") << "the selected field first";
    EXPECT_EQ(colors(), before);
}

// The tooltip comes with the mouse near a point (a marker's reach), not only exactly on the line.
TEST(GrowthChartView, HoveringNearAPointShowsItsFieldLeadAndValue) {
    GrowthChartView view;
    view.resize(700, 450);
    view.setData(growthChartData(separatedLeads(), {}, 3));
    view.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&view));
    const GrowthLine line = view.data().lines[1];
    ASSERT_EQ(line.field, "low");
    const GrowthPoint point = line.points.back();  // the last lead: no line runs on to its right
    QLineSeries* series = view.chart()->findChild<QLineSeries*>(QString::fromStdString(line.field));
    ASSERT_NE(series, nullptr);
    const QPointF inChart = view.chart()->mapToPosition(QPointF(point.x, point.relRms), series);
    const QPoint at = view.chartView()->mapFromScene(view.chart()->mapToScene(inChart));
    QWidget* viewport = view.chartView()->viewport();
    const auto moveTo = [viewport](QPoint p) {
        QMouseEvent move(QEvent::MouseMove, QPointF(p), viewport->mapToGlobal(QPointF(p)), Qt::NoButton, Qt::NoButton,
                         Qt::NoModifier);
        QCoreApplication::sendEvent(viewport, &move);
    };
    moveTo(at + QPoint(7, 0));
    EXPECT_TRUE(view.hoverText().startsWith(QStringLiteral("low at +18 h"))) << view.hoverText().toStdString();
    EXPECT_TRUE(view.hoverText().contains(QStringLiteral("rel RMS"))) << view.hoverText().toStdString();
    moveTo(at + QPoint(40, 0));
    EXPECT_TRUE(view.hoverText().isEmpty()) << "nothing near: " << view.hoverText().toStdString();
}

TEST(GrowthChartFigure, WritesAPngOfTheAskedSizeAndVectorSvgAndPdf) {
    QTemporaryDir dir;
    const GrowthChartData data = growthChartData(rollout(), {}, 3);
    FigureOptions options;
    options.format = FigureFormat::Png;
    const FigureFile png = writeGrowthChartFigure(data, options, dir.filePath("g.png"));
    const QImage image(png.path);
    ASSERT_FALSE(image.isNull());
    EXPECT_EQ(image.size(), png.pixels);
    EXPECT_NEAR(image.width(), kSingleColumnInches * 300, 1);
    // The lines' colours are drawn, not only the paper.
    int coloured = 0;
    for (int y = 0; y < image.height(); y += 2)
        for (int x = 0; x < image.width(); x += 2) {
            const QColor c = image.pixelColor(x, y);
            coloured += std::abs(c.red() - c.blue()) > 60;
        }
    EXPECT_GT(coloured, 100);

    options.format = FigureFormat::Svg;
    writeGrowthChartFigure(data, options, dir.filePath("g.svg"));
    for (const char* name : {"g.png", "g.svg"}) {  // to look at
        QFile::remove(meshdiff::test::screenshotPath(QStringLiteral("growth_chart_") + name));
        QFile::copy(dir.filePath(name), meshdiff::test::screenshotPath(QStringLiteral("growth_chart_") + name));
    }
    QSvgRenderer svg(dir.filePath("g.svg"));
    EXPECT_TRUE(svg.isValid());
    QFile svgFile(dir.filePath("g.svg"));
    ASSERT_TRUE(svgFile.open(QIODevice::ReadOnly));
    const QByteArray svgText = svgFile.readAll();
    EXPECT_TRUE(svgText.contains(data.lines[0].field.c_str())) << "the legend is text";
    EXPECT_TRUE(svgText.contains("lead time (h)")) << "the axis titles are text";
    EXPECT_FALSE(svgText.contains("<image")) << "vectors, no raster";

    options.format = FigureFormat::Pdf;
    writeGrowthChartFigure(data, options, dir.filePath("g.pdf"));
    QFile pdf(dir.filePath("g.pdf"));
    ASSERT_TRUE(pdf.open(QIODevice::ReadOnly));
    EXPECT_TRUE(pdf.read(5).startsWith("%PDF-"));
    EXPECT_GT(pdf.size(), 2000);
}

TEST(GrowthChartFigure, RefusesToDrawOffTheGuiThreadRatherThanCrash) {
    QTemporaryDir dir;
    const GrowthChartData data = growthChartData(separatedLeads(), {}, 2);
    std::string problem;
    std::thread worker([&] {
        try {
            writeGrowthChartFigure(data, FigureOptions{}, dir.filePath("g.png"));
        } catch (const std::exception& e) {
            problem = e.what();
        }
    });
    worker.join();
    EXPECT_NE(problem.find("GUI thread"), std::string::npos) << problem;
    EXPECT_FALSE(QFile::exists(dir.filePath("g.png")));
}

TEST(LeadTableCsv, HoldsEveryLeadFieldAndMemberWithCompareRunsNumbers) {
    const FieldsComparison& fields = rollout();
    std::istringstream csv(leadTableCsv(fields));
    std::string line;
    std::getline(csv, line);
    EXPECT_EQ(line,
              "lead_hours,index,field,member,rel_rms,corr,max_abs,spread_max_rel_rms,spread_median_rel_rms,"
              "ratio_to_spread,rel_rms_area_weighted,rel_rms_area_weighted_tropics,rel_rms_area_weighted_extratropics_"
              "north,rel_rms_area_weighted_extratropics_south,rel_rms_area_weighted_polar");
    std::size_t rows = 0;
    for (const LeadComparison& lead : fields.perLead) {
        for (std::size_t i = 0; i < lead.perField.size(); ++i, ++rows) {
            ASSERT_TRUE(std::getline(csv, line));
            std::vector<std::string> cells;
            std::istringstream cellStream(line);
            for (std::string cell; std::getline(cellStream, cell, ',');) cells.push_back(cell);
            ASSERT_EQ(cells.size(), 15u) << line;
            const FieldMetrics& m = lead.perField[i];
            EXPECT_EQ(std::stod(cells[0]), *lead.hours);
            EXPECT_EQ(std::stoul(cells[1]), lead.index);
            EXPECT_EQ(cells[2], m.name);
            EXPECT_EQ(std::stoi(cells[3]), lead.members.at(i));
            EXPECT_EQ(std::stod(cells[4]), m.relRms) << "shortest form reads back exactly";
            EXPECT_EQ(std::stod(cells[5]), m.corr);
            EXPECT_EQ(std::stod(cells[6]), m.maxAbs);
            EXPECT_EQ(std::stod(cells[7]), lead.spread->maxRelRms);
            EXPECT_EQ(std::stod(cells[8]), lead.spread->medianRelRms);
            EXPECT_DOUBLE_EQ(std::stod(cells[9]), m.relRms / lead.spread->maxRelRms);
            EXPECT_EQ(std::stod(cells[10]), m.areaWeighted.relRms);
            for (std::size_t r = 1; r < 5; ++r) EXPECT_EQ(std::stod(cells[10 + r]), m.regions.at(r).relRms);
        }
    }
    EXPECT_EQ(rows, 4u * 3u * 2u);
    EXPECT_FALSE(std::getline(csv, line));
    // Without hours or a spread those cells are empty.
    std::istringstream plain(leadTableCsv(plainLeads()));
    std::getline(plain, line);
    std::getline(plain, line);
    EXPECT_EQ(line, ",0,x,,2e-04,1,0,,,,0");
}

}  // namespace
}  // namespace meshdiff::views
