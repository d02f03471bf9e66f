#include "gui/reactions/WindowMenus.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QDockWidget>
#include <QMainWindow>
#include <QMenuBar>
#include <QToolBar>

#include "fieldtable/FieldTableView.h"
#include "globe/GlobeView.h"
#include "gui/GlobeController.h"
#include "gui/LeadsController.h"
#include "gui/MainWindow.h"
#include "gui/RunsController.h"
#include "gui/reactions/AnimationReaction.h"
#include "gui/reactions/ExportReactions.h"
#include "gui/reactions/GlobeReactions.h"
#include "gui/reactions/HelpReactions.h"
#include "gui/reactions/LayoutReactions.h"
#include "gui/reactions/NavigationReactions.h"
#include "gui/reactions/RunReactions.h"
#include "gui/reactions/SessionReactions.h"
#include "pointseries/PointSeriesView.h"

namespace meshdiff::gui {
namespace {

void buildFileMenu(QMenu* file, QMainWindow* window, const WindowMenuTargets& t) {
    using Run = OpenRunReaction::Run;
    using Kind = OpenRunReaction::Kind;
    QAction* openA = file->addAction(QObject::tr("Open Run &A…"));
    openA->setShortcut(QKeySequence::Open);
    new OpenRunReaction(openA, t.session, Run::A, Kind::Folder, window);
    QAction* openB = file->addAction(QObject::tr("Open Run &B…"));
    openB->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O));
    new OpenRunReaction(openB, t.session, Run::B, Kind::Folder, window);
    new OpenRunReaction(file->addAction(QObject::tr("Open Run A &File…")), t.session, Run::A, Kind::File, window);
    new OpenRunReaction(file->addAction(QObject::tr("Open Run B F&ile…")), t.session, Run::B, Kind::File, window);
    QAction* openSpread = file->addAction(QObject::tr("Open S&pread Run…"));
    openSpread->setObjectName(QStringLiteral("openSpreadRun"));
    new OpenSpreadRunReaction(openSpread, t.session, OpenSpreadRunReaction::Kind::Folder, window);
    new OpenSpreadRunReaction(file->addAction(QObject::tr("Open Spread Run File…")), t.session,
                              OpenSpreadRunReaction::Kind::File, window);
    QMenu* recent = file->addMenu(QObject::tr("Open &Recent"));
    QObject::connect(recent, &QMenu::aboutToShow, t.runs, [runs = t.runs, recent] { runs->fillRecentMenu(recent); });
    if (auto* main = qobject_cast<MainWindow*>(window)) {
        file->addSeparator();
        new OpenSessionReaction(file->addAction(QObject::tr("Open Sessi&on…")), main);
        new SaveSessionReaction(file->addAction(QObject::tr("Sa&ve Session…")), main);
    }
    file->addSeparator();
    QAction* swap = file->addAction(QObject::tr("&Swap A and B"));
    swap->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_X));
    new SwapRunsReaction(swap, t.session);
    QAction* reload = file->addAction(QObject::tr("Re&load"));
    reload->setShortcut(QKeySequence::Refresh);
    new ReloadReaction(reload, t.session);
    QAction* cancel = file->addAction(QObject::tr("&Cancel Loading"));
    cancel->setShortcut(QKeySequence::Cancel);
    new CancelLoadingReaction(cancel, t.session, t.leads->rollout());
    file->addSeparator();

    QMenu* exports = file->addMenu(QObject::tr("&Export"));
    QAction* figure = exports->addAction(QObject::tr("&Figure (PNG, PDF, SVG)…"));
    figure->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E));
    new ExportFigureReaction(figure, t.exports, t.session, t.globe->view(), t.map, t.scorecard, window);
    QAction* data = exports->addAction(QObject::tr("&Data (CSV and JSON)…"));
    data->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    new ExportDataReaction(data, t.exports, t.session, window);
    QAction* report = exports->addAction(QObject::tr("&Report (HTML, Figures and Data)…"));
    report->setShortcut(QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_E));
    new ExportReportReaction(report, t.exports, window);
    if (t.animation) {
        QAction* animation = exports->addAction(QObject::tr("&Animation of Leads (GIF, MP4)…"));
        animation->setObjectName(QStringLiteral("exportAnimation"));
        new ExportAnimationReaction(animation, t.animation, t.session, t.map, window);
    }
    new ExportGrowthReaction(exports->addAction(QObject::tr("Error-&Growth Chart (PDF, SVG, PNG)…")), t.exports,
                             ExportGrowthReaction::What::Chart, window);
    new ExportGrowthReaction(exports->addAction(QObject::tr("&Per-Lead Table (CSV)…")), t.exports,
                             ExportGrowthReaction::What::LeadTable, window);
    QAction* pointChart = exports->addAction(QObject::tr("P&oint over Leads Chart (PNG, PDF, SVG)…"));
    pointChart->setObjectName(QStringLiteral("exportPointSeriesFigure"));
    auto* pointFigure =
        new ExportFigureReaction(pointChart, t.exports, t.session, t.globe->view(), t.map, t.scorecard, window);
    pointFigure->startWith(views::FigureSubject::PointSeries);
    QAction* pointCsv = exports->addAction(QObject::tr("Point over &Leads Values (CSV)…"));
    pointCsv->setObjectName(QStringLiteral("exportPointSeriesCsv"));
    new ExportPointSeriesCsvReaction(pointCsv, t.exports, window);
    // The same two on the chart's context menu.
    if (auto* chart = window->findChild<views::PointSeriesView*>()) chart->setContextActions({pointChart, pointCsv});
    file->addSeparator();
    file->addAction(QObject::tr("&Quit"), qApp, &QApplication::closeAllWindows)->setShortcut(QKeySequence::Quit);
}

// Checked: the field table, the growth chart and the exports show area-weighted numbers.
void addAreaWeightedEntry(QMenu* view, views::MetricChoiceBar* bar) {
    QAction* entry = view->addAction(QObject::tr("&Area-Weighted Numbers"));
    entry->setObjectName(QStringLiteral("areaWeightedNumbers"));
    entry->setCheckable(true);
    entry->setChecked(bar->choice().areaWeighted);
    entry->setToolTip(
        QObject::tr("Weight each grid point by its cell's area; unchecked: every grid point counts the same"));
    QObject::connect(entry, &QAction::toggled, bar, [bar](bool checked) {
        bar->setChoice({checked, checked ? bar->choice().region : std::string("global")});
    });
    QObject::connect(bar, &views::MetricChoiceBar::changed, entry,
                     [entry](const views::MetricChoice& choice) { entry->setChecked(choice.areaWeighted); });
}

void buildViewMenu(QMenu* view, QMainWindow* window, const WindowMenuTargets& t) {
    for (QDockWidget* dock : window->findChildren<QDockWidget*>()) view->addAction(dock->toggleViewAction());
    view->addSeparator();
    QMenu* layers = view->addMenu(QObject::tr("Globe &Layers"));
    layers->setToolTipsVisible(true);
    const std::pair<views::GlobeLayer, QString> layerNames[] = {
        {views::GlobeLayer::Coastlines, QObject::tr("Coastlines")},
        {views::GlobeLayer::Mesh, QObject::tr("Mesh")},
        {views::GlobeLayer::GridPoints, QObject::tr("Grid points")},
        {views::GlobeLayer::G2mOnlyA, QObject::tr("Edges only in A")},
        {views::GlobeLayer::G2mOnlyB, QObject::tr("Edges only in B")},
        {views::GlobeLayer::Triangles, QObject::tr("Differing triangles")},
        {views::GlobeLayer::MovedNodes, QObject::tr("Moved mesh nodes")},
        {views::GlobeLayer::ReorderedReceivers, QObject::tr("Receivers summing in another order")},
        {views::GlobeLayer::AtRisk, QObject::tr("At-risk edges and points")},
        {views::GlobeLayer::DiffNeighbourhood, QObject::tr("Near the differences (diagnosis)")},
        {views::GlobeLayer::EdgeFeatureDrift, QObject::tr("Edge-feature drift")},
        {views::GlobeLayer::FieldOverlay, QObject::tr("Field A−B")},
        {views::GlobeLayer::Legend, QObject::tr("Legend")},
        {views::GlobeLayer::ColorBar, QObject::tr("Colour bar")},
    };
    for (const auto& [layer, name] : layerNames) new GlobeLayerReaction(layers->addAction(name), t.globe, layer);
    QMenu* levels = view->addMenu(QObject::tr("&Mesh Level"));
    auto* levelGroup = new QActionGroup(levels);
    levelGroup->setExclusive(true);
    for (int level = 0; level < GlobeController::kMeshLevels; ++level) {
        QAction* action = levels->addAction(QStringLiteral("M%1").arg(level));
        new MeshLevelReaction(action, t.globe, level);
        levelGroup->addAction(action);
    }
    QObject::connect(levels, &QMenu::aboutToShow, t.globe, &GlobeController::markMeshLevel);
    if (t.fields) addAreaWeightedEntry(view, t.fields->metricBar());
    if (auto* mapDock = window->findChild<QDockWidget*>(QStringLiteral("mapDock")))
        new SwapGlobeAndMapReaction(view->addAction(QObject::tr("S&wap Globe and Map")), window, mapDock, t.session);
    view->addSeparator();
    QAction* reset = view->addAction(QObject::tr("&Reset View"), t.globe->view(), &views::GlobeView::resetView);
    reset->setObjectName(QStringLiteral("resetView"));
    reset->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_0));
    reset->setToolTip(QObject::tr("Fly back to the whole globe"));
    view->addAction(QObject::tr("&Full Screen"), window,
                    [window] { window->isFullScreen() ? window->showNormal() : window->showFullScreen(); })
        ->setShortcut(QKeySequence::FullScreen);
}

void buildGoMenu(QMenu* go, QMainWindow* window, const WindowMenuTargets& t) {
    QAction* next = go->addAction(QObject::tr("&Next Difference"));
    next->setShortcuts({QKeySequence::FindNext, QKeySequence(Qt::Key_N)});
    new NextDifferenceReaction(next, t.inspector, +1);
    QAction* previous = go->addAction(QObject::tr("&Previous Difference"));
    previous->setShortcuts({QKeySequence::FindPrevious, QKeySequence(Qt::SHIFT | Qt::Key_N)});
    new NextDifferenceReaction(previous, t.inspector, -1);
    // Here so that Help ▸ Keyboard Shortcuts lists them; enabled with a rollout.
    go->addSeparator();
    QAction* previousLead = go->addAction(QObject::tr("Previous &Lead"));
    previousLead->setShortcut(QKeySequence(Qt::Key_BracketLeft));
    new StepLeadReaction(previousLead, t.leads, -1);
    QAction* nextLead = go->addAction(QObject::tr("Next L&ead"));
    nextLead->setShortcut(QKeySequence(Qt::Key_BracketRight));
    new StepLeadReaction(nextLead, t.leads, +1);
    QAction* play = go->addAction(QObject::tr("P&lay or Pause the Leads"));
    play->setShortcut(QKeySequence(Qt::Key_P));
    new PlayLeadsReaction(play, t.leads);
    if (t.divergence) {
        QAction* divergence = go->addAction(QObject::tr("Go to First &Divergence"));
        divergence->setObjectName(QStringLiteral("firstDivergence"));
        divergence->setShortcut(QKeySequence(Qt::Key_G));
        divergence->setToolTip(
            QObject::tr("The first lead at which A and B are not bit-identical, its field and the "
                        "grid point where they differ most"));
        new FirstDivergenceReaction(divergence, t.divergence);
        if (auto* leadBar = window->findChild<QToolBar*>(QStringLiteral("leadToolBar"))) leadBar->addAction(divergence);
    }
}

void buildHelpMenu(QMenu* help, QMainWindow* window) {
    QAction* guide = help->addAction(QObject::tr("&User Guide and Glossary"));
    guide->setShortcut(QKeySequence::HelpContents);
    guide->setObjectName(QStringLiteral("helpGuide"));
    new HelpReaction(guide, HelpReaction::Page::UserGuide, window);
    QAction* shortcuts = help->addAction(QObject::tr("&Keyboard Shortcuts"));
    shortcuts->setObjectName(QStringLiteral("helpShortcuts"));
    new HelpReaction(shortcuts, HelpReaction::Page::Shortcuts, window);
    help->addSeparator();
    new HelpReaction(help->addAction(QObject::tr("&About meshdiff")), HelpReaction::Page::About, window);
}

}  // namespace

void buildWindowMenus(QMainWindow* window, const WindowMenuTargets& targets) {
    buildFileMenu(window->menuBar()->addMenu(QObject::tr("&File")), window, targets);
    buildViewMenu(window->menuBar()->addMenu(QObject::tr("&View")), window, targets);
    buildGoMenu(window->menuBar()->addMenu(QObject::tr("&Go")), window, targets);
    buildHelpMenu(window->menuBar()->addMenu(QObject::tr("&Help")), window);
}

}  // namespace meshdiff::gui
