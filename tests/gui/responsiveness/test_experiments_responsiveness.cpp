// The GUI thread stays responsive while the Rerun panel's experiments compare A and B for
// its plan and then runs the demo's four experiments, each rerun compared with A and with B
// (those compares run on the background pool, not in ExperimentRunner's thread). Runs alone.
#include <QComboBox>
#include <QJsonArray>
#include <QJsonObject>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <gtest/gtest.h>

#include "WindowTestSettings.h"
#include "demo/Demo.h"
#include "gui/MainWindow.h"
#include "gui/RerunExperiments.h"
#include "rerun/RerunSession.h"
#include "rerunpanel/ExperimentsView.h"
#include "rerunpanel/RerunPanel.h"
#include "responsiveness/EventLoopWatchdog.h"

namespace meshdiff::gui {
namespace {

constexpr double kBudgetMs = 100;

TEST(Responsiveness, ExperimentsNeverBlockTheGuiThreadOver100Ms) {
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    const DemoResult demo = writeDemo(DemoOptions{dir.filePath("demo").toStdString(), 1.0});
    test::useFreshWindowSettings("meshdiff-responsiveness-tests");
    MainWindow window;
    window.resize(1500, 950);
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    window.rerunSession()->setRunsDirectory(dir.filePath("runs"));
    QSignalSpy loaded(&window, &MainWindow::pairLoaded);
    window.openPair(QString::fromStdString(demo.runA), QString::fromStdString(demo.runB));
    ASSERT_TRUE(loaded.wait(60000)) << window.lastError().toStdString();
    QTest::qWait(500);

    views::RerunPanel* panel = window.rerunPanel();
    auto* presets = panel->findChild<QComboBox*>("rerunPresets");
    presets->setCurrentIndex(presets->findText("Demo model step"));
    QJsonObject recipe = panel->recipe();
    QJsonArray command = recipe["command"].toArray();
    command[0] = QStringLiteral(MESHDIFF_EXECUTABLE);
    recipe["command"] = command;
    panel->setRecipe(recipe);
    auto* experiments = window.findChild<RerunExperiments*>("rerunExperiments");
    ASSERT_NE(experiments, nullptr);

    test::EventLoopWatchdog watchdog;
    watchdog.phase("compare A and B for the plan");
    QSignalSpy planned(experiments, &RerunExperiments::planShown);
    QTest::mouseClick(panel->experimentsButton(), Qt::LeftButton);
    ASSERT_TRUE(planned.wait(60000));
    ASSERT_EQ(planned.at(0).at(0).toInt(), 4);
    QTest::qWait(300);

    watchdog.phase("run the experiments and compare each rerun with A and B");
    QSignalSpy finished(experiments, &RerunExperiments::finished);
    QTest::mouseClick(panel->experiments()->startButton(), Qt::LeftButton);
    ASSERT_TRUE(finished.wait(300000));
    EXPECT_TRUE(finished.at(0).at(0).toString().contains("host-built graph"))
        << finished.at(0).at(0).toString().toStdString();
    QTest::qWait(300);
    watchdog.phase("end");

    test::expectNoStallOver(kBudgetMs, watchdog);
}

}  // namespace
}  // namespace meshdiff::gui
