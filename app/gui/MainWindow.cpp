#include "gui/MainWindow.h"

#include <utility>

#include <QCloseEvent>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileInfo>
#include <QMessageBox>
#include <QMimeData>

#include "background/BackgroundWork.h"
#include "background/StartupTrace.h"
#include "fieldtable/FieldTableView.h"
#include "geo/LatLonAxis.h"
#include "globe/GlobeView.h"
#include "gui/GlobeSceneSettings.h"
#include "gui/WindowStatus.h"
#include "gui/reactions/RunReactions.h"
#include "gui/reactions/WindowMenus.h"
#include "inspect/InspectorPanel.h"
#include "map/ErrorMapView.h"
#include "pair/RolloutSession.h"
#include "runs/RunsPanel.h"

namespace meshdiff::gui {

MainWindow::MainWindow(QWidget* parent) : MainWindow(nullptr, parent) {}

MainWindow::MainWindow(PairSession* session, QWidget* parent) : QMainWindow(parent) {
    setObjectName(QStringLiteral("meshdiffMainWindow"));
    setAcceptDrops(true);
    session_ = session ? session : new PairSession(this);
    session_->setParent(this);
    globe_ = new views::GlobeView(this);
    globe_->setObjectName(QStringLiteral("globe"));
    globe_->setMinimumSize(320, 240);
    setCentralWidget(globe_);
    // First: the window shows a new pair (pairLoaded) before the controllers go on with it (the
    // leads are compared after the first lead's fields).
    connectSession();
    buildDocks();
    buildWindowMenus(this, {session_, runs_, leads_, globeScene_, exports_, map_, inspector_, fields_, divergence_,
                            scorecard_->view(), animation_});
    forwardSignals();
    connectViews();
    restoreSettings();
    leads_->showBar(false);  // until a rollout of more than one lead (or member) is open; a saved state may show it
    updateTitle();
    status_->show(tr("Open run A and run B (File ▸ Open, or drop two folders here)."));
    showSessionInProgress();
}

// What a session started before the window said while nobody listened (its results arrive
// through the event loop, after the window is connected).
void MainWindow::showSessionInProgress() {
    if (!session_->status().isEmpty()) status_->show(session_->status());
    if (session_->isLoading()) status_->startProgress();
}

MainWindow::~MainWindow() {
    disconnect(session_, nullptr, this, nullptr);
    disconnect(session_, nullptr, leads_, nullptr);
    session_->cancel();
    views::waitForBackgroundWork();  // exports and rerun comparisons capture the controllers
}

void MainWindow::cancelLoading() { CancelLoadingReaction::cancel(session_, leads_->rollout()); }
void MainWindow::nextDifference() { inspector_->next(); }
void MainWindow::previousDifference() { inspector_->previous(); }

void MainWindow::openDemo() {
    status_->showBusy();  // until the demo's runs start loading
    session_->openDemo();
}

void MainWindow::selectField(const QString& name) {
    session_->setMapStyle(map_->style());
    session_->selectField(name);
}

void MainWindow::forwardSignals() {
    connect(leads_, &LeadsController::leadShown, this, &MainWindow::leadShown);
    connect(leads_, &LeadsController::fieldWanted, this, &MainWindow::selectField);
    connect(diagnosis_, &DiagnosisController::fieldWanted, this, &MainWindow::selectField);
    connect(growth_, &GrowthController::pointClicked, this, &MainWindow::growthPointClicked);
    connect(exports_, &ExportsController::finished, this, &MainWindow::exportFinished);
    connect(exports_, &ExportsController::failed, this, &MainWindow::exportFailed);
    connect(rerun_, &RerunController::rerunCompared, this, &MainWindow::rerunCompared);
    connect(globeScene_, &GlobeController::settingsChanged, this, &MainWindow::saveSettings);
    connect(status_, &WindowStatus::cancelRequested, this, &MainWindow::cancelLoading);
}

void MainWindow::connectViews() {
    connect(fields_, &views::FieldTableView::fieldSelected, this, &MainWindow::selectField);
    connect(fields_, &views::FieldTableView::metricChoiceChanged, this, &MainWindow::saveSettings);
    connect(fields_, &views::FieldTableView::groupingChanged, this, &MainWindow::saveSettings);
    connect(fields_, &views::FieldTableView::metricChoiceChanged, scorecard_,
            [this](const views::MetricChoice& choice) {
                scorecard_->setRegion(choice.isGlobal() ? "global" : choice.region);
            });
    connect(this, &MainWindow::fieldMapShown, divergence_, &DivergenceController::fieldMapShown);
    connect(inspector_, &views::InspectorPanel::differenceActivated, this, [this](const views::GlobePick& pick) {
        session_->selectDifference(pick);
        globe_->highlight(pick);
        globe_->flyTo(pick.lat, pick.lon);
    });
    connect(globe_, &views::GlobeView::picked, this, [this](const views::GlobePick& pick) {
        session_->selectDifference(pick);
        globe_->highlight(pick);
        inspector_->showPick(pick);
    });
    connect(map_, &views::ErrorMapView::pointClicked, this, [this](double lat, double lon) {
        views::GlobePick pick;
        pick.kind = views::GlobePick::Kind::None;
        pick.lat = lat;
        pick.lon = lon;
        if (pair() && pair()->graphA) {
            // The graph grid point nearest to the click, so that the inspector can say more.
            const MeshGraph& g = *pair()->graphA;
            if (!g.gridLat.empty() && !g.gridLon.empty()) {
                pick.kind = views::GlobePick::Kind::GridPoint;
                pick.grid = std::int32_t(nearestGridPoint(g.gridLat, g.gridLon, lat, lon));
            }
        }
        inspector_->showPick(pick);
        globe_->flyTo(lat, lon);
    });
    connect(map_, &views::ErrorMapView::styleChanged, this, [this](const views::ErrorMapStyle& style) {
        session_->setMapStyle(style);
        saveSettings();
    });
    // The drape follows the map's A−B scale whenever the map is restyled (linked limits).
    connect(map_, &views::ErrorMapView::restyled, globeScene_, &GlobeController::followScale);
}

void MainWindow::connectSession() {
    connect(session_, &PairSession::statusText, this, [this](const QString& text) { status_->show(text); });
    connect(session_, &PairSession::runsChanged, this, &MainWindow::updateTitle);
    connect(session_, &PairSession::pairOpening, this, [this] {
        session_->setGraphsReadWork(drawMeshTextureAhead(globeScene_->scene()));
        status_->startProgress();
    });
    connect(session_, &PairSession::progressChanged, this,
            [this](int percent, const QString& step) { status_->showProgress(percent, step + QStringLiteral("…")); });
    connect(session_, &PairSession::loadingEnded, this, [this] { status_->endProgress(); });
    session_->setFieldsWaitForGraphsShown(kFieldsWaitForGlobe);
    // The fields are compared once the differences' first globe frame is on screen.
    connect(globe_, &views::GlobeView::sceneShown, this, [this] {
        if (graphsOffScreen_ == GraphsOffScreen::SceneBuilding) graphsOffScreen_ = GraphsOffScreen::FrameRendering;
        if (graphsOffScreen_ == GraphsOffScreen::FrameRendering && !globe_->isVisible()) {
            graphsOffScreen_ = GraphsOffScreen::No;
            session_->graphsShown();
        }
    });
    // Once the window is up: a fields-only pair's scene then finds its coastlines drawn.
    connect(
        globe_, &views::GlobeView::frameRendered, this, [] { views::GlobeView::prepareCoastlineTexture(); },
        Qt::SingleShotConnection);
    connect(globe_, &views::GlobeView::frameRendered, this, [this] {
        if (graphsOffScreen_ != GraphsOffScreen::FrameRendering) return;
        graphsOffScreen_ = GraphsOffScreen::No;
        session_->graphsShown();
    });
    connect(session_, &PairSession::graphsReady, this, [this](double seconds) {
        graphsOffScreen_ = GraphsOffScreen::SceneBuilding;
        applyGraphs();
        views::traceStartup("graph differences applied");
        fields_->setRows({});
        growth_->showLeads(nullptr);  // until the fields are compared
        scorecard_->showLeads(nullptr);
        const auto [labelA, labelB] = runs_->showPair();
        rerun_->showPair(labelA, labelB);
        emit differencesShown(seconds);
    });
    connect(session_, &PairSession::fieldsReady, this, [this](double seconds) {
        applyFields();
        views::traceStartup("fields applied");
        emit pairLoaded(seconds);
    });
    connect(session_, &PairSession::fieldsFailed, this, [this](const QString& message) {
        applyFields();  // no fields: the map shows where the graphs differ
        emit loadFailed(message);
    });
    connect(session_, &PairSession::loadCancelled, this, [this](bool graphsKept) {
        if (graphsKept) applyFields();
    });
    connect(session_, &PairSession::loadFailed, this, [this](const QString& message) {
        emit loadFailed(message);
        if (!qEnvironmentVariableIsSet("MESHDIFF_NO_DIALOGS")) {
            QMessageBox::warning(this, tr("Could not open the runs"), message);
        }
    });
    connect(session_, &PairSession::selectionChanged, this, &MainWindow::showFieldSelection);
    connect(session_, &PairSession::fieldLoaded, this, &MainWindow::showFieldMap);
    connect(session_, &PairSession::fragilityReady, this, &MainWindow::showFragility);
}

void MainWindow::applyGraphs() {
    std::shared_ptr<const LoadedPair> shown = session_->sharedPair();
    const LoadedPair& p = *shown;
    runs_->panel()->setRows(p.runRows);
    globeScene_->showGraphs(shown);
    inspector_->setGraphs(p.comparison.graph ? &*p.comparison.graph : nullptr, p.graphA.get(), p.graphB.get(),
                          p.ballRadiusA, p.ballRadiusB);
    inspector_->setFieldSampler({});
    views::releaseInBackground(map_->showPrepared(std::make_shared<views::ErrorMapRenderer>()));
    views::releaseInBackground(std::exchange(mapData_, nullptr));
}

void MainWindow::applyFields() {
    const LoadedPair& p = *session_->pair();
    std::vector<std::string> regions;
    if (p.comparison.fields)
        for (const Region& region : p.comparison.fields->regions) regions.push_back(region.name);
    fields_->metricBar()->setRegions(regions);
    fields_->setRows(p.fieldRows);
    if (fields_->visibleRowCount() > 0) {
        selectField(fields_->fieldAtVisibleRow(0));  // the worst field
    } else if (p.graphA) {
        selectField(QString());  // no fields: the map still shows where the graphs differ
    }
    diagnosis_->showOnGlobe();
    diagnosis_->showPanel();
}

void MainWindow::showFieldSelection() {
    const QSignalBlocker quiet(fields_);  // the table follows the session; it must not ask again
    if (!session_->currentField().isEmpty()) fields_->selectField(session_->currentField());
}

void MainWindow::showFragility(const std::shared_ptr<const FragilityReport>& report) {
    views::AtRiskItems items;
    for (const auto& risk : report->grid2meshAtRisk) items.edges.push_back({risk.grid, risk.mesh});
    for (const auto& risk : report->mesh2gridAtRisk) items.gridPoints.push_back(risk.grid);
    globeScene_->showAtRisk(std::move(items));
    inspector_->setFragility(report.get());
}

void MainWindow::showFieldMap(const std::shared_ptr<FieldMap>& map) {
    auto previous = std::exchange(mapData_, map->data);
    views::releaseInBackground(map_->showPrepared(std::move(map->renderer)));
    // A map restyled while it was prepared brings its new scale only later (restyled).
    map->overlay.scale = map_->renderer().differenceScale();
    globeScene_->showFieldOverlay(std::move(map->overlay));
    inspector_->setFieldSampler([data = map->data](double lat, double lon) { return fieldSampleAt(*data, lat, lon); });
    globe_->setHoverReadout(globeReadout(map->data));
    views::releaseInBackground(std::move(previous));
    emit fieldMapShown(QString::fromStdString(map->data->fieldName));
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event) {
    if (event->mimeData()->hasUrls()) event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event) {
    QStringList paths;
    for (const QUrl& url : event->mimeData()->urls()) {
        if (url.isLocalFile()) paths << url.toLocalFile();
    }
    runs_->open(paths);
    event->acceptProposedAction();
}

void MainWindow::closeEvent(QCloseEvent* event) {
    saveSettings();
    session_->cancel();
    QMainWindow::closeEvent(event);
}

void MainWindow::updateTitle() {
    auto name = [](const QString& path) { return path.isEmpty() ? QStringLiteral("?") : QFileInfo(path).fileName(); };
    setWindowTitle(runA().isEmpty() && runB().isEmpty()
                       ? QStringLiteral("meshdiff")
                       : QStringLiteral("%1 vs %2 — meshdiff").arg(name(runA()), name(runB())));
}

}  // namespace meshdiff::gui
