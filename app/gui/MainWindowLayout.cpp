// MainWindow's layout: the globe in the middle, the docks around it, the lead bar and the status
// bar, and the controller of each.
#include <QDockWidget>
#include <QScrollArea>
#include <QStatusBar>
#include <QToolBar>

#include "diagnosis/DiagnosisPanel.h"
#include "fieldtable/FieldTableView.h"
#include "growthchart/GrowthChartView.h"
#include "gui/MainWindow.h"
#include "gui/PointSeriesController.h"
#include "gui/SpreadVerdictController.h"
#include "gui/WindowStatus.h"
#include "inspect/InspectorPanel.h"
#include "leadslider/LeadSlider.h"
#include "map/ErrorMapView.h"
#include "pointseries/PointSeriesView.h"
#include "rerunpanel/RerunPanel.h"
#include "runs/RunsPanel.h"
#include "scorecard/ScorecardView.h"

namespace meshdiff::gui {

void MainWindow::buildDocks() {
    auto addDock = [this](const QString& title, const QString& name, QWidget* widget, Qt::DockWidgetArea area) {
        auto* dock = new QDockWidget(title, this);
        dock->setObjectName(name);
        dock->setWidget(widget);
        addDockWidget(area, dock);
        return dock;
    };
    auto* runsPanel = new views::RunsPanel(this);
    fields_ = new views::FieldTableView(this);
    map_ = new views::ErrorMapView(this);
    inspector_ = new views::InspectorPanel(this);
    auto* runsDock = addDock(tr("Runs"), QStringLiteral("runsDock"), runsPanel, Qt::LeftDockWidgetArea);
    auto* fieldsDock = addDock(tr("Fields"), QStringLiteral("fieldsDock"), fields_, Qt::LeftDockWidgetArea);
    splitDockWidget(runsDock, fieldsDock, Qt::Vertical);
    auto* differencesDock =
        addDock(tr("Differences"), QStringLiteral("differencesDock"), inspector_, Qt::RightDockWidgetArea);
    auto* mapDock = addDock(tr("Error map"), QStringLiteral("mapDock"), map_, Qt::BottomDockWidgetArea);
    rerunPanel_ = new views::RerunPanel(this);
    // Scrolls rather than making the bottom docks (and so the globe) give way to its tall form.
    auto* rerunScroll = new QScrollArea(this);
    rerunScroll->setWidget(rerunPanel_);
    rerunScroll->setWidgetResizable(true);
    rerunScroll->setFrameShape(QFrame::NoFrame);
    auto* rerunDock = addDock(tr("Rerun"), QStringLiteral("rerunDock"), rerunScroll, Qt::BottomDockWidgetArea);
    tabifyDockWidget(mapDock, rerunDock);
    // The error-growth chart, tabbed beside the map, shows for more than one lead.
    auto* growthChart = new views::GrowthChartView(this);
    auto* growthDock = addDock(tr("Error growth"), QStringLiteral("growthDock"), growthChart, Qt::BottomDockWidgetArea);
    tabifyDockWidget(mapDock, growthDock);
    growthDock->hide();
    auto* scorecardView = new views::ScorecardView(this);
    auto* scorecardDock =
        addDock(tr("Scorecard"), QStringLiteral("scorecardDock"), scorecardView, Qt::BottomDockWidgetArea);
    tabifyDockWidget(growthDock, scorecardDock);
    scorecardDock->hide();
    auto* pointSeriesView = new views::PointSeriesView(this);
    auto* pointSeriesDock =
        addDock(tr("Point over leads"), QStringLiteral("pointSeriesDock"), pointSeriesView, Qt::BottomDockWidgetArea);
    tabifyDockWidget(growthDock, pointSeriesDock);
    pointSeriesDock->hide();
    // The Diagnosis dock below the differences.
    diagnosisPanel_ = new views::DiagnosisPanel(this);
    auto* diagnosisDock =
        addDock(tr("Diagnosis"), QStringLiteral("diagnosisDock"), diagnosisPanel_, Qt::RightDockWidgetArea);
    splitDockWidget(differencesDock, diagnosisDock, Qt::Vertical);
    resizeDocks({differencesDock, diagnosisDock}, {400, 500}, Qt::Vertical);
    mapDock->raise();
    // The side panels run the full height; the map sits under the globe.
    setCorner(Qt::BottomLeftCorner, Qt::LeftDockWidgetArea);
    setCorner(Qt::BottomRightCorner, Qt::RightDockWidgetArea);
    resizeDocks({runsDock, differencesDock}, {440, 400}, Qt::Horizontal);
    resizeDocks({runsDock, fieldsDock, mapDock}, {260, 600, 380}, Qt::Vertical);

    status_ = new WindowStatus(statusBar(), this);
    auto* leadSlider = new views::LeadSlider(this);
    auto* leadBar = new QToolBar(tr("Lead time"), this);
    leadBar->setObjectName(QStringLiteral("leadToolBar"));
    leadBar->setMovable(false);
    leadBar->addWidget(leadSlider);
    addToolBar(Qt::TopToolBarArea, leadBar);

    globeScene_ = new GlobeController(globe_, this);
    runs_ = new RunsController(session_, runsPanel, status_, this);
    leads_ = new LeadsController(session_, leadSlider, leadBar, fields_, map_, status_, this);
    growth_ = new GrowthController(growthChart, growthDock, fields_, leads_, this);
    scorecard_ = new ScorecardController(scorecardView, scorecardDock, leads_, this);
    new PointSeriesController(session_, pointSeriesView, pointSeriesDock, map_, leads_, this);
    diagnosis_ = new DiagnosisController(session_, diagnosisPanel_, globeScene_, map_, leads_, this);
    new SpreadVerdictController(session_, leads_, diagnosisPanel_, this);
    rerun_ = new RerunController(session_, rerunPanel_, runs_, this);
    exports_ = new ExportsController(
        session_, globe_, map_, [this] { return mapData_; }, growth_, status_, this);
    divergence_ = new DivergenceController(
        session_, leads_, globe_, map_, [this] { return mapData_; }, status_, this);
    exports_->setScorecardSource([this] { return scorecard_->scorecard(); });
    exports_->setLeads(leads_);
    animation_ = new AnimationController(session_, leads_, map_, status_, this);
    exports_->setPointSeries(pointSeriesView);
}

}  // namespace meshdiff::gui
