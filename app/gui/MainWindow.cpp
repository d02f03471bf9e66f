#include "gui/MainWindow.h"

#include <utility>

#include <QCloseEvent>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileInfo>
#include <QLabel>
#include <QMessageBox>
#include <QMimeData>
#include <QProgressBar>
#include <QPushButton>
#include <QToolBar>

#include "background/BackgroundWork.h"
#include "background/StartupTrace.h"
#include "fieldtable/FieldTableView.h"
#include "geo/LatLonAxis.h"
#include "globe/GlobeView.h"
#include "gui/GlobeSceneSettings.h"
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
    buildDocks();
    buildMenus();
    buildStatusBar();
    buildLeadBar();
    connectViews();
    connectSession();
    connectRollout();
    restoreSettings();
    showLeadBar(false);  // until a rollout of more than one lead (or member) is open; a saved state may show it
    updateTitle();
    showStatus(tr("Open run A and run B (File ▸ Open, or drop two folders here)."));
    showSessionInProgress();
}

// What a session started before the window said while nobody listened (its results arrive
// through the event loop, after the window is connected).
void MainWindow::showSessionInProgress() {
    if (!session_->status().isEmpty()) showStatus(session_->status());
    if (session_->isLoading()) {
        progress_->setRange(0, 100);
        progress_->setValue(0);
        progress_->show();
        cancel_->show();
    }
}

MainWindow::~MainWindow() {
    disconnect(session_, nullptr, this, nullptr);
    session_->cancel();
    views::waitForBackgroundWork();  // exports capture the window
}

QString MainWindow::runA() const { return session_->runA(); }
QString MainWindow::runB() const { return session_->runB(); }
bool MainWindow::isLoading() const { return session_->isLoading(); }
const LoadedPair* MainWindow::pair() const { return session_->pair(); }
QString MainWindow::currentField() const { return session_->currentField(); }
QString MainWindow::lastError() const { return session_->lastError(); }

void MainWindow::openPair(const QString& runA, const QString& runB) { session_->open(runA, runB); }
void MainWindow::setRunA(const QString& path) { session_->setRunA(path); }
void MainWindow::setRunB(const QString& path) { session_->setRunB(path); }
void MainWindow::swapRuns() { session_->swapRuns(); }
void MainWindow::reload() { session_->reload(); }
void MainWindow::cancelLoading() {
    if (session_->isLoading()) session_->cancel();
    else rollout_->cancel();
}
void MainWindow::nextDifference() { inspector_->next(); }
void MainWindow::previousDifference() { inspector_->previous(); }

void MainWindow::openDemo() {
    progress_->setRange(0, 0);  // busy until the demo's runs start loading
    progress_->show();
    session_->openDemo();
}

void MainWindow::selectField(const QString& name) {
    session_->setMapStyle(map_->style());
    session_->selectField(name);
}

void MainWindow::connectViews() {
    connect(fields_, &views::FieldTableView::fieldSelected, this, &MainWindow::selectField);
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
    connect(map_, &views::ErrorMapView::restyled, this, [this](const views::ColorScale& scale) {
        if (scene_.field.empty() || scene_.field.scale == scale) return;
        scene_.field.scale = scale;
        globe_->setFieldOverlay(scene_.field);
    });
}

void MainWindow::connectSession() {
    connect(session_, &PairSession::statusText, this, &MainWindow::showStatus);
    connect(session_, &PairSession::runsChanged, this, &MainWindow::updateTitle);
    connect(session_, &PairSession::pairOpening, this, [this] {
        session_->setGraphsReadWork(drawMeshTextureAhead(scene_));
        progress_->setRange(0, 100);
        progress_->setValue(0);
        progress_->show();
        cancel_->show();
    });
    connect(session_, &PairSession::progressChanged, this, &MainWindow::showLoadProgress);
    connect(session_, &PairSession::loadingEnded, this, [this] {
        progress_->hide();
        cancel_->hide();
    });
    session_->setFieldsWaitForGraphsShown(kFieldsWaitForGlobe);
    // The fields are compared once the differences' first globe frame is on screen.
    connect(globe_, &views::GlobeView::sceneShown, this, [this] {
        if (graphsOffScreen_ == GraphsOffScreen::SceneBuilding) graphsOffScreen_ = GraphsOffScreen::FrameRendering;
        if (graphsOffScreen_ == GraphsOffScreen::FrameRendering && !globe_->isVisible()) {
            graphsOffScreen_ = GraphsOffScreen::No;
            session_->graphsShown();
        }
    });
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
        showGrowthLeads(nullptr);  // until the fields are compared
        rememberPair(runA(), runB());
        syncRuns();
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

void MainWindow::showLoadProgress(int percent, const QString& step) {
    showProgress(percent, step + QStringLiteral("…"));
}

void MainWindow::showProgress(int percent, const QString& status) {
    // QProgressBar::setValue repaints at once and waits for the X server to show it (tens of ms
    // while the comparing threads hold both cores): a few progress updates per second are enough.
    if (progressTimer_.isValid() && progressTimer_.elapsed() < 250) return;
    progressTimer_.restart();
    progress_->setValue(percent);
    showStatus(status);
}

void MainWindow::applyGraphs() {
    views::releaseInBackground(std::exchange(viewsPair_, session_->sharedPair()));
    const LoadedPair& p = *viewsPair_;
    const GraphDiff* diff = p.comparison.graph ? &*p.comparison.graph : nullptr;
    runs_->setRows(p.runRows);

    scene_.graphA = p.graphA.get();
    scene_.graphB = p.graphB.get();
    scene_.diff = diff;
    scene_.atRisk = {};
    scene_.field = {};
    scene_.labelA = p.comparison.a.label;
    scene_.labelB = p.comparison.b.label;
    forgetDiagnosis();
    scene_.places = p.places ? &*p.places : nullptr;  // in viewsPair_
    globe_->setScene(scene_, sceneKeepAlive());
    if (!p.differenceLocations.empty()) {
        const auto& first = p.differenceLocations.front();
        globe_->lookAt(first[1], first[0]);
    }

    inspector_->setGraphs(diff, p.graphA.get(), p.graphB.get(), p.ballRadiusA, p.ballRadiusB);
    inspector_->setFieldSampler({});
    views::releaseInBackground(map_->showPrepared(std::make_shared<views::ErrorMapRenderer>()));
    views::releaseInBackground(std::exchange(mapData_, nullptr));
}

void MainWindow::applyFields() {
    const LoadedPair& p = *session_->pair();
    fields_->setRows(p.fieldRows);
    if (fields_->visibleRowCount() > 0) {
        selectField(fields_->fieldAtVisibleRow(0));  // the worst field
    } else if (p.graphA) {
        selectField(QString());  // no fields: the map still shows where the graphs differ
    }
    showDiagnosisOnGlobe();
    showDiagnosis();
}

void MainWindow::showFieldSelection() {
    const QSignalBlocker quiet(fields_);  // the table follows the session; it must not ask again
    if (!session_->currentField().isEmpty()) fields_->selectField(session_->currentField());
}

void MainWindow::showFragility(const std::shared_ptr<const FragilityReport>& report) {
    views::AtRiskItems items;
    for (const auto& risk : report->grid2meshAtRisk) items.edges.push_back({risk.grid, risk.mesh});
    for (const auto& risk : report->mesh2gridAtRisk) items.gridPoints.push_back(risk.grid);
    scene_.atRisk = std::move(items);
    // The scene points into the pair the views show (the graph stage's comparison when
    // the graphs were shown before the fields), which may not be the session's pair.
    globe_->setScene(scene_, sceneKeepAlive());
    inspector_->setFragility(report.get());
}

void MainWindow::showFieldMap(const std::shared_ptr<FieldMap>& map) {
    auto previous = std::exchange(mapData_, map->data);
    views::releaseInBackground(map_->showPrepared(std::move(map->renderer)));
    // A map restyled while it was prepared brings its new scale only later (restyled).
    map->overlay.scale = map_->renderer().differenceScale();
    auto previousOverlay = std::make_shared<views::FieldOverlay>(std::exchange(scene_.field, std::move(map->overlay)));
    globe_->setFieldOverlay(scene_.field);
    inspector_->setFieldSampler([data = map->data](double lat, double lon) { return fieldSampleAt(*data, lat, lon); });
    globe_->setHoverReadout(globeReadout(map->data));
    views::releaseInBackground(std::move(previous));
    views::releaseInBackground(std::move(previousOverlay));
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
    if (paths.size() >= 2) {
        openPair(paths[0], paths[1]);
    } else if (paths.size() == 1) {
        // One run dropped: it becomes A while A is empty, otherwise B.
        runA().isEmpty() ? setRunA(paths[0]) : setRunB(paths[0]);
    }
    event->acceptProposedAction();
}

void MainWindow::closeEvent(QCloseEvent* event) {
    saveSettings();
    session_->cancel();
    QMainWindow::closeEvent(event);
}

void MainWindow::showStatus(const QString& text) {
    status_->setText(text);
    status_->setToolTip(text);
}

void MainWindow::updateTitle() {
    auto name = [](const QString& path) { return path.isEmpty() ? QStringLiteral("?") : QFileInfo(path).fileName(); };
    setWindowTitle(runA().isEmpty() && runB().isEmpty()
                       ? QStringLiteral("meshdiff")
                       : QStringLiteral("%1 vs %2 — meshdiff").arg(name(runA()), name(runB())));
}

}  // namespace meshdiff::gui
