// MainWindow's layout: the globe in the middle, the docks around it and the status bar.
#include <QDockWidget>
#include <QFileInfo>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QStatusBar>

#include "fieldtable/FieldTableView.h"
#include "gui/MainWindow.h"
#include "gui/PanelDiagnosis.h"
#include "inspect/InspectorPanel.h"
#include "map/ErrorMapView.h"
#include "rerun/AttachRerunPanel.h"
#include "rerunpanel/RerunPanel.h"
#include "runs/RunsPanel.h"

namespace meshdiff::gui {

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
    buildGrowthDock(mapDock);
    buildDiagnosisDock(differencesDock);
    mapDock->raise();
    rerunSession_ = rerun::attachRerunPanel(rerun_, this);
    connect(rerunSession_, &rerun::RerunSession::runFinished, this, &MainWindow::addRun);
    connect(rerunSession_, &rerun::RerunSession::comparisonWanted, this, &MainWindow::compareFinishedRerun);
    auto* diagnosis = new PanelDiagnosis(
        rerun_, rerunSession_,
        [this](const QString& folder) {
            addRun(folder, {});
            return runs_->labelOf(QFileInfo(folder).absoluteFilePath());
        },
        this);
    diagnosis->setObjectName("panelDiagnosis");
    connect(runs_, &views::RunsPanel::compareRequested, this, &MainWindow::openPair);
    // The side panels run the full height; the map sits under the globe.
    setCorner(Qt::BottomLeftCorner, Qt::LeftDockWidgetArea);
    setCorner(Qt::BottomRightCorner, Qt::RightDockWidgetArea);
    resizeDocks({runsDock, differencesDock}, {440, 400}, Qt::Horizontal);
    resizeDocks({runsDock, fieldsDock, mapDock}, {260, 600, 380}, Qt::Vertical);
}

void MainWindow::buildStatusBar() {
    status_ = new QLabel(this);
    progress_ = new QProgressBar(this);
    progress_->setRange(0, 100);
    progress_->setMaximumWidth(220);
    progress_->hide();
    cancel_ = new QPushButton(tr("Cancel"), this);
    cancel_->setObjectName(QStringLiteral("cancelLoading"));
    cancel_->hide();
    connect(cancel_, &QPushButton::clicked, this, &MainWindow::cancelLoading);
    // A long status line is cut rather than widening the window past the screen; the tooltip has it whole.
    status_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    statusBar()->addWidget(status_, 1);
    statusBar()->addPermanentWidget(progress_);
    statusBar()->addPermanentWidget(cancel_);
}

}  // namespace meshdiff::gui
