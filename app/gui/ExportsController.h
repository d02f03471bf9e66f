#pragma once
#include <functional>
#include <memory>

#include <QObject>
#include <QSize>
#include <QStringList>

#include "compare/Scorecard.h"
#include "export/FigureExportDialog.h"
#include "export/FigureOptions.h"
#include "gui/ReportWriterFunction.h"

class QWidget;

namespace meshdiff::pair {
class PairSession;
}
namespace meshdiff::views {
struct ErrorMapData;
class ErrorMapView;
class GlobeView;
class PointSeriesView;
}  // namespace meshdiff::views

namespace meshdiff::gui {

class GrowthController;
class LeadsController;
class WindowStatus;

// Exports of what is shown — data (CSV/JSON), figures of the map and the globe, the error-growth
// chart and per-lead table, the bug-report folder — each written on a worker thread from a
// snapshot (Qt Charts only on the GUI thread); counts those running and tells how they ended:
// finished lists the files written, failed names the file and the problem.
class ExportsController : public QObject {
    Q_OBJECT
public:
    using MapDataFn = std::function<std::shared_ptr<const views::ErrorMapData>()>;  // the map's, as shown
    ExportsController(pair::PairSession* session, views::GlobeView* globe, views::ErrorMapView* map, MapDataFn mapData,
                      GrowthController* growth, WindowStatus* status, QWidget* window);

    // What exportReport writes with (app/WindowReportWriter.h); without one it fails.
    void setReportWriter(ReportWriter writer) { reportWriter_ = std::move(writer); }
    int running() const { return running_; }
    std::shared_ptr<const views::ErrorMapData> mapData() const { return mapData_(); }
    // Where the scorecard figure comes from (the window's scorecard; null when there is none).
    void setScorecardSource(std::function<std::shared_ptr<const Scorecard>()> source) {
        scorecard_ = std::move(source);
    }
    std::shared_ptr<const Scorecard> scorecard() const { return scorecard_ ? scorecard_() : nullptr; }
    // Where the lead the map shows comes from ("+12 h" in figure titles; none for a single lead).
    void setLeads(const LeadsController* leads) { leads_ = leads; }
    // "2m_temperature, A − B (K), +12 h": the error map figure's title unless the user gives one.
    QString defaultMapTitle() const;
    // The Point over leads chart whose series is exported (none: those exports fail, saying why).
    void setPointSeries(const views::PointSeriesView* view) { pointSeries_ = view; }
    const views::PointSeriesView* pointSeries() const { return pointSeries_; }
    // "2m_temperature at 45.0°N 7.5°E, A, B and A − B (K)"; empty before a point is charted.
    QString defaultPointSeriesTitle() const;

    // The error map, the scorecard or the point over leads (PNG, PDF, SVG) or the globe (PNG) as
    // shown, on the options' paper.
    void exportFigure(views::FigureSubject subject, views::FigureOptions options, const QString& path);
    // The same at `size` pixels as on screen, and the map as a journal-column PDF or SVG.
    void exportGlobePng(const QString& path, const QSize& size);
    void exportMapPng(const QString& path, const QSize& size);
    void exportMapPdf(const QString& path);
    void exportMapSvg(const QString& path);
    void exportData(const QString& directory);    // CSV and JSON of the differences and field metrics
    void exportReport(const QString& directory);  // as `meshdiff report`: figures, data and index.html
    // The error-growth chart as shown (PNG, PDF, SVG on the options' paper); the per-lead table as CSV.
    void exportGrowthChart(const views::FigureOptions& options, const QString& path);
    void exportLeadTable(const QString& path);
    // The point over leads chart's series: a figure (drawn on the GUI thread) and a CSV (a worker).
    void exportPointSeriesFigure(views::FigureOptions options, const QString& path);
    void exportPointSeriesCsv(const QString& path);

signals:
    void finished(const QStringList& files);
    void failed(const QString& message);

private:
    // Runs `write` on a worker; it returns the files written or throws meshdiff::Error.
    void run(const QString& what, std::function<QStringList()> write);
    void done(const QString& what, const QStringList& files, const QString& error);

    pair::PairSession* session_;
    views::GlobeView* globe_;
    views::ErrorMapView* map_;
    MapDataFn mapData_;
    std::function<std::shared_ptr<const Scorecard>()> scorecard_;
    const LeadsController* leads_ = nullptr;
    GrowthController* growth_;
    const views::PointSeriesView* pointSeries_ = nullptr;
    WindowStatus* status_;
    QWidget* window_;
    ReportWriter reportWriter_;
    int running_ = 0;
};

}  // namespace meshdiff::gui
