#include <QComboBox>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>

#include <gtest/gtest.h>

#include "ShownWindowTest.h"
#include "demo/Demo.h"
#include "gui/MainWindow.h"
#include "gui/RerunExperiments.h"
#include "rerun/RerunSession.h"
#include "rerunpanel/ExperimentsView.h"
#include "rerunpanel/RerunPanel.h"
#include "runs/RunsPanel.h"

namespace meshdiff::gui {
namespace {

enum Column { Experiment, Tests, ToA, ToB, GraphHash, Shows };

// The window on the 1° demo pair (written into a temporary folder), its reruns in that folder.
class ExperimentsPanelTest : public test::ShownWindowTest {
protected:
    void SetUp() override {
        test::ShownWindowTest::SetUp();
        if (HasFatalFailure()) return;
        ASSERT_TRUE(dir_.isValid());
        const DemoResult demo = writeDemo(DemoOptions{dir_.filePath("demo").toStdString(), 1.0});
        window_->rerunSession()->setRunsDirectory(dir_.filePath("runs"));
        QSignalSpy loaded(window_.get(), &MainWindow::pairLoaded);
        window_->openPair(QString::fromStdString(demo.runA), QString::fromStdString(demo.runB));
        ASSERT_TRUE(loaded.wait(60000)) << window_->lastError().toStdString();
        panel_ = window_->rerunPanel();
        experiments_ = window_->findChild<RerunExperiments*>("rerunExperiments");
        ASSERT_NE(experiments_, nullptr);
        table_ = panel_->experiments()->table();
    }

    // The demo recipe, run by the meshdiff executable (the test binary is not meshdiff).
    void chooseDemoRecipe() {
        auto* presets = panel_->findChild<QComboBox*>("rerunPresets");
        ASSERT_NE(presets, nullptr);
        presets->setCurrentIndex(presets->findText("Demo model step"));
        QJsonObject recipe = panel_->recipe();
        ASSERT_EQ(recipe["name"].toString(), "Demo model step");
        QJsonArray command = recipe["command"].toArray();
        ASSERT_EQ(command[0].toString(), "{meshdiff}");
        command[0] = QStringLiteral(MESHDIFF_EXECUTABLE);
        recipe["command"] = command;
        panel_->setRecipe(recipe);
    }

    void showPlan() {
        QSignalSpy planned(experiments_, &RerunExperiments::planShown);
        ASSERT_TRUE(panel_->experimentsButton()->isEnabled()) << panel_->experimentsButton()->toolTip().toStdString();
        QTest::mouseClick(panel_->experimentsButton(), Qt::LeftButton);
        ASSERT_TRUE(planned.wait(60000)) << panel_->experiments()->messageLabel()->text().toStdString();
    }

    QString cell(int row, int column) const {
        const QTableWidgetItem* item = table_->item(row, column);
        return item ? item->text() : QStringLiteral("(no cell %1, %2)").arg(row).arg(column);
    }

    QTemporaryDir dir_;
    views::RerunPanel* panel_ = nullptr;
    RerunExperiments* experiments_ = nullptr;
    QTableWidget* table_ = nullptr;
};

TEST_F(ExperimentsPanelTest, ExperimentsShowThePlanRunItLocallyAndNameTheHostBuiltGraph) {
    // A recipe without an experiments block cannot run experiments, and the button says why.
    auto* presets = panel_->findChild<QComboBox*>("rerunPresets");
    presets->setCurrentIndex(presets->findText("Rebuild the graph on this host (native)"));
    EXPECT_FALSE(panel_->experimentsButton()->isEnabled());
    EXPECT_TRUE(panel_->experimentsButton()->toolTip().contains("experiments"))
        << panel_->experimentsButton()->toolTip().toStdString();

    chooseDemoRecipe();
    showPlan();
    ASSERT_EQ(table_->rowCount(), 4);
    EXPECT_EQ(cell(0, Experiment), "B-with-A-graph");
    EXPECT_EQ(cell(1, Experiment), "A-with-B-graph");
    EXPECT_EQ(cell(0, Tests), "Does A's graph make B's side match A?") << cell(0, Tests).toStdString();
    QStringList ids;
    for (int row = 0; row < 4; ++row) {
        ids << cell(row, Experiment);
        EXPECT_EQ(cell(row, Shows), "planned");
        EXPECT_EQ(cell(row, ToA), "");
    }
    EXPECT_TRUE(ids.contains("A-rebuilt-as-B") && ids.contains("B-rebuilt-as-A")) << ids.join(' ').toStdString();
    EXPECT_TRUE(panel_->experiments()->startButton()->isEnabled());
    EXPECT_FALSE(QFile::exists(dir_.filePath("runs/ledger.json")));  // nothing runs before Start

    QSignalSpy finished(experiments_, &RerunExperiments::finished);
    QTest::mouseClick(panel_->experiments()->startButton(), Qt::LeftButton);
    EXPECT_TRUE(experiments_->running());
    EXPECT_FALSE(panel_->runButton()->isEnabled());
    ASSERT_TRUE(finished.wait(300000));
    EXPECT_FALSE(experiments_->running());

    // B's side with A's graph matches A exactly and has A's graph; A's side with B's, B.
    EXPECT_EQ(cell(0, ToA), "0");
    EXPECT_NE(cell(0, ToB), "0");
    EXPECT_TRUE(cell(0, GraphHash).startsWith("A's (")) << cell(0, GraphHash).toStdString();
    EXPECT_EQ(cell(1, ToB), "0");
    EXPECT_TRUE(cell(1, GraphHash).startsWith("B's (")) << cell(1, GraphHash).toStdString();
    for (int row = 0; row < 4; ++row) {
        EXPECT_FALSE(cell(row, Shows).isEmpty());
        EXPECT_NE(cell(row, Shows), "planned");
    }
    const QString verdict = panel_->experiments()->verdictLabel()->text();
    EXPECT_TRUE(verdict.contains("host-built graph")) << verdict.toStdString();
    EXPECT_EQ(finished.at(0).at(0).toString(), verdict);

    // Each experiment's run is in the Runs panel as C, D, E, F, and its row names the letter.
    const QStringList labels = window_->runsPanel()->runLabels();
    EXPECT_EQ(labels, QStringList({"A", "B", "C", "D", "E", "F"}));
    EXPECT_EQ(cell(0, Experiment), "B-with-A-graph → C");

    // The ledger has the four reruns; the export has the same verdict.
    QFile ledger(dir_.filePath("runs/ledger.json"));
    ASSERT_TRUE(ledger.open(QIODevice::ReadOnly));
    EXPECT_EQ(QJsonDocument::fromJson(ledger.readAll()).object()["runs"].toArray().size(), 4);
    ASSERT_TRUE(panel_->experiments()->exportButton()->isEnabled());
    emit panel_->experiments()->exportRequested(dir_.filePath("experiments.json"));
    QFile exported(dir_.filePath("experiments.json"));
    ASSERT_TRUE(exported.open(QIODevice::ReadOnly));
    const QJsonObject json = QJsonDocument::fromJson(exported.readAll()).object();
    EXPECT_EQ(json["verdict"].toObject()["cause"].toString(), "graph");
}

TEST_F(ExperimentsPanelTest, CancelStopsTheRunningExperimentAndRunsNoneOfTheRest) {
    chooseDemoRecipe();
    showPlan();
    QSignalSpy finished(experiments_, &RerunExperiments::finished);
    QTest::mouseClick(panel_->experiments()->startButton(), Qt::LeftButton);
    EXPECT_EQ(cell(0, Shows), "running…");
    ASSERT_TRUE(panel_->experiments()->cancelButton()->isEnabled());
    QTest::mouseClick(panel_->experiments()->cancelButton(), Qt::LeftButton);
    ASSERT_TRUE(finished.wait(60000));
    EXPECT_TRUE(cell(0, Shows).startsWith("cancelled")) << cell(0, Shows).toStdString();
    for (int row = 1; row < 4; ++row)
        EXPECT_TRUE(cell(row, Shows).startsWith("not run")) << cell(row, Shows).toStdString();
    EXPECT_TRUE(panel_->experiments()->verdictLabel()->text().startsWith("Cancelled after 0 of 4 experiments."))
        << panel_->experiments()->verdictLabel()->text().toStdString();
    EXPECT_EQ(window_->runsPanel()->runLabels(), QStringList({"A", "B"}));  // no run added
    EXPECT_TRUE(panel_->runButton()->isEnabled());
    QFile ledger(dir_.filePath("runs/ledger.json"));
    ASSERT_TRUE(ledger.open(QIODevice::ReadOnly));
    const QJsonArray records = QJsonDocument::fromJson(ledger.readAll()).object()["runs"].toArray();
    ASSERT_EQ(records.size(), 1);
    EXPECT_EQ(records[0].toObject()["status"].toString(), "cancelled");
}

}  // namespace
}  // namespace meshdiff::gui
