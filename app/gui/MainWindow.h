#pragma once
#include <chrono>
#include <memory>

#include <QMainWindow>
#include <QSize>

#include "export/FigureExportDialog.h"
#include "export/FigureOptions.h"
#include "globe/GlobeScene.h"
#include "gui/AnimationController.h"
#include "gui/DiagnosisController.h"
#include "gui/DivergenceController.h"
#include "gui/ExportsController.h"
#include "gui/GlobeController.h"
#include "gui/GrowthController.h"
#include "gui/LeadsController.h"
#include "gui/ReportWriterFunction.h"
#include "gui/RerunController.h"
#include "gui/RunsController.h"
#include "gui/ScorecardController.h"
#include "pair/FieldMap.h"
#include "pair/LoadedPair.h"
#include "pair/PairSession.h"

namespace meshdiff::views {
class DiagnosisPanel;
class ErrorMapView;
class FieldTableView;
class GrowthChartView;
class GlobeView;
class InspectorPanel;
class LeadSlider;
class RerunPanel;
class RunsPanel;
}  // namespace meshdiff::views

namespace meshdiff::pair {
struct RolloutLead;
class RolloutSession;
}  // namespace meshdiff::pair

namespace meshdiff::gui {

// The pair model (app/pair) by the names the window's files use.
using pair::FieldMap;
using pair::fieldSampleAt;
using pair::globeReadout;
using pair::LoadedPair;
using pair::PairSession;
using pair::RolloutLead;
using pair::RolloutSession;

class WindowStatus;

// The desktop window: runs A and B, the globe, the field table, the error map, the differences
// list with the inspector, and the docks around them. What is open, loaded and selected is the
// PairSession's; the window lays out the widgets, shows the session's pair in the globe, map,
// field table and inspector, and leaves each dock's work to its controller (runs, leads, growth,
// diagnosis, rerun, exports) and each menu entry to a reaction (gui/reactions).
class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);
    // On a session that may be loading already: `meshdiff A B` starts reading the runs before
    // the window is built (the window takes the session over and shows where it is).
    explicit MainWindow(PairSession* session, QWidget* parent = nullptr);
    // How long a load waits for its graph differences to reach the globe before it compares the fields.
    static constexpr std::chrono::milliseconds kFieldsWaitForGlobe{2000};
    ~MainWindow() override;

    void openPair(const QString& runA, const QString& runB) { session_->open(runA, runB); }
    void openDemo();  // generates the built-in demo once (off the GUI thread), then opens it
    void setRunA(const QString& path) { session_->setRunA(path); }  // loads when B is known too
    void setRunB(const QString& path) { session_->setRunB(path); }
    QString runA() const { return session_->runA(); }
    QString runB() const { return session_->runB(); }
    bool isLoading() const { return session_->isLoading(); }
    const LoadedPair* pair() const { return session_->pair(); }
    QString currentField() const { return session_->currentField(); }
    QString lastError() const { return session_->lastError(); }
    PairSession* session() const { return session_; }

    // The controllers of the docks, the globe and the exports.
    RunsController* runsController() const { return runs_; }
    LeadsController* leadsController() const { return leads_; }
    GrowthController* growthController() const { return growth_; }
    ScorecardController* scorecardController() const { return scorecard_; }
    DiagnosisController* diagnosisController() const { return diagnosis_; }
    RerunController* rerunController() const { return rerun_; }
    ExportsController* exports() const { return exports_; }
    AnimationController* animation() const { return animation_; }  // File ▸ Export ▸ Animation of Leads
    GlobeController* globeController() const { return globeScene_; }
    DivergenceController* divergenceController() const { return divergence_; }

    // Exports of what is shown (ExportsController): exportFinished lists the files written,
    // exportFailed names the file and the problem.
    void exportFigure(views::FigureSubject subject, const views::FigureOptions& options, const QString& path) {
        exports_->exportFigure(subject, options, path);
    }
    void exportGlobePng(const QString& path, const QSize& size) { exports_->exportGlobePng(path, size); }
    void exportMapPng(const QString& path, const QSize& size) { exports_->exportMapPng(path, size); }
    void exportMapPdf(const QString& path) { exports_->exportMapPdf(path); }
    void exportMapSvg(const QString& path) { exports_->exportMapSvg(path); }
    void exportData(const QString& directory) { exports_->exportData(directory); }
    void exportReport(const QString& directory) { exports_->exportReport(directory); }
    void setReportWriter(ReportWriter writer) { exports_->setReportWriter(std::move(writer)); }
    void exportGrowthChart(const views::FigureOptions& options, const QString& path) {
        exports_->exportGrowthChart(options, path);
    }
    void exportLeadTable(const QString& path) { exports_->exportLeadTable(path); }
    int exportsRunning() const { return exports_->running(); }
    // Every lead of the pair compared (null: a single lead), as the error-growth chart shows it.
    void showGrowthLeads(std::shared_ptr<const FieldsComparison> leads) { growth_->showLeads(std::move(leads)); }
    const FieldsComparison* growthLeads() const { return growth_->leads().get(); }

    views::GlobeView* globe() const { return globe_; }
    views::ErrorMapView* errorMap() const { return map_; }
    views::FieldTableView* fieldTable() const { return fields_; }
    views::InspectorPanel* inspector() const { return inspector_; }
    views::RunsPanel* runsPanel() const { return runs_->panel(); }
    views::GrowthChartView* growthChart() const { return growth_->chart(); }  // in a dock shown for more than one lead
    views::DiagnosisPanel* diagnosisPanel() const { return diagnosisPanel_; }
    views::RerunPanel* rerunPanel() const { return rerunPanel_; }
    rerun::RerunSession* rerunSession() const { return rerun_->rerunSession(); }
    views::LeadSlider* leadSlider() const { return leads_->slider(); }
    RolloutSession* rollout() const { return leads_->rollout(); }
    int currentLead() const { return leads_->currentLead(); }      // position among the rollout's lined-up leads
    int currentMember() const { return leads_->currentMember(); }  // position among its members

    // Lists a finished rerun in the Runs panel (as C, D, … unless `label` is free); loads nothing.
    void addRun(const QString& folder, const QString& label) { runs_->addRun(folder, label); }
    void compareFinishedRerun(const QString& folder, const QString& label, const QString& runA, const QString& runB,
                              const QString& runDir) {
        rerun_->compareFinishedRerun(folder, label, runA, runB, runDir);
    }

public slots:
    void swapRuns() { session_->swapRuns(); }
    void reload() { session_->reload(); }
    void cancelLoading();
    void selectField(const QString& name);
    void nextDifference();
    void previousDifference();
    void showFieldAtLead(const QString& field, int leadIndex) { leads_->showFieldAtLead(field, leadIndex); }

signals:
    void differencesShown(double seconds);  // the graph part of a pair is on screen; fields follow
    void pairLoaded(double seconds);
    void loadFailed(const QString& message);
    void fieldMapShown(const QString& field);
    void leadShown(int lead, int member);  // the table shows that lead's rows; its map follows
    void exportFinished(const QStringList& files);
    void exportFailed(const QString& message);
    void rerunCompared(const QStringList& lines);  // compareFinishedRerun's result, one line per run
    // A point of the error-growth chart was clicked: the field and its position in perLead.
    void growthPointClicked(const QString& field, int leadIndex);

protected:
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;
    void closeEvent(QCloseEvent* event) override;

private:
    // Layout (MainWindowLayout.cpp): the docks, the lead bar and the status bar, each with its controller.
    void buildDocks();
    void forwardSignals();
    // The session's pair in the globe, map, field table and inspector (MainWindow.cpp).
    void connectViews();
    void connectSession();
    void showSessionInProgress();
    void applyGraphs();  // runs, globe, differences of the session's pair
    void applyFields();  // field table and the worst field's map
    void showFieldSelection();
    void showFragility(const std::shared_ptr<const FragilityReport>& report);
    void showFieldMap(const std::shared_ptr<FieldMap>& map);
    void updateTitle();
    // Settings (MainWindowSettings.cpp): layout, globe layers and mesh level, map style, recent pairs.
    void restoreSettings();
    void saveSettings() const;

    PairSession* session_ = nullptr;
    views::GlobeView* globe_ = nullptr;
    views::ErrorMapView* map_ = nullptr;
    views::FieldTableView* fields_ = nullptr;
    views::InspectorPanel* inspector_ = nullptr;
    views::DiagnosisPanel* diagnosisPanel_ = nullptr;
    views::RerunPanel* rerunPanel_ = nullptr;
    WindowStatus* status_ = nullptr;
    GlobeController* globeScene_ = nullptr;
    RunsController* runs_ = nullptr;
    LeadsController* leads_ = nullptr;
    GrowthController* growth_ = nullptr;
    ScorecardController* scorecard_ = nullptr;
    DiagnosisController* diagnosis_ = nullptr;
    RerunController* rerun_ = nullptr;
    ExportsController* exports_ = nullptr;
    AnimationController* animation_ = nullptr;
    DivergenceController* divergence_ = nullptr;
    enum class GraphsOffScreen { No, SceneBuilding, FrameRendering } graphsOffScreen_ = GraphsOffScreen::No;
    std::shared_ptr<const views::ErrorMapData> mapData_;
};

}  // namespace meshdiff::gui
