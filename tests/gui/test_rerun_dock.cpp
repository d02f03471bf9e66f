#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QJsonObject>
#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>

#include <gtest/gtest.h>

#include <filesystem>
#include <tuple>
#include <vector>

#include "ShownWindowTest.h"
#include "WindowTestSettings.h"
#include "core/TestPaths.h"
#include "demo/Demo.h"
#include "gui/MainWindow.h"
#include "gui/RerunExperiments.h"
#include "map/ErrorMapView.h"
#include "rerun/RerunSession.h"
#include "rerunpanel/ExperimentsView.h"
#include "rerunpanel/RerunPanel.h"
#include "runs/RunsPanel.h"

namespace meshdiff::gui {
namespace {

using test::runFolder;

// Overwrites the middle third of the largest member's compressed data in a zip archive: its
// local headers and central directory stay intact (the run folder still finds a fields
// archive), but that member's array cannot be read.
void damageLargestMember(const QString& path) {
    QFile file(path);
    ASSERT_TRUE(file.open(QIODevice::ReadWrite));
    QByteArray bytes = file.readAll();
    std::vector<qsizetype> bounds;
    for (qsizetype at = bytes.indexOf("PK\x03\x04"); at >= 0; at = bytes.indexOf("PK\x03\x04", at + 1))
        bounds.push_back(at);
    bounds.push_back(bytes.indexOf("PK\x01\x02"));  // the central directory
    qsizetype start = 0, length = 0;
    for (std::size_t i = 0; i + 1 < bounds.size(); ++i) {
        if (bounds[i + 1] - bounds[i] > length)
            std::tie(start, length) = std::pair(bounds[i], bounds[i + 1] - bounds[i]);
    }
    ASSERT_GT(length, 300);
    bytes.replace(start + length / 3, length / 3, QByteArray(length / 3, 'Z'));
    file.seek(0);
    file.write(bytes);
}

// A copy of run B in `dir`/`name`; with `breakFields`, its fields file is damaged (still found
// as a fields archive, but its arrays cannot be read).
QString copyOfB(const QTemporaryDir& dir, const QString& name, bool breakFields) {
    const std::filesystem::path to = std::filesystem::path(dir.path().toStdString()) / name.toStdString();
    std::filesystem::copy(test::fixture("window") / "B", to);
    if (breakFields) damageLargestMember(QString::fromStdString((to / "fields.npz").string()));
    return QString::fromStdString(to.string());
}

class RerunDockTest : public test::ShownWindowTest {
protected:
    void openAndWait(const QString& a, const QString& b) {
        QSignalSpy loaded(window_.get(), &MainWindow::pairLoaded);
        window_->openPair(a, b);
        ASSERT_TRUE(loaded.wait(60000)) << window_->lastError().toStdString();
    }
};

TEST_F(RerunDockTest, RerunPanelIsATabBesideTheErrorMapAndFollowsTheRuns) {
    views::RerunPanel* panel = window_->rerunPanel();
    ASSERT_NE(panel, nullptr);
    auto* rerunDock = window_->findChild<QDockWidget*>("rerunDock");
    ASSERT_NE(rerunDock, nullptr);
    EXPECT_TRUE(rerunDock->isAncestorOf(panel));
    ASSERT_NE(rerunDock, nullptr);
    auto* mapDock = qobject_cast<QDockWidget*>(window_->errorMap()->parentWidget());
    ASSERT_NE(mapDock, nullptr);
    EXPECT_TRUE(window_->tabifiedDockWidgets(mapDock).contains(rerunDock));
    EXPECT_TRUE(panel->request()["run_a"].toString().isEmpty());

    openAndWait(runFolder("A"), runFolder("B"));
    EXPECT_EQ(panel->request()["run_a"].toString(), runFolder("A"));
    EXPECT_EQ(panel->request()["run_b"].toString(), runFolder("B"));
    EXPECT_EQ(panel->nextLabel(), "C");
    openAndWait(runFolder("B"), runFolder("A"));
    EXPECT_EQ(panel->request()["run_a"].toString(), runFolder("B"));
    EXPECT_EQ(panel->request()["run_b"].toString(), runFolder("A"));
    EXPECT_EQ(panel->nextLabel(), "C");
}

TEST_F(RerunDockTest, FinishedRerunIsListedAsCAndAnyTwoRunsCanBeCompared) {
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    const QString rerunFolder = copyOfB(dir, "rerun-1", false);
    openAndWait(runFolder("A"), runFolder("B"));
    const LoadedPair* before = window_->pair();
    views::RunsPanel* runs = window_->runsPanel();
    EXPECT_EQ(runs->runLabels(), QStringList({"A", "B"}));
    EXPECT_FALSE(runs->compareButton()->isEnabled());  // A with B is what is shown

    // The session announces a finished run: listed as C, nothing is loaded.
    emit window_->rerunSession()->runFinished(rerunFolder, "C");
    EXPECT_EQ(runs->runLabels(), QStringList({"A", "B", "C"}));
    EXPECT_EQ(runs->pathOf("C"), rerunFolder);
    EXPECT_EQ(window_->rerunPanel()->nextLabel(), "D");
    EXPECT_FALSE(window_->isLoading());
    EXPECT_EQ(window_->pair(), before);

    // A label already taken gets the next free one; the same folder twice is listed once.
    const QString second = copyOfB(dir, "rerun-2", false);
    emit window_->rerunSession()->runFinished(second, "A");
    emit window_->rerunSession()->runFinished(second, "A");
    EXPECT_EQ(runs->runLabels(), QStringList({"A", "B", "C", "D"}));

    // Compare C with A: chosen in the panel, loaded only on the click.
    runs->firstRunBox()->setCurrentIndex(2);
    runs->secondRunBox()->setCurrentIndex(0);
    EXPECT_FALSE(window_->isLoading());
    ASSERT_TRUE(runs->compareButton()->isEnabled());
    QSignalSpy loaded(window_.get(), &MainWindow::pairLoaded);
    QTest::mouseClick(runs->compareButton(), Qt::LeftButton);
    ASSERT_TRUE(loaded.wait(60000)) << window_->lastError().toStdString();
    EXPECT_EQ(window_->runA(), rerunFolder);
    EXPECT_EQ(window_->runB(), runFolder("A"));
    EXPECT_EQ(window_->pair()->pathA, rerunFolder.toStdString());
    EXPECT_EQ(window_->rerunPanel()->request()["run_a"].toString(), rerunFolder);
    EXPECT_EQ(runs->runLabels(), QStringList({"A", "B", "C", "D"}));  // no new letters for listed runs
    EXPECT_FALSE(runs->compareButton()->isEnabled());

    // The same run on both sides cannot be asked for.
    runs->secondRunBox()->setCurrentIndex(2);
    EXPECT_FALSE(runs->compareButton()->isEnabled());
}

TEST_F(RerunDockTest, AFinishedRerunIsDiffedAgainstAAndBWhenItsRecipeSaysSo) {
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    const QString rerunFolder = copyOfB(dir, "rerun-1", false);
    openAndWait(runFolder("A"), runFolder("B"));
    // The loaded runs' resolution is what a rebuild starts with.
    const MeshGraph& graph = *window_->pair()->graphA;
    const QString res = QString::number(360.0 / double(graph.gridLon.size()), 'g', 6);
    auto* presets = window_->rerunPanel()->findChild<QComboBox*>("rerunPresets");
    ASSERT_NE(presets, nullptr);
    presets->setCurrentIndex(presets->findText("Rebuild the graph on this host (native)"));
    EXPECT_EQ(window_->rerunPanel()->request()["recipe"].toObject()["params"].toObject()["res"].toString(), res);

    QSignalSpy compared(window_.get(), &MainWindow::rerunCompared);
    emit window_->rerunSession()->runFinished(rerunFolder, "C");
    emit window_->rerunSession()->comparisonWanted(rerunFolder, "C", runFolder("A"), runFolder("B"), dir.path());
    ASSERT_TRUE(compared.wait(60000));
    const QStringList lines = compared.at(0).at(0).toStringList();
    ASSERT_EQ(lines.size(), 2);
    EXPECT_TRUE(lines[0].startsWith("C vs A: ")) << lines[0].toStdString();
    EXPECT_FALSE(lines[0].contains("graphs identical")) << lines[0].toStdString();
    EXPECT_TRUE(lines[1].startsWith("C vs B: graphs identical")) << lines[1].toStdString();  // a copy of B
    EXPECT_TRUE(QFile::exists(dir.filePath("compared-with-A.json")));
    EXPECT_TRUE(QFile::exists(dir.filePath("compared-with-B.json")));
    EXPECT_TRUE(window_->rerunPanel()->statusLabel()->text().contains("C vs B: graphs identical"));
    EXPECT_FALSE(window_->isLoading());  // the comparison loads nothing into the window
}

TEST_F(RerunDockTest, GraphDifferencesShowBeforeTheFieldsAndABadFieldsFileKeepsThem) {
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    openAndWait(runFolder("A"), runFolder("B"));
    const auto* before = window_->pair();

    // Graphs first, then the fields of the same pair.
    QSignalSpy shown(window_.get(), &MainWindow::differencesShown);
    QSignalSpy loaded(window_.get(), &MainWindow::pairLoaded);
    bool graphWithoutFields = false, stillLoading = false;
    QObject::connect(window_.get(), &MainWindow::differencesShown, window_.get(), [&] {
        graphWithoutFields = window_->pair() != before && window_->pair()->comparison.graph.has_value() &&
                             window_->pair()->fieldRows.empty() && !window_->pair()->comparison.fields;
        stillLoading = window_->isLoading();
    });
    window_->openPair(runFolder("B"), runFolder("A"));
    ASSERT_TRUE(shown.wait(60000));
    EXPECT_TRUE(graphWithoutFields);
    EXPECT_TRUE(stillLoading);
    ASSERT_TRUE(loaded.count() == 1 || loaded.wait(60000));
    EXPECT_EQ(shown.count(), 1);
    EXPECT_FALSE(window_->pair()->fieldRows.empty());

    // Fields that cannot be read: the error names the file, the graph part stays on screen.
    const QString broken = copyOfB(dir, "broken-fields", true);
    QSignalSpy failed(window_.get(), &MainWindow::loadFailed);
    shown.clear();
    window_->openPair(runFolder("A"), broken);
    ASSERT_TRUE(failed.wait(60000));
    EXPECT_EQ(shown.count(), 1);
    EXPECT_FALSE(window_->isLoading());
    EXPECT_TRUE(window_->lastError().contains("fields.npz")) << window_->lastError().toStdString();
    ASSERT_NE(window_->pair(), nullptr);
    EXPECT_EQ(window_->pair()->pathB, broken.toStdString());
    EXPECT_TRUE(window_->pair()->comparison.graph.has_value());
    EXPECT_EQ(window_->runB(), broken);
}

TEST_F(RerunDockTest, TheRecipeIsChosenByWhatTheOpenRunsAre) {
    views::RerunPanel* panel = window_->rerunPanel();
    auto* presets = panel->findChild<QComboBox*>("rerunPresets");
    ASSERT_NE(presets, nullptr);
    // A model's run folders (the official graphs of two hosts, fields, a run.json the demo did not write).
    openAndWait(runFolder("A"), runFolder("B"));
    EXPECT_EQ(presets->currentText(), "Rerun one model step");
    EXPECT_TRUE(panel->recipeChoiceLabel()->isVisible());
    EXPECT_TRUE(panel->recipeChoiceLabel()->text().contains("model's run folders"))
        << panel->recipeChoiceLabel()->text().toStdString();

    // The demo's pair gets the demo's recipe.
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    const DemoResult demo = writeDemo(DemoOptions{dir.filePath("demo").toStdString(), 1.0});
    openAndWait(QString::fromStdString(demo.runA), QString::fromStdString(demo.runB));
    EXPECT_EQ(presets->currentText(), "Demo model step");
    EXPECT_TRUE(panel->recipeChoiceLabel()->text().contains("demo"))
        << panel->recipeChoiceLabel()->text().toStdString();

    // Graphs without fields: a graph rebuild.
    openAndWait(QString::fromStdString(demo.runA + "/graph.npz"), QString::fromStdString(demo.runB + "/graph.npz"));
    EXPECT_EQ(presets->currentText(), "Rebuild the graph on this host (native)");
}

// The "garbled metadata error": the demo's recipe on a model's run folders.
TEST_F(RerunDockTest, TheDemoRecipeOnAModelsRunsSaysWhichFileWhatIsWrongAndWhatToDo) {
    openAndWait(runFolder("A"), runFolder("B"));
    views::RerunPanel* panel = window_->rerunPanel();
    auto* presets = panel->findChild<QComboBox*>("rerunPresets");
    presets->setCurrentIndex(presets->findText("Demo model step"));
    ASSERT_TRUE(panel->experimentsButton()->isEnabled());
    QTest::mouseClick(panel->experimentsButton(), Qt::LeftButton);
    QLabel* message = panel->experiments()->messageLabel();
    QTRY_VERIFY_WITH_TIMEOUT(message->text().startsWith("Cannot plan"), 60000);
    const std::string text = message->text().toStdString();
    // The plan's first experiment reruns B's side: B's run.json is the file that lacks the key.
    EXPECT_NE(text.find((runFolder("B") + "/run.json: run B's metadata").toStdString()), std::string::npos) << text;
    EXPECT_NE(text.find("has no \"numpy_simd.emulated_float32_math\""), std::string::npos) << text;
    EXPECT_NE(text.find("demo-model-step.json"), std::string::npos) << text;
    EXPECT_NE(text.find("choose one made for these"), std::string::npos) << text;
    QDir().mkpath(MESHDIFF_SCREENSHOT_DIR);
    panel->grab().save(QString(MESHDIFF_SCREENSHOT_DIR) + "/rerun_dock_metadata_error.png");
}

// --side and --every-experiment as the panel's controls: what the plan of a model's runs holds.
TEST_F(RerunDockTest, TheExperimentsOfAModelsRunsFollowTheSideAndEveryExperimentControls) {
    openAndWait(runFolder("A"), runFolder("B"));
    views::RerunPanel* panel = window_->rerunPanel();
    ASSERT_EQ(panel->findChild<QComboBox*>("rerunPresets")->currentText(), "Rerun one model step");
    auto* experiments = window_->findChild<RerunExperiments*>("rerunExperiments");
    ASSERT_NE(experiments, nullptr);
    QTableWidget* table = panel->experiments()->table();
    auto plan = [&] {
        QSignalSpy planned(experiments, &RerunExperiments::planShown);
        QTest::mouseClick(panel->experimentsButton(), Qt::LeftButton);
        EXPECT_TRUE(planned.wait(60000)) << panel->experiments()->messageLabel()->text().toStdString();
        QStringList ids;
        for (int row = 0; row < table->rowCount(); ++row) ids << table->item(row, 0)->text();
        return ids;
    };
    // Neither side: nothing can run, and the notes name the control.
    EXPECT_EQ(plan(), QStringList());
    EXPECT_TRUE(panel->experiments()->messageLabel()->text().contains("the back-end's host is"))
        << panel->experiments()->messageLabel()->text().toStdString();
    panel->experimentsSide()->setCurrentIndex(panel->experimentsSide()->findData("B"));
    EXPECT_EQ(plan(), QStringList({"B-with-A-graph"}));
    panel->everyExperiment()->setChecked(true);
    EXPECT_EQ(plan(), QStringList({"B-with-A-graph", "B-precision-off"}));
}

}  // namespace
}  // namespace meshdiff::gui
