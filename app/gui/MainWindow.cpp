#include "gui/MainWindow.h"

#include <cmath>
#include <utility>

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QSettings>
#include <QStatusBar>
#include <QTimer>

#include "background/BackgroundWork.h"
#include "common/Error.h"
#include "fieldtable/FieldTableView.h"
#include "geo/LatLonAxis.h"
#include "globe/GlobeView.h"
#include "gui/DemoRuns.h"
#include "gui/PairLoader.h"
#include "gui/SettingsKeys.h"
#include "inspect/InspectorPanel.h"
#include "map/ErrorMapView.h"
#include "rerun/AttachRerunPanel.h"
#include "rerunpanel/RerunPanel.h"
#include "runs/RunsPanel.h"

namespace meshdiff::gui {
namespace {

QString pairKey(const QString& a, const QString& b) { return a + QLatin1Char('\n') + b; }

views::FieldOverlay overlayFrom(const views::ErrorMapData& data) {
    views::FieldOverlay overlay;
    if (!data.hasA() || !data.hasB()) return overlay;
    overlay.grid = data.grid;
    overlay.values.resize(data.a.size());
    for (std::size_t i = 0; i < data.a.size(); ++i) overlay.values[i] = data.a[i] - data.b[i];
    overlay.name = data.fieldName + " A−B";
    overlay.units = data.units;
    overlay.mode = views::FieldOverlayMode::Diverging;
    return overlay;
}

// The field values at the field grid point nearest to (lat, lon).
std::optional<views::FieldSample> sampleAt(const views::ErrorMapData& data, double lat, double lon) {
    if (data.grid.size() == 0 || !data.hasA()) return std::nullopt;
    const std::size_t bestLat = nearestIndex(data.grid.lat, lat), bestLon = nearestLongitudeIndex(data.grid.lon, lon);
    const std::size_t index = bestLat * data.grid.nlon() + bestLon;
    views::FieldSample sample;
    sample.field = QString::fromStdString(data.fieldName);
    sample.units = QString::fromStdString(data.units);
    sample.lat = data.grid.lat[bestLat];
    sample.lon = data.grid.lon[bestLon];
    sample.a = data.a[index];
    sample.b = data.hasB() ? double(data.b[index]) : std::nan("");
    return sample;
}

}  // namespace

MainWindow::MainWindow(QWidget* parent) : QMainWindow(parent) {
    setObjectName(QStringLiteral("meshdiffMainWindow"));
    setAcceptDrops(true);
    globe_ = new views::GlobeView(this);
    globe_->setObjectName(QStringLiteral("globe"));
    globe_->setMinimumSize(320, 240);
    setCentralWidget(globe_);
    buildDocks();
    buildMenus();

    status_ = new QLabel(this);
    progress_ = new QProgressBar(this);
    progress_->setRange(0, 100);
    progress_->setMaximumWidth(220);
    progress_->hide();
    cancel_ = new QPushButton(tr("Cancel"), this);
    cancel_->setObjectName(QStringLiteral("cancelLoading"));
    cancel_->hide();
    connect(cancel_, &QPushButton::clicked, this, &MainWindow::cancelLoading);
    statusBar()->addWidget(status_, 1);
    statusBar()->addPermanentWidget(progress_);
    statusBar()->addPermanentWidget(cancel_);

    connect(fields_, &views::FieldTableView::fieldSelected, this, &MainWindow::selectField);
    connect(inspector_, &views::InspectorPanel::differenceActivated, this, [this](const views::GlobePick& pick) {
        globe_->highlight(pick);
        globe_->flyTo(pick.lat, pick.lon);
    });
    connect(globe_, &views::GlobeView::picked, this, [this](const views::GlobePick& pick) {
        globe_->highlight(pick);
        inspector_->showPick(pick);
    });
    connect(map_, &views::ErrorMapView::pointClicked, this, [this](double lat, double lon) {
        views::GlobePick pick;
        pick.kind = views::GlobePick::Kind::None;
        pick.lat = lat;
        pick.lon = lon;
        if (pair_ && pair_->graphA) {
            // The graph grid point nearest to the click, so that the inspector can say more.
            const MeshGraph& g = *pair_->graphA;
            if (!g.gridLat.empty() && !g.gridLon.empty()) {
                pick.kind = views::GlobePick::Kind::GridPoint;
                pick.grid = std::int32_t(nearestGridPoint(g.gridLat, g.gridLon, lat, lon));
            }
        }
        inspector_->showPick(pick);
        globe_->flyTo(lat, lon);
    });
    connect(map_, &views::ErrorMapView::styleChanged, this, [this] { saveSettings(); });

    views::runInBackground([this] {
        auto lines = loadCoastlines();
        QMetaObject::invokeMethod(
            this,
            [this, lines = std::move(lines)]() mutable {
                coastlines_ = std::move(lines);
                if (pair_ && !currentField_.isEmpty()) selectField(currentField_);
            },
            Qt::QueuedConnection);
    });

    restoreSettings();
    updateTitle();
    showStatus(tr("Open run A and run B (File ▸ Open, or drop two folders here)."));
}

MainWindow::~MainWindow() {
    if (job_) job_->cancel = true;
    views::waitForBackgroundWork();
}

void MainWindow::buildDocks() {
    auto addDock = [this](const QString& title, const QString& name, QWidget* widget, Qt::DockWidgetArea area) {
        auto* dock = new QDockWidget(title, this);
        dock->setObjectName(name);
        dock->setWidget(widget);
        addDockWidget(area, dock);
        return dock;
    };
    runs_ = new views::RunsPanel(this);
    fields_ = new views::FieldTableView(this);
    map_ = new views::ErrorMapView(this);
    inspector_ = new views::InspectorPanel(this);
    auto* runsDock = addDock(tr("Runs"), QStringLiteral("runsDock"), runs_, Qt::LeftDockWidgetArea);
    auto* fieldsDock = addDock(tr("Fields"), QStringLiteral("fieldsDock"), fields_, Qt::LeftDockWidgetArea);
    splitDockWidget(runsDock, fieldsDock, Qt::Vertical);
    auto* differencesDock =
        addDock(tr("Differences"), QStringLiteral("differencesDock"), inspector_, Qt::RightDockWidgetArea);
    auto* mapDock = addDock(tr("Error map"), QStringLiteral("mapDock"), map_, Qt::BottomDockWidgetArea);
    rerun_ = new views::RerunPanel(this);
    // Scrolls rather than making the bottom docks (and so the globe) give way to its tall form.
    auto* rerunScroll = new QScrollArea(this);
    rerunScroll->setWidget(rerun_);
    rerunScroll->setWidgetResizable(true);
    rerunScroll->setFrameShape(QFrame::NoFrame);
    auto* rerunDock = addDock(tr("Rerun"), QStringLiteral("rerunDock"), rerunScroll, Qt::BottomDockWidgetArea);
    tabifyDockWidget(mapDock, rerunDock);
    mapDock->raise();
    rerunSession_ = rerun::attachRerunPanel(rerun_, this);
    connect(rerunSession_, &rerun::RerunSession::runFinished, this, &MainWindow::addRun);
    connect(runs_, &views::RunsPanel::compareRequested, this, &MainWindow::openPair);
    // The side panels run the full height; the map sits under the globe.
    setCorner(Qt::BottomLeftCorner, Qt::LeftDockWidgetArea);
    setCorner(Qt::BottomRightCorner, Qt::RightDockWidgetArea);
    resizeDocks({runsDock, differencesDock}, {440, 400}, Qt::Horizontal);
    resizeDocks({runsDock, fieldsDock, mapDock}, {260, 600, 380}, Qt::Vertical);
}

void MainWindow::buildMenus() {
    QMenu* file = menuBar()->addMenu(tr("&File"));
    QAction* openA = file->addAction(tr("Open Run &A…"), this, [this] {
        QSettings settings;
        const QString dir = QFileDialog::getExistingDirectory(this, tr("Run A folder"),
                                                              settings.value(settings::kLastFolder).toString());
        if (!dir.isEmpty()) setRunA(dir);
    });
    openA->setShortcut(QKeySequence::Open);
    QAction* openB = file->addAction(tr("Open Run &B…"), this, [this] {
        QSettings settings;
        const QString dir = QFileDialog::getExistingDirectory(this, tr("Run B folder"),
                                                              settings.value(settings::kLastFolder).toString());
        if (!dir.isEmpty()) setRunB(dir);
    });
    openB->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O));
    file->addAction(tr("Open Run A &File…"), this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Run A graph or fields file"));
        if (!path.isEmpty()) setRunA(path);
    });
    file->addAction(tr("Open Run B F&ile…"), this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Run B graph or fields file"));
        if (!path.isEmpty()) setRunB(path);
    });
    recentMenu_ = file->addMenu(tr("Open &Recent"));
    connect(recentMenu_, &QMenu::aboutToShow, this, &MainWindow::fillRecentMenu);
    file->addSeparator();
    QAction* swap = file->addAction(tr("&Swap A and B"), this, &MainWindow::swapRuns);
    swap->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_X));
    QAction* reloadAction = file->addAction(tr("Re&load"), this, &MainWindow::reload);
    reloadAction->setShortcut(QKeySequence::Refresh);
    QAction* cancelAction = file->addAction(tr("&Cancel Loading"), this, &MainWindow::cancelLoading);
    cancelAction->setShortcut(QKeySequence::Cancel);
    file->addSeparator();
    QMenu* exportMenu = file->addMenu(tr("&Export"));
    exportMenu->addAction(tr("Globe as &PNG…"), this, &MainWindow::exportGlobeInteractive)
        ->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E));
    exportMenu->addAction(tr("Error Map as P&NG…"), this, [this] { exportMapInteractive(QStringLiteral("png")); });
    exportMenu->addAction(tr("Error Map as P&DF…"), this, [this] { exportMapInteractive(QStringLiteral("pdf")); });
    exportMenu->addAction(tr("Error Map as &SVG…"), this, [this] { exportMapInteractive(QStringLiteral("svg")); });
    exportMenu->addAction(tr("&Data (CSV and JSON)…"), this, &MainWindow::exportDataInteractive)
        ->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    exportMenu->addAction(tr("&Report (HTML, Figures and Data)…"), this, &MainWindow::exportReportInteractive)
        ->setShortcut(QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_E));
    file->addSeparator();
    file->addAction(tr("&Quit"), qApp, &QApplication::closeAllWindows)->setShortcut(QKeySequence::Quit);

    QMenu* view = menuBar()->addMenu(tr("&View"));
    for (QDockWidget* dock : findChildren<QDockWidget*>()) view->addAction(dock->toggleViewAction());
    view->addSeparator();
    QMenu* layers = view->addMenu(tr("Globe &Layers"));
    const std::pair<views::GlobeLayer, QString> layerNames[] = {
        {views::GlobeLayer::Coastlines, tr("Coastlines")},
        {views::GlobeLayer::Mesh, tr("Mesh")},
        {views::GlobeLayer::GridPoints, tr("Grid points")},
        {views::GlobeLayer::G2mOnlyA, tr("Edges only in A")},
        {views::GlobeLayer::G2mOnlyB, tr("Edges only in B")},
        {views::GlobeLayer::Triangles, tr("Differing triangles")},
        {views::GlobeLayer::MovedNodes, tr("Moved mesh nodes")},
        {views::GlobeLayer::AtRisk, tr("At-risk edges and points")},
        {views::GlobeLayer::FieldOverlay, tr("Field A−B")},
        {views::GlobeLayer::Legend, tr("Legend")},
        {views::GlobeLayer::ColorBar, tr("Colour bar")},
    };
    for (const auto& [layer, name] : layerNames) {
        QAction* action = layers->addAction(name);
        action->setCheckable(true);
        action->setChecked(scene_.isVisible(layer));
        action->setObjectName(QStringLiteral("layer%1").arg(int(layer)));
        connect(action, &QAction::toggled, this, [this, layer = layer](bool on) {
            scene_.setVisible(layer, on);
            globe_->setLayerVisible(layer, on);
            saveSettings();
        });
    }
    QMenu* levels = view->addMenu(tr("&Mesh Level"));
    for (int level = 0; level <= 6; ++level) {
        QAction* action = levels->addAction(QStringLiteral("M%1").arg(level), this, [this, level] {
            scene_.meshLevel = level;
            globe_->setMeshLevel(level);
            saveSettings();
        });
        action->setShortcut(QKeySequence(Qt::CTRL | Qt::ALT | (Qt::Key_0 + level)));
    }
    view->addSeparator();
    view->addAction(tr("&Full Screen"), this, [this] { isFullScreen() ? showNormal() : showFullScreen(); })
        ->setShortcut(QKeySequence::FullScreen);

    QMenu* go = menuBar()->addMenu(tr("&Go"));
    go->addAction(tr("&Next Difference"), this, &MainWindow::nextDifference)
        ->setShortcuts({QKeySequence::FindNext, QKeySequence(Qt::Key_N)});
    go->addAction(tr("&Previous Difference"), this, &MainWindow::previousDifference)
        ->setShortcuts({QKeySequence::FindPrevious, QKeySequence(Qt::SHIFT | Qt::Key_N)});

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&About meshdiff"), this, [this] {
        QMessageBox::about(this, tr("About meshdiff"),
                           tr("<b>meshdiff %1</b><p>Where and why two runs of a mesh-graph weather model differ.</p>")
                               .arg(QStringLiteral(MESHDIFF_VERSION)));
    });
}

void MainWindow::setRunA(const QString& path) {
    pathA_ = path;
    if (!pathB_.isEmpty()) startLoading();
    else showStatus(tr("Run A: %1 — now open run B.").arg(path));
    updateTitle();
}

void MainWindow::setRunB(const QString& path) {
    pathB_ = path;
    if (!pathA_.isEmpty()) startLoading();
    else showStatus(tr("Run B: %1 — now open run A.").arg(path));
    updateTitle();
}

void MainWindow::openPair(const QString& runA, const QString& runB) {
    pathA_ = runA;
    pathB_ = runB;
    startLoading();
}

void MainWindow::openDemo() {
    showStatus(tr("Preparing the built-in demo (two synthetic runs on graphs that differ)…"));
    progress_->setRange(0, 0);
    progress_->show();
    views::runInBackground([this] {
        try {
            const auto [a, b] = demoRunFolders();
            QMetaObject::invokeMethod(
                this,
                [this, a = QString::fromStdString(a), b = QString::fromStdString(b)] {
                    progress_->setRange(0, 100);
                    openPair(a, b);
                },
                Qt::QueuedConnection);
        } catch (const std::exception& e) {
            QMetaObject::invokeMethod(
                this,
                [this, message = QString::fromStdString(e.what())] {
                    progress_->setRange(0, 100);
                    progress_->hide();
                    lastError_ = message;
                    showStatus(tr("Could not prepare the demo: %1").arg(message));
                    emit loadFailed(message);
                },
                Qt::QueuedConnection);
        }
    });
}

void MainWindow::swapRuns() {
    if (pathA_.isEmpty() && pathB_.isEmpty()) return;
    std::swap(pathA_, pathB_);
    if (!pathA_.isEmpty() && !pathB_.isEmpty()) startLoading();
    updateTitle();
}

void MainWindow::reload() {
    if (!pathA_.isEmpty() && !pathB_.isEmpty()) startLoading();
}

void MainWindow::startLoading() {
    if (job_) job_->cancel = true;
    auto job = std::make_shared<Job>();
    job_ = job;
    lastError_.clear();
    progress_->setValue(0);
    progress_->show();
    cancel_->show();
    showStatus(tr("Loading %1 and %2…").arg(pathA_, pathB_));
    const std::string a = QFileInfo(pathA_).absoluteFilePath().toStdString();
    const std::string b = QFileInfo(pathB_).absoluteFilePath().toStdString();
    views::runInBackground([this, job, a, b] {
        bool graphsShown = false;
        auto graphsReady = [this, job, &graphsShown](std::shared_ptr<LoadedPair> stage) {
            graphsShown = true;
            QMetaObject::invokeMethod(
                this, [this, job, stage] { onGraphsReady(job, stage); }, Qt::QueuedConnection);
        };
        auto report = [this, job](int percent, const std::string& step) {
            QMetaObject::invokeMethod(
                this, [this, job, percent, text = QString::fromStdString(step)] { onProgress(job, percent, text); },
                Qt::QueuedConnection);
        };
        try {
            auto pair = loadPair(a, b, report, job->cancel, graphsReady);
            QMetaObject::invokeMethod(
                this, [this, job, pair] { onLoaded(job, pair); }, Qt::QueuedConnection);
        } catch (const LoadCancelled&) {
            // The window already went back to its previous state.
        } catch (const std::exception& e) {
            QMetaObject::invokeMethod(
                this,
                [this, job, graphsShown, message = QString::fromStdString(e.what())] {
                    graphsShown ? onFieldsFailed(job, message) : onLoadFailed(job, message);
                },
                Qt::QueuedConnection);
        }
    });
}

void MainWindow::onProgress(const std::shared_ptr<Job>& job, int percent, const QString& step) {
    if (job != job_) return;
    // Every repaint recomposes the whole window, OpenGL globe included (slow on software GL):
    // a few progress updates per second are enough.
    if (progressTimer_.isValid() && progressTimer_.elapsed() < 250) return;
    progressTimer_.restart();
    progress_->setValue(percent);
    showStatus(step + QStringLiteral("…"));
}

void MainWindow::finishJob() {
    job_.reset();
    progress_->hide();
    cancel_->hide();
}

void MainWindow::cancelLoading() {
    if (!job_) return;
    job_->cancel = true;
    const bool graphsShown = job_->graphStage && job_->graphStage == pair_;
    finishJob();
    if (graphsShown) {
        applyFields();  // the map shows where the graphs differ
        showStatus(tr("Field comparison cancelled; showing the graph differences only."));
        return;
    }
    if (pair_) {
        pathA_ = QString::fromStdString(pair_->pathA);
        pathB_ = QString::fromStdString(pair_->pathB);
    }
    updateTitle();
    showStatus(pair_ ? tr("Loading cancelled; still showing the previous runs.") : tr("Loading cancelled."));
}

void MainWindow::onLoadFailed(const std::shared_ptr<Job>& job, const QString& message) {
    if (job != job_) return;
    finishJob();
    lastError_ = message;
    if (pair_) {
        pathA_ = QString::fromStdString(pair_->pathA);
        pathB_ = QString::fromStdString(pair_->pathB);
    }
    updateTitle();
    showStatus(tr("Could not open the runs: %1").arg(message));
    emit loadFailed(message);
    if (!qEnvironmentVariableIsSet("MESHDIFF_NO_DIALOGS")) {
        QMessageBox::warning(this, tr("Could not open the runs"), message);
    }
}

void MainWindow::onGraphsReady(const std::shared_ptr<Job>& job, std::shared_ptr<LoadedPair> graphStage) {
    if (job != job_) return;
    job->graphStage = graphStage;
    auto previous = std::exchange(pair_, std::move(graphStage));  // alive until the views let go of it
    pathA_ = QString::fromStdString(pair_->pathA);
    pathB_ = QString::fromStdString(pair_->pathB);
    applyGraphs();
    fields_->setRows({});
    rememberPair(pathA_, pathB_);
    updateTitle();
    syncRuns();
    showGraphSummary(tr("Graphs compared in %1 s").arg(pair_->seconds, 0, 'f', 2));
    views::releaseInBackground(std::move(previous));
    emit differencesShown(pair_->seconds);
}

void MainWindow::onLoaded(const std::shared_ptr<Job>& job, std::shared_ptr<LoadedPair> pair) {
    if (job != job_) return;
    finishJob();
    const bool graphsShown = job->graphStage && job->graphStage == pair_;
    auto previous = std::exchange(pair_, std::move(pair));
    pathA_ = QString::fromStdString(pair_->pathA);
    pathB_ = QString::fromStdString(pair_->pathB);
    if (!graphsShown) {
        applyGraphs();
        rememberPair(pathA_, pathB_);
        updateTitle();
        syncRuns();
        emit differencesShown(pair_->seconds);
    }
    applyFields();
    views::releaseInBackground(std::move(previous));
    showGraphSummary(tr("Opened in %1 s").arg(pair_->seconds, 0, 'f', 2));
    emit pairLoaded(pair_->seconds);
    // The at-risk layer can wait until the globe and the map have had the CPU.
    QTimer::singleShot(1500, this, [this, pair = pair_] {
        if (pair == pair_) startFragility();
    });
}

void MainWindow::onFieldsFailed(const std::shared_ptr<Job>& job, const QString& message) {
    if (job != job_) return;
    finishJob();
    lastError_ = message;
    applyFields();  // no fields: the map shows where the graphs differ
    showStatus(tr("Graphs shown, but the fields could not be compared: %1").arg(message));
    emit loadFailed(message);
    startFragility();
}

void MainWindow::showGraphSummary(const QString& prefix) {
    const Comparison& c = pair_->comparison;
    QString summary;
    if (c.graph) {
        summary = tr("%1 grid→mesh edges only in A, %2 only in B, %3 mesh→grid triangles differ, %4 mesh nodes moved")
                      .arg(c.graph->g2mOnlyA.size())
                      .arg(c.graph->g2mOnlyB.size())
                      .arg(c.graph->m2gChanged.size())
                      .arg(c.graph->movedNodes.size());
    } else {
        summary = tr("no graph on both sides");
    }
    if (c.fields) {
        summary += tr("; %1 fields, max rel RMS %2").arg(c.fields->perField.size()).arg(c.fields->maxRelRms, 0, 'g', 3);
    } else if (isLoading()) {
        summary += tr("; comparing the fields…");
    }
    QString notCompared;
    for (const std::string& line : c.notCompared)
        notCompared += (notCompared.isEmpty() ? QString() : QStringLiteral("; ")) + QString::fromStdString(line);
    if (!c.graph && !c.fields && !isLoading()) {
        showStatus(tr("%1: nothing compared (%2).").arg(prefix, notCompared));
        return;
    }
    if (!notCompared.isEmpty() && !isLoading()) summary += tr("; not compared: %1").arg(notCompared);
    showStatus(tr("%1: %2.").arg(prefix, summary));
}

QString MainWindow::nextFreeLabel() const {
    const QStringList used = runs_->runLabels();
    for (char c = 'A'; c <= 'Z'; ++c) {
        if (!used.contains(QString(QChar(c)))) return QString(QChar(c));
    }
    for (int n = 27;; ++n) {
        if (!used.contains(QStringLiteral("R%1").arg(n))) return QStringLiteral("R%1").arg(n);
    }
}

QString MainWindow::listRun(const QString& path) {
    QString label = runs_->labelOf(path);
    if (label.isEmpty()) {
        label = nextFreeLabel();
        runs_->addRun(label, path);
    }
    return label;
}

void MainWindow::addRun(const QString& folder, const QString& label) {
    const QString path = QFileInfo(folder).absoluteFilePath();
    QString listed = runs_->labelOf(path);
    if (listed.isEmpty()) {
        listed = !label.isEmpty() && runs_->pathOf(label).isEmpty() ? label : nextFreeLabel();
        runs_->addRun(listed, path);
    }
    rerun_->setNextLabel(nextFreeLabel());
    showStatus(tr("Run %1 added to the Runs panel (%2); choose it under “Compare” to load it.").arg(listed, path));
}

void MainWindow::syncRuns() {
    const QString labelA = listRun(pathA_), labelB = listRun(pathB_);
    runs_->showPair(pathA_, pathB_);
    const Comparison& c = pair_->comparison;
    auto describe = [](const QString& letter, const std::string& label) {
        return label.empty() ? letter : QStringLiteral("%1 (%2)").arg(letter, QString::fromStdString(label));
    };
    rerun_->setRuns(pathA_, describe(labelA, c.a.label), pathB_, describe(labelB, c.b.label));
    rerun_->setNextLabel(nextFreeLabel());
}

void MainWindow::applyGraphs() {
    views::releaseInBackground(std::exchange(viewsPair_, pair_));
    const LoadedPair& p = *pair_;
    const GraphDiff* diff = p.comparison.graph ? &*p.comparison.graph : nullptr;
    runs_->setRows(p.runRows);

    scene_.graphA = p.graphA.get();
    scene_.graphB = p.graphB.get();
    scene_.diff = diff;
    scene_.atRisk = {};
    scene_.field = {};
    scene_.labelA = p.comparison.a.label;
    scene_.labelB = p.comparison.b.label;
    globe_->setScene(scene_, pair_);
    if (!p.differenceLocations.empty()) {
        const auto& first = p.differenceLocations.front();
        globe_->lookAt(first[1], first[0]);
    }

    inspector_->setGraphs(diff, p.graphA.get(), p.graphB.get(), p.ballRadiusA, p.ballRadiusB);
    inspector_->setFieldSampler({});
    views::releaseInBackground(map_->showPrepared(std::make_shared<views::ErrorMapRenderer>()));
    views::releaseInBackground(std::exchange(mapData_, nullptr));
    currentField_.clear();
}

void MainWindow::applyFields() {
    const LoadedPair& p = *pair_;
    fields_->setRows(p.fieldRows);
    if (fields_->visibleRowCount() > 0) {
        fields_->selectField(fields_->fieldAtVisibleRow(0));  // the worst field
    } else if (p.graphA) {
        // No fields: still show where the graphs differ on the map.
        showFieldMap(prepareFieldMap(loadFieldMap(p, std::string(), coastlines_), map_->style()));
    }
}

void MainWindow::startFragility() {
    if (!pair_ || !pair_->graphA || !pair_->comparison.graph) return;
    const auto pair = pair_;
    views::runInBackground([this, pair] {
        std::shared_ptr<const FragilityReport> report;
        try {
            report = std::make_shared<const FragilityReport>(analyzeFragility(*pair->graphA));
        } catch (const std::exception&) {
            return;  // the at-risk layer stays empty
        }
        QMetaObject::invokeMethod(
            this, [this, pair, report] { showFragility(pair, report); }, Qt::QueuedConnection);
    });
}

void MainWindow::showFragility(const std::shared_ptr<LoadedPair>& pair,
                               const std::shared_ptr<const FragilityReport>& report) {
    if (pair != pair_) return;
    pair_->fragilityA = report;
    views::AtRiskItems items;
    for (const auto& risk : report->grid2meshAtRisk) items.edges.push_back({risk.grid, risk.mesh});
    for (const auto& risk : report->mesh2gridAtRisk) items.gridPoints.push_back(risk.grid);
    scene_.atRisk = std::move(items);
    // The scene points into the pair the views show (the graph stage's comparison when
    // the graphs were shown before the fields), which may not be pair_.
    globe_->setScene(scene_, viewsPair_);
    inspector_->setFragility(report.get());
}

void MainWindow::selectField(const QString& name) {
    if (!pair_) return;
    fields_->selectField(name);
    currentField_ = name;
    const int request = ++fieldRequest_;
    const auto pair = pair_;
    const auto coastlines = coastlines_;
    const std::string field = name.toStdString();
    views::runInBackground([this, pair, coastlines, field, request, style = map_->style()] {
        FieldMap map;
        QString error;
        try {
            map = prepareFieldMap(loadFieldMap(*pair, field, coastlines), style);
        } catch (const std::exception& e) {
            error = QString::fromStdString(e.what());
        }
        QMetaObject::invokeMethod(
            this,
            [this, pair, map = std::move(map), error, request]() mutable {
                if (pair != pair_ || request != fieldRequest_)
                    return views::releaseInBackground(std::move(map.renderer));
                if (!error.isEmpty()) {
                    showStatus(tr("Could not read the field: %1").arg(error));
                    return;
                }
                showFieldMap(std::move(map));
            },
            Qt::QueuedConnection);
    });
}

MainWindow::FieldMap MainWindow::prepareFieldMap(std::shared_ptr<const views::ErrorMapData> data,
                                                 const views::ErrorMapStyle& style) {
    FieldMap map;
    map.renderer = std::make_shared<views::ErrorMapRenderer>();
    map.renderer->setStyle(style);
    map.renderer->setData(data);
    map.renderer->prepareImages();
    map.overlay = overlayFrom(*data);
    map.data = std::move(data);
    return map;
}

void MainWindow::showFieldMap(FieldMap map) {
    auto previous = std::exchange(mapData_, map.data);
    views::releaseInBackground(map_->showPrepared(std::move(map.renderer)));
    scene_.field = std::move(map.overlay);
    globe_->setFieldOverlay(scene_.field);
    inspector_->setFieldSampler([data = map.data](double lat, double lon) { return sampleAt(*data, lat, lon); });
    views::releaseInBackground(std::move(previous));
    emit fieldMapShown(QString::fromStdString(map.data->fieldName));
}

void MainWindow::nextDifference() { inspector_->next(); }
void MainWindow::previousDifference() { inspector_->previous(); }

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
        pathA_.isEmpty() ? setRunA(paths[0]) : setRunB(paths[0]);
    }
    event->acceptProposedAction();
}

void MainWindow::closeEvent(QCloseEvent* event) {
    saveSettings();
    if (job_) job_->cancel = true;
    QMainWindow::closeEvent(event);
}

void MainWindow::showStatus(const QString& text) { status_->setText(text); }

void MainWindow::updateTitle() {
    auto name = [](const QString& path) { return path.isEmpty() ? QStringLiteral("?") : QFileInfo(path).fileName(); };
    setWindowTitle(pathA_.isEmpty() && pathB_.isEmpty()
                       ? QStringLiteral("meshdiff")
                       : QStringLiteral("%1 vs %2 — meshdiff").arg(name(pathA_), name(pathB_)));
}

void MainWindow::rememberPair(const QString& a, const QString& b) {
    recentPairs_.removeAll(pairKey(a, b));
    recentPairs_.prepend(pairKey(a, b));
    while (recentPairs_.size() > settings::kMaxRecentPairs) recentPairs_.removeLast();
    views::saveSettingsInBackground(
        {{settings::kRecentPairs, recentPairs_}, {settings::kLastFolder, QFileInfo(a).absolutePath()}});
}

void MainWindow::fillRecentMenu() {
    recentMenu_->clear();
    const QStringList& recent = recentPairs_;
    for (const QString& entry : recent) {
        const QStringList parts = entry.split(QLatin1Char('\n'));
        if (parts.size() != 2) continue;
        recentMenu_->addAction(QStringLiteral("%1  ↔  %2").arg(parts[0], parts[1]), this,
                               [this, parts] { openPair(parts[0], parts[1]); });
    }
    if (recent.isEmpty()) recentMenu_->addAction(tr("(none)"))->setEnabled(false);
}

void MainWindow::restoreSettings() {
    QSettings settings;
    recentPairs_ = settings.value(settings::kRecentPairs).toStringList();
    restoreGeometry(settings.value(settings::kWindowGeometry).toByteArray());
    restoreState(settings.value(settings::kWindowState).toByteArray());
    if (settings.contains(settings::kGlobeLayers)) {
        const QVariantList visible = settings.value(settings::kGlobeLayers).toList();
        for (int layer = 0; layer < views::kGlobeLayerCount; ++layer) {
            const bool on = visible.contains(layer);
            scene_.visible[std::size_t(layer)] = on;
            if (auto* action = findChild<QAction*>(QStringLiteral("layer%1").arg(layer))) action->setChecked(on);
        }
    }
    scene_.meshLevel = settings.value(settings::kGlobeMeshLevel, scene_.meshLevel).toInt();
    applyMapStyleFromSettings();
}

void MainWindow::applyMapStyleFromSettings() {
    QSettings settings;
    views::ErrorMapStyle style;
    style.mode = views::MapMode(settings.value(settings::kMapMode, int(style.mode)).toInt());
    style.limits.mode = views::LimitMode(settings.value(settings::kMapLimits, int(style.limits.mode)).toInt());
    style.sequentialMap = views::ColorMapKind(settings.value(settings::kMapColorMap, int(style.sequentialMap)).toInt());
    style.coastlines = settings.value(settings::kMapCoastlines, true).toBool();
    style.differences = settings.value(settings::kMapDifferences, true).toBool();
    map_->setStyle(style);
}

void MainWindow::saveSettings() const {
    QSettings settings;
    settings.setValue(settings::kWindowGeometry, saveGeometry());
    settings.setValue(settings::kWindowState, saveState());
    QVariantList visible;
    for (int layer = 0; layer < views::kGlobeLayerCount; ++layer) {
        if (scene_.visible[std::size_t(layer)]) visible << layer;
    }
    settings.setValue(settings::kGlobeLayers, visible);
    settings.setValue(settings::kGlobeMeshLevel, scene_.meshLevel);
    const views::ErrorMapStyle& style = map_->style();
    settings.setValue(settings::kMapMode, int(style.mode));
    settings.setValue(settings::kMapLimits, int(style.limits.mode));
    settings.setValue(settings::kMapColorMap, int(style.sequentialMap));
    settings.setValue(settings::kMapCoastlines, style.coastlines);
    settings.setValue(settings::kMapDifferences, style.differences);
}

}  // namespace meshdiff::gui
