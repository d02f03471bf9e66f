// The error-growth chart in the window: shown beside the error map when the runs have more than
// one lead, clicking a point is forwarded as growthPointClicked, the chart and the per-lead table
// export from it; runs of a single lead have no chart.
#include <QAction>
#include <QChart>
#include <QChartView>
#include <QDockWidget>
#include <QFile>
#include <QLineSeries>
#include <QSignalSpy>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include "ShownWindowTest.h"
#include "background/BackgroundWork.h"
#include "growthchart/GrowthChartView.h"

namespace meshdiff::gui {
namespace {

class GrowthDock : public test::ShownWindowTest {
protected:
    QDockWidget* dock() const { return window_->findChild<QDockWidget*>(QStringLiteral("growthDock")); }
    bool dockShown() const { return dock() && dock()->toggleViewAction()->isChecked(); }
    void open(const QString& a, const QString& b) {
        QSignalSpy loaded(window_.get(), &MainWindow::pairLoaded);
        window_->openPair(a, b);
        ASSERT_TRUE(loaded.wait(60000)) << window_->lastError().toStdString();
    }
    // Waits for the export in flight; the files it wrote.
    QStringList exported(QSignalSpy& finished, QSignalSpy& failed) {
        EXPECT_TRUE(finished.wait(30000))
            << (failed.isEmpty() ? std::string("timed out") : failed.front().front().toString().toStdString());
        return finished.isEmpty() ? QStringList() : finished.takeFirst().front().toStringList();
    }
};

TEST_F(GrowthDock, ShowsEveryLeadOfARolloutForwardsClicksAndExportsTheChartAndTable) {
    const auto dir = test::fixture("rollouts");
    open(QString::fromStdString((dir / "a.nc").string()), QString::fromStdString((dir / "b.nc").string()));
    ASSERT_TRUE(QTest::qWaitFor([&] { return window_->growthLeads() != nullptr; }, 30000));
    EXPECT_EQ(window_->growthLeads()->perLead.size(), 4u);
    EXPECT_TRUE(dockShown());
    views::GrowthChartView* chart = window_->growthChart();
    EXPECT_EQ(chart->data().leadX, (std::vector<double>{6, 12, 18, 24}));
    ASSERT_FALSE(chart->data().lines.empty());
    EXPECT_FALSE(chart->data().spread.empty()) << "A's two members give the spread";

    dock()->raise();
    ASSERT_TRUE(QTest::qWaitFor([&] { return chart->chartView()->isVisible(); }));
    QSignalSpy clicked(window_.get(), &MainWindow::growthPointClicked);
    const views::GrowthLine line = chart->data().lines.front();  // a copy: the click selects the field, and
    const views::GrowthPoint point = line.points.back();         // the chart is drawn again
    auto* series = chart->chart()->findChild<QLineSeries*>(QString::fromStdString(line.field));
    ASSERT_NE(series, nullptr);
    const QPointF inChart = chart->chart()->mapToPosition(QPointF(point.x, point.relRms), series);
    QTest::mouseClick(chart->chartView()->viewport(), Qt::LeftButton, {},
                      chart->chartView()->mapFromScene(chart->chart()->mapToScene(inChart)));
    ASSERT_TRUE(QTest::qWaitFor([&] { return clicked.size() == 1; }));
    EXPECT_EQ(clicked[0][1].toInt(), 3);
    // The fixture's lines lie on one another: the field is the one of the line hit.
    const QString field = clicked[0][0].toString();
    EXPECT_TRUE(chart->chart()->findChild<QLineSeries*>(field) != nullptr) << field.toStdString();
    EXPECT_TRUE(QTest::qWaitFor([&] { return window_->currentField() == field; }))
        << "the click selects the field: " << window_->currentField().toStdString() << " not " << field.toStdString();
    EXPECT_TRUE(QTest::qWaitFor([&] { return window_->currentLead() == 3; }))
        << "the click moves the lead slider to the point's lead, not " << window_->currentLead();

    QTemporaryDir out;
    QSignalSpy finished(window_.get(), &MainWindow::exportFinished);
    QSignalSpy failed(window_.get(), &MainWindow::exportFailed);
    views::FigureOptions options;
    options.format = views::FigureFormat::Svg;
    window_->exportGrowthChart(options, out.filePath("growth.svg"));
    EXPECT_EQ(exported(finished, failed), QStringList{out.filePath("growth.svg")});
    window_->exportLeadTable(out.filePath("per_lead.csv"));
    EXPECT_EQ(exported(finished, failed), QStringList{out.filePath("per_lead.csv")});
    QFile csv(out.filePath("per_lead.csv"));
    ASSERT_TRUE(csv.open(QIODevice::ReadOnly));
    EXPECT_EQ(csv.readAll().count('\n'), 1 + 4 * 3 * 2) << "header, then 4 leads × 3 fields × 2 members";

    // File ▸ Export ▸ Report draws the chart on the GUI thread, then the rest on a worker.
    window_->exportReport(out.filePath("report"));
    exported(finished, failed);
    for (const char* file : {"growth_chart.png", "growth_chart.pdf", "per_lead.csv"})
        EXPECT_TRUE(QFile::exists(out.filePath(QStringLiteral("report/") + file))) << file;
    QFile html(out.filePath("report/index.html"));
    ASSERT_TRUE(html.open(QIODevice::ReadOnly));
    const QByteArray page = html.readAll();
    EXPECT_TRUE(page.contains("<img src=\"growth_chart.png\"") && page.contains("<table id=\"leads\">"));
}

TEST_F(GrowthDock, IsHiddenForRunsOfOneLead) {
    open(test::runFolder("A"), test::runFolder("B"));
    views::waitForBackgroundWork();  // the every-lead comparison finds one lead
    QTest::qWait(100);               // and hands that back
    EXPECT_EQ(window_->growthLeads(), nullptr);
    EXPECT_FALSE(dockShown());
    QSignalSpy failed(window_.get(), &MainWindow::exportFailed);
    QTemporaryDir out;
    window_->exportLeadTable(out.filePath("per_lead.csv"));
    EXPECT_TRUE(failed.wait(10000));
}

}  // namespace
}  // namespace meshdiff::gui
