#pragma once
#include <chrono>
#include <functional>
#include <memory>
#include <utility>

#include <QElapsedTimer>
#include <QList>
#include <QMainWindow>
#include <QSize>

#include "export/FigureExportDialog.h"
#include "export/FigureOptions.h"
#include "globe/GlobeScene.h"
#include "gui/ReportWriterFunction.h"
#include "pair/FieldMap.h"
#include "pair/LoadedPair.h"
#include "pair/PairSession.h"

class QAction;
class QDockWidget;
class QLabel;
class QMenu;
class QProgressBar;
class QPushButton;
class QToolBar;

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

namespace meshdiff::rerun {
class RerunSession;
}

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

// The desktop window: runs A and B, the globe, the field table, the error map, the
// differences list with the inspector, and exports. What is open, loaded and selected is the
// PairSession's; the window shows it and forwards what the user asks for.
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

    void openPair(const QString& runA, const QString& runB);
    void openDemo();                    // generates the built-in demo once (off the GUI thread), then opens it
    void setRunA(const QString& path);  // loads when B is known too
    void setRunB(const QString& path);
    QString runA() const;
    QString runB() const;
    bool isLoading() const;
    const LoadedPair* pair() const;
    QString currentField() const;
    QString lastError() const;
    PairSession* session() const { return session_; }

    // Exports of what is shown, written on a worker thread: exportFinished lists the files
    // written, exportFailed names the file and the problem.
    // Figures of the error map (PNG, PDF, SVG) or the globe (PNG) as shown, on the options' paper.
    void exportFigure(views::FigureSubject subject, const views::FigureOptions& options, const QString& path);
    // The same at `size` pixels as on screen, and the map as a journal-column PDF or SVG.
    void exportGlobePng(const QString& path, const QSize& size);
    void exportMapPng(const QString& path, const QSize& size);
    void exportMapPdf(const QString& path);
    void exportMapSvg(const QString& path);
    void exportData(const QString& directory);    // CSV and JSON of the differences and field metrics
    void exportReport(const QString& directory);  // as `meshdiff report`: figures, data and index.html
    // What exportReport writes with (app/WindowReportWriter.h); without one it fails.
    void setReportWriter(ReportWriter writer) { reportWriter_ = std::move(writer); }
    // The error-growth chart as shown (PNG, PDF, SVG on the options' paper); the per-lead table as CSV.
    void exportGrowthChart(const views::FigureOptions& options, const QString& path);
    void exportLeadTable(const QString& path);
    // Every lead of the pair compared (null: a single lead); the error-growth chart shows it. The
    // window's rollout session hands it over once every lead is compared.
    void showGrowthLeads(std::shared_ptr<const FieldsComparison> leads);
    const FieldsComparison* growthLeads() const { return growthLeads_.get(); }
    int exportsRunning() const { return exportsRunning_; }

    views::GlobeView* globe() const { return globe_; }
    views::ErrorMapView* errorMap() const { return map_; }
    views::FieldTableView* fieldTable() const { return fields_; }
    views::InspectorPanel* inspector() const { return inspector_; }
    views::RunsPanel* runsPanel() const { return runs_; }
    views::GrowthChartView* growthChart() const { return growth_; }  // in a dock shown for more than one lead
    views::DiagnosisPanel* diagnosisPanel() const { return diagnosis_; }
    views::RerunPanel* rerunPanel() const { return rerun_; }
    rerun::RerunSession* rerunSession() const { return rerunSession_; }
    views::LeadSlider* leadSlider() const { return leadSlider_; }
    RolloutSession* rollout() const { return rollout_; }
    int currentLead() const;    // position among the rollout's lined-up leads
    int currentMember() const;  // position among its members

    // Lists a finished rerun in the Runs panel (as C, D, … unless `label` is free); loads nothing.
    void addRun(const QString& folder, const QString& label);
    // Diffs a finished rerun against A and B (its recipe asked for it) off the GUI thread; the
    // Rerun panel shows one line per run and <runDir>/compared-with-<X>.json keeps the result.
    void compareFinishedRerun(const QString& folder, const QString& label, const QString& runA, const QString& runB,
                              const QString& runDir);

public slots:
    void swapRuns();
    void reload();
    void cancelLoading();
    void selectField(const QString& name);
    void nextDifference();
    void previousDifference();
    // Shows `field` at lead `leadIndex` (a position among the lined-up leads, as in
    // FieldsComparison::perLead); a lead not compared yet is reached once it is.
    void showFieldAtLead(const QString& field, int leadIndex);

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
    void buildMenus();
    void buildDocks();
    void buildStatusBar();
    void buildGrowthDock(QDockWidget* beside);
    // The Diagnosis dock below `above`, and the globe's diagnosis layers (MainWindowDiagnosis.cpp).
    void buildDiagnosisDock(QDockWidget* above);
    void showDiagnosis();         // the panel follows the pair, the lead and the member shown
    void showDiagnosisOnGlobe();  // the neighbourhood and drift layers of the session's pair
    void forgetDiagnosis();       // a new pair's graphs are shown: nothing of the old diagnosis stays
    void showEdgeDriftOnGlobe();  // the drift layer was turned on: the globe's scene gets the drift
    // What the globe's scene points into: the pair the views show and the one diagnosed.
    std::shared_ptr<const void> sceneKeepAlive() const;
    void showGrowth();  // the chart follows the pair's leads and the fields selected in the table
    void exportGrowthInteractive(bool table);
    void connectViews();
    void connectSession();
    void showSessionInProgress();
    void restoreSettings();
    void saveSettings() const;
    void showLoadProgress(int percent, const QString& step);
    void showProgress(int percent, const QString& status);  // at most four times a second
    void applyGraphs();                                     // runs, globe, differences of the session's pair
    void applyFields();                                     // field table and the worst field's map
    void showFieldSelection();
    void syncRuns();  // Runs panel list and the Rerun panel follow the pair
    QString listRun(const QString& path);
    QString nextFreeLabel() const;
    void showFragility(const std::shared_ptr<const FragilityReport>& report);
    void showFieldMap(const std::shared_ptr<FieldMap>& map);
    void showStatus(const QString& text);
    void rememberPair(const QString& a, const QString& b);
    void fillRecentMenu();
    void markMeshLevel();  // checks the View ▸ Mesh Level entry in use
    void updateTitle();
    void applyMapStyleFromSettings();
    // The rollout's lead slider (MainWindowLeads.cpp).
    void buildLeadBar();
    void showLeadBar(bool shown);  // and enables its keys
    void connectRollout();
    void showRolloutPlan();
    void showLead();
    void showRolloutProgress(int percent, const QString& text);

    // Export actions that ask for file names and sizes.
    void exportFigureInteractive();  // File ▸ Export ▸ Figure…
    void exportDataInteractive();
    void exportReportInteractive();
    QString askExportFolder(const QString& title);
    // Runs `write` on a worker; it returns the files written or throws meshdiff::Error.
    void runExport(const QString& what, std::function<QStringList()> write);
    void exportDone(const QString& what, const QStringList& files, const QString& error);

    views::GlobeView* globe_ = nullptr;
    views::ErrorMapView* map_ = nullptr;
    views::FieldTableView* fields_ = nullptr;
    views::InspectorPanel* inspector_ = nullptr;
    views::RunsPanel* runs_ = nullptr;
    views::RerunPanel* rerun_ = nullptr;
    views::GrowthChartView* growth_ = nullptr;
    QDockWidget* growthDock_ = nullptr;
    std::shared_ptr<const FieldsComparison> growthLeads_;
    views::DiagnosisPanel* diagnosis_ = nullptr;
    std::shared_ptr<const LoadedPair> diagnosisPair_;  // what the scene's places and edge drift point into
    // The drift layer as the user last chose it: the window turns it off by itself for a pair with
    // very many drifting edges, which is neither saved nor kept for the next pair.
    bool driftLayerWanted_ = true;
    rerun::RerunSession* rerunSession_ = nullptr;
    QLabel* status_ = nullptr;
    QProgressBar* progress_ = nullptr;
    QPushButton* cancel_ = nullptr;
    QMenu* recentMenu_ = nullptr;
    QToolBar* leadBar_ = nullptr;
    views::LeadSlider* leadSlider_ = nullptr;
    QList<QAction*> leadActions_;
    RolloutSession* rollout_ = nullptr;
    int wantedLead_ = -1;  // showFieldAtLead's lead, until it has been compared

    PairSession* session_ = nullptr;
    enum class GraphsOffScreen { No, SceneBuilding, FrameRendering } graphsOffScreen_ = GraphsOffScreen::No;
    std::shared_ptr<const LoadedPair> viewsPair_;  // what the globe's and inspector's pointers point into
    std::shared_ptr<const views::ErrorMapData> mapData_;
    QStringList recentPairs_;  // newest first, as saved in the settings
    views::GlobeScene scene_;
    int exportsRunning_ = 0;
    ReportWriter reportWriter_;
    QElapsedTimer progressTimer_;
};

}  // namespace meshdiff::gui
