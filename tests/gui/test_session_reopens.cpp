// A saved session reopens exactly (#33): every choice a user makes in the window — the map's style,
// zoom and pan and "near" outline, the globe's layers, mesh level and camera, the numbers and their
// grouping, the selected difference and the point inspected, the docks, the spread run, lead and
// member — set away from its default, saved, and found again in a fresh window opened on the file.
// The view's choices are stored by name; an unknown name is an error naming the file and the key.
#include <functional>
#include <memory>
#include <string>

#include <QAction>
#include <QCheckBox>
#include <QDockWidget>
#include <QHeaderView>
#include <QJsonObject>
#include <QLineEdit>
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeView>

#include <gtest/gtest.h>

#include "RolloutFixture.h"
#include "SessionParseError.h"
#include "ShownWindowTest.h"
#include "background/BackgroundWork.h"
#include "common/Error.h"
#include "diagnosis/DiagnosisPanel.h"
#include "fieldtable/FieldTableModel.h"
#include "fieldtable/FieldTableView.h"
#include "globe/GlobeScene.h"
#include "globe/GlobeView.h"
#include "gui/GlobeSceneSettings.h"
#include "gui/MapStyleSettings.h"
#include "gui/SettingsKeys.h"
#include "gui/reactions/SessionReactions.h"
#include "gui/session/SessionFile.h"
#include "gui/session/WindowSession.h"
#include "inspect/InspectorPanel.h"
#include "leadslider/LeadSlider.h"
#include "map/ErrorMapView.h"
#include "pair/RolloutSession.h"
#include "rerunpanel/RerunPanel.h"

namespace meshdiff::gui {
namespace {

QDockWidget* dock(const MainWindow& window, const char* name) {
    return window.findChild<QDockWidget*>(QString::fromLatin1(name));
}

bool inFront(const MainWindow& window, const char* name) {
    const QDockWidget* d = dock(window, name);
    return d && !d->isHidden() && !d->visibleRegion().isEmpty();
}

QByteArray sessionWithView(const char* view) {
    return QByteArray(R"({"format": "meshdiff-session", "version": 2, "runs": {"a": "x", "b": "y"}, "view": )") + view +
           "}";
}

class SessionReopens : public test::ShownWindowTest {
protected:
    void waitForPair(MainWindow& window, QSignalSpy& loaded) {
        ASSERT_TRUE(loaded.count() > 0 || loaded.wait(60000)) << window.lastError().toStdString();
    }
    // A window of the same size as the first, on settings that forgot what the first one saved.
    std::unique_ptr<MainWindow> freshWindow() {
        views::waitForSettingsWrites();
        QSettings().clear();
        auto fresh = std::make_unique<MainWindow>();
        fresh->resize(window_->size());
        fresh->show();
        EXPECT_TRUE(QTest::qWaitForWindowExposed(fresh.get()));
        return fresh;
    }
    QString save() {
        const QString path = dir_.filePath("reopened.meshdiff-session");
        writeSessionFile(path, windowSession(*window_));
        return path;
    }
    QTemporaryDir dir_;
};

TEST_F(SessionReopens, AGraphPairComesBackWithItsMapGlobeSelectionNumbersAndDocks) {
    QSignalSpy firstLoaded(window_.get(), &MainWindow::pairLoaded);
    window_->openPair(test::runFolder("A"), test::runFolder("B"));
    waitForPair(*window_, firstLoaded);
    ASSERT_GT(window_->inspector()->differences().rowCount(), 2);

    // The "near" outline: the box in the Diagnosis dock, away from what the diagnosis chose.
    const bool nearByDefault = window_->errorMap()->style().neighbourhood;
    window_->diagnosisPanel()->mapOutlineBox()->setChecked(!nearByDefault);
    ASSERT_EQ(window_->errorMap()->style().neighbourhood, !nearByDefault);
    views::ErrorMapStyle style = window_->errorMap()->style();
    style.mode = views::MapMode::AbsDifference;
    style.scale = views::ScaleChoice::SymLog;
    style.limits.mode = views::LimitMode::Manual;
    style.limits.manualMin = -0.5;
    style.limits.manualMax = 2.25;
    style.sequentialMap = views::ColorMapKind::Magma;
    style.differenceMap = views::ColorMapKind::Balance;
    style.coastlines = false;
    style.graticule = false;
    style.spotlight = true;
    window_->errorMap()->setStyle(style);
    const views::MapViewport viewport{30.5, -12.25, 6};
    window_->errorMap()->setViewport(viewport);
    style.viewport = viewport;
    ASSERT_EQ(window_->errorMap()->style(), style);

    window_->globeController()->setLayerVisible(views::GlobeLayer::Mesh, false);
    window_->globeController()->setLayerVisible(views::GlobeLayer::GridPoints, true);
    window_->globeController()->setMeshLevel(3);
    const views::GlobeScene layers = window_->globeController()->scene();
    ASSERT_NE(layers.visible, views::GlobeScene{}.visible);

    window_->fieldTable()->metricBar()->setChoice({true, "tropics"});
    ASSERT_EQ(window_->fieldTable()->metricChoice().region, "tropics");
    window_->fieldTable()->setGrouped(true);
    const QString filter = window_->fieldTable()->fieldAtVisibleRow(0).left(4);
    window_->fieldTable()->filterEdit()->setText(filter);
    window_->fieldTable()->table()->sortByColumn(views::FieldTableModel::Name, Qt::AscendingOrder);
    window_->findChild<QAction*>(QStringLiteral("swapGlobeAndMap"))->trigger();
    ASSERT_EQ(window_->centralWidget(), window_->errorMap()) << "the map in the middle";
    QJsonObject recipe = window_->rerunPanel()->recipe();
    recipe["env"] = QJsonObject{{"OMP_NUM_THREADS", "3"}};  // the table under Environment
    window_->rerunPanel()->setRecipe(recipe);
    window_->rerunPanel()->setWhere(QStringLiteral("ssh:gpu-node"), QStringLiteral("runs-here"));

    window_->inspector()->selectRow(2);  // a difference from the list, highlighted on the globe
    const views::GlobePick difference = window_->session()->selectedDifference();
    ASSERT_NE(difference.kind, views::GlobePick::Kind::None);
    emit window_->errorMap()->pointClicked(10.0, 20.0);  // then a point clicked on the map
    const std::optional<views::GlobePick> inspected = window_->inspector()->shownPick();
    ASSERT_TRUE(inspected.has_value());
    window_->globe()->lookAt(-35.5, 123.25, 2.5);  // after the flight to the click
    const views::GlobeCamera camera = window_->globe()->camera();

    dock(*window_, "runsDock")->hide();
    dock(*window_, "rerunDock")->raise();
    QTest::qWait(50);
    ASSERT_TRUE(inFront(*window_, "rerunDock"));
    ASSERT_FALSE(inFront(*window_, "mapDock"));
    const QString path = save();

    std::unique_ptr<MainWindow> fresh = freshWindow();
    ASSERT_FALSE(dock(*fresh, "runsDock")->isHidden()) << "a fresh window shows every dock";
    ASSERT_TRUE(inFront(*fresh, "mapDock"));
    QSignalSpy loaded(fresh.get(), &MainWindow::pairLoaded);
    QString error;
    ASSERT_TRUE(OpenSessionReaction::open(fresh.get(), path, &error)) << error.toStdString();
    waitForPair(*fresh, loaded);
    QTest::qWait(50);

    EXPECT_EQ(fresh->runA(), test::runFolder("A"));
    EXPECT_EQ(fresh->runB(), test::runFolder("B"));
    const views::ErrorMapStyle restored = fresh->errorMap()->style();
    EXPECT_EQ(restored.viewport, viewport) << "zoom " << restored.viewport.zoom << " at " << restored.viewport.centerLon
                                           << ", " << restored.viewport.centerLat;
    EXPECT_EQ(restored.neighbourhood, !nearByDefault);
    EXPECT_EQ(fresh->diagnosisPanel()->mapOutlineBox()->isChecked(), !nearByDefault);
    EXPECT_EQ(restored, style);
    const views::GlobeCamera reopened = fresh->globe()->camera();
    EXPECT_NEAR(reopened.lat, camera.lat, 1e-6);
    EXPECT_NEAR(reopened.lon, camera.lon, 1e-6);
    EXPECT_NEAR(reopened.distance, camera.distance, 1e-6);
    EXPECT_EQ(fresh->globeController()->scene().visible, layers.visible);
    EXPECT_EQ(fresh->globeController()->scene().meshLevel, 3);
    EXPECT_EQ(fresh->fieldTable()->metricChoice(), window_->fieldTable()->metricChoice());
    EXPECT_TRUE(fresh->fieldTable()->grouped());
    EXPECT_EQ(fresh->fieldTable()->filterEdit()->text(), filter);
    EXPECT_EQ(fresh->fieldTable()->table()->header()->sortIndicatorSection(), int(views::FieldTableModel::Name));
    EXPECT_EQ(fresh->fieldTable()->table()->header()->sortIndicatorOrder(), Qt::AscendingOrder);
    EXPECT_EQ(fresh->centralWidget(), fresh->errorMap()) << "a graph pair opens globe-first, the session map-first";
    const QJsonObject request = fresh->rerunPanel()->request();
    EXPECT_EQ(request["recipe"].toObject()["name"], recipe["name"]);
    EXPECT_EQ(request["recipe"].toObject()["env"].toObject()["OMP_NUM_THREADS"].toString(), "3");
    EXPECT_EQ(request["backend"].toString(), "ssh:gpu-node");
    EXPECT_EQ(request["remote_dir"].toString(), "runs-here");

    const views::GlobePick selected = fresh->session()->selectedDifference();
    EXPECT_EQ(selected.kind, difference.kind);
    EXPECT_EQ(selected.diffIndex, difference.diffIndex);
    EXPECT_EQ(selected.run, difference.run);
    EXPECT_EQ(selected.grid, difference.grid);
    EXPECT_EQ(selected.mesh, difference.mesh);
    const std::optional<views::GlobePick> shown = fresh->inspector()->shownPick();
    ASSERT_TRUE(shown.has_value());
    EXPECT_EQ(shown->kind, inspected->kind);
    EXPECT_EQ(shown->grid, inspected->grid);
    EXPECT_EQ(shown->lat, inspected->lat);
    EXPECT_EQ(shown->lon, inspected->lon);

    EXPECT_TRUE(dock(*fresh, "runsDock")->isHidden());
    EXPECT_TRUE(inFront(*fresh, "rerunDock"));
    EXPECT_FALSE(inFront(*fresh, "mapDock"));
    EXPECT_TRUE(inFront(*fresh, "differencesDock"));
}

TEST_F(SessionReopens, ARolloutComesBackWithItsSpreadRunLeadMemberNumbersAndView) {
    QSignalSpy firstLoaded(window_.get(), &MainWindow::pairLoaded);
    QSignalSpy firstCompared(window_->rollout(), &RolloutSession::finished);
    window_->session()->openWithSpread(test::rolloutFixture("a.nc"), test::rolloutFixture("b.nc"),
                                       test::rolloutFixture("c_half_spread.npz"));
    waitForPair(*window_, firstLoaded);
    ASSERT_TRUE(firstCompared.count() > 0 || firstCompared.wait(60000));
    window_->showFieldAtLead(QStringLiteral("temperature@500"), 2);
    window_->leadSlider()->setCurrentMember(1);
    window_->fieldTable()->metricBar()->setChoice(views::MetricChoice::gridPoints());
    const views::MapViewport viewport{-100.75, 40, 3.5};
    window_->errorMap()->setViewport(viewport);
    emit window_->errorMap()->pointClicked(-5.0, 150.0);
    const std::optional<views::GlobePick> inspected = window_->inspector()->shownPick();
    ASSERT_TRUE(inspected.has_value());
    window_->globe()->lookAt(60.25, 300.5, 7.75);
    ASSERT_EQ(window_->centralWidget(), window_->errorMap()) << "a fields-only pair opens map-first";
    window_->findChild<QAction*>(QStringLiteral("swapGlobeAndMap"))->trigger();
    ASSERT_NE(window_->centralWidget(), window_->errorMap());
    ASSERT_EQ(window_->currentLead(), 2);
    ASSERT_EQ(window_->currentMember(), 1);
    const QString path = save();

    std::unique_ptr<MainWindow> fresh = freshWindow();
    QSignalSpy compared(fresh->rollout(), &RolloutSession::finished);
    QString error;
    ASSERT_TRUE(OpenSessionReaction::open(fresh.get(), path, &error)) << error.toStdString();
    ASSERT_TRUE(compared.wait(60000)) << fresh->lastError().toStdString();
    ASSERT_TRUE(QTest::qWaitFor(
        [&] {
            return fresh->currentLead() == 2 && fresh->currentMember() == 1 &&
                   fresh->currentField() == QStringLiteral("temperature@500");
        },
        30000))
        << "lead " << fresh->currentLead() << " member " << fresh->currentMember() << " field "
        << fresh->currentField().toStdString();

    EXPECT_EQ(fresh->session()->spreadRun(), test::rolloutFixture("c_half_spread.npz"));
    EXPECT_NE(fresh->centralWidget(), fresh->errorMap()) << "swapped back to the globe by hand";
    EXPECT_EQ(fresh->fieldTable()->metricChoice(), views::MetricChoice::gridPoints());
    EXPECT_EQ(fresh->errorMap()->style().viewport, viewport);
    const std::optional<views::GlobePick> shown = fresh->inspector()->shownPick();
    ASSERT_TRUE(shown.has_value());
    EXPECT_EQ(shown->lat, inspected->lat);
    EXPECT_EQ(shown->lon, inspected->lon);
    EXPECT_NEAR(fresh->globe()->camera().lat, 60.25, 1e-6);
    EXPECT_NEAR(fresh->globe()->camera().lon, 300.5, 1e-6);
    EXPECT_NEAR(fresh->globe()->camera().distance, 7.75, 1e-6);
}

TEST(SessionViewNames, ChoicesAreWrittenByName) {
    views::ErrorMapStyle style;
    style.mode = views::MapMode::AbsDifference;
    style.scale = views::ScaleChoice::SymLog;
    style.limits.mode = views::LimitMode::Robust;
    style.sequentialMap = views::ColorMapKind::Cividis;
    style.differenceMap = views::ColorMapKind::Balance;
    SessionState state;
    state.runA = "a";
    state.runB = "b";
    state.view = mapStyleSettings(style);
    state.view.emplace_back(settings::kGlobeLayers, QVariantList{0, int(views::GlobeLayer::FieldOverlay)});
    state.view.emplace_back(settings::kGlobeLayerCount, views::kGlobeLayerCount);
    const QByteArray json = sessionJson(state);
    for (const char* expected : {R"("map/mode": "|A-B|")", R"("map/scale": "symlog")", R"("map/limits": "robust")",
                                 R"("map/colorMap": "cividis")", R"("map/differenceColorMap": "balance")",
                                 R"("coastlines": true)", R"("mesh": false)", R"("field-A-B": true)"})
        EXPECT_TRUE(json.contains(expected)) << expected << " not in\n" << json.toStdString();
    EXPECT_FALSE(json.contains("layerCount")) << json.toStdString();

    const SessionState read = parseSession(json, "named.meshdiff-session");
    EXPECT_EQ(savedMapStyle(
                  [&read](const QString& key, const QVariant& fallback) { return sessionValue(read, key, fallback); }),
              style);
}

TEST(SessionViewNames, AnUnknownNameOrAWrongKindNamesTheFileAndTheKey) {
    const QString file = QStringLiteral("/data/old.meshdiff-session");
    std::string error = test::sessionParseError(sessionWithView(R"({"map/scale": "symlg"})"), file);
    EXPECT_NE(error.find(file.toStdString()), std::string::npos) << error;
    EXPECT_NE(error.find("\"map/scale\" is \"symlg\", not one of auto, symlog, linear"), std::string::npos) << error;

    error = test::sessionParseError(sessionWithView(R"({"map/differenceColorMap": "viridis"})"), file);
    EXPECT_NE(error.find("\"map/differenceColorMap\" is \"viridis\", not one of balance, RdBu"), std::string::npos)
        << error;
    error = test::sessionParseError(sessionWithView(R"({"globe/visibleLayers": {"coastline": true}})"), file);
    EXPECT_NE(error.find("\"globe/visibleLayers\" names no layer \"coastline\""), std::string::npos) << error;
    error = test::sessionParseError(sessionWithView(R"({"globe/cameraLat": "north"})"), file);
    EXPECT_NE(error.find("\"globe/cameraLat\" is not a number"), std::string::npos) << error;
    error = test::sessionParseError(sessionWithView(R"({"fields/sortColumn": "rms"})"), file);
    EXPECT_NE(error.find("\"fields/sortColumn\" is \"rms\", not one of name, rel_rms,"), std::string::npos) << error;
    error = test::sessionParseError(sessionWithView(R"({"fields/filter": 850})"), file);
    EXPECT_NE(error.find("\"fields/filter\" is not a text"), std::string::npos) << error;
    error = test::sessionParseError(sessionWithView(R"({"rerun/backend": "cloud"})"), file);
    EXPECT_NE(error.find("\"rerun/backend\" is \"cloud\", not local, slurm or ssh:HOST"), std::string::npos) << error;
    error = test::sessionParseError(sessionWithView(R"({"rerun/recipe": ["demo"]})"), file);
    EXPECT_NE(error.find("\"rerun/recipe\" is not a recipe"), std::string::npos) << error;
    error = test::sessionParseError(sessionWithView(R"({"map/nearOutline": 1})"), file);
    EXPECT_NE(error.find("\"map/nearOutline\" is not true or false"), std::string::npos) << error;
    error = test::sessionParseError(
        sessionWithView(R"({"inspector/difference": {"kind": "edge", "grid": 1, "mesh": 2, "run": 1,
                                         "diffIndex": 0, "lat": 0, "lon": 0}})"),
        file);
    EXPECT_NE(error.find("\"inspector/difference\" has the kind \"edge\""), std::string::npos) << error;
    EXPECT_NE(error.find(file.toStdString()), std::string::npos) << error;
}

TEST(SessionViewNames, TheFirstSessionsNumbersAreStillRead) {
    const SessionState read = parseSession(
        R"({"format": "meshdiff-session", "version": 1, "runs": {"a": "x", "b": "y"},
            "view": {"map/scale": 1, "map/mode": 4, "globe/visibleLayers": [0, 3], "globe/layerCount": 14}})",
        "first.meshdiff-session");
    const SavedValue value = [&read](const QString& key, const QVariant& fallback) {
        return sessionValue(read, key, fallback);
    };
    EXPECT_EQ(savedMapStyle(value).scale, views::ScaleChoice::SymLog);
    EXPECT_EQ(savedMapStyle(value).mode, views::MapMode::AbsDifference);
    const views::GlobeScene scene = savedGlobeScene(value);
    for (int layer = 0; layer < views::kGlobeLayerCount; ++layer)
        EXPECT_EQ(scene.visible[std::size_t(layer)], layer == 0 || layer == 3) << "layer " << layer;
    EXPECT_NE(
        test::sessionParseError(sessionWithView(R"({"map/scale": 7})"), "f").find("\"map/scale\" is 7, not one of"),
        std::string::npos);
}

}  // namespace
}  // namespace meshdiff::gui
