#include "gui/ExportsController.h"

#include <QDir>
#include <QFileInfo>
#include <QMessageBox>
#include <QTimer>

#include "background/BackgroundWork.h"
#include "common/Error.h"
#include "export/DataExport.h"
#include "export/FigureTitle.h"
#include "export/GlobeFigure.h"
#include "export/MapFigure.h"
#include "globe/GlobeView.h"
#include "growthchart/GrowthChartFigure.h"
#include "growthchart/GrowthChartView.h"
#include "growthchart/LeadTableCsv.h"
#include "gui/GrowthController.h"
#include "gui/LeadsController.h"
#include "gui/WindowStatus.h"
#include "map/ErrorMapRenderer.h"
#include "map/ErrorMapView.h"
#include "pair/PairSession.h"
#include "pair/RolloutSession.h"
#include "pointseries/PointSeriesCsv.h"
#include "pointseries/PointSeriesFigure.h"
#include "pointseries/PointSeriesText.h"
#include "pointseries/PointSeriesView.h"
#include "scorecard/ScorecardFigure.h"

namespace meshdiff::gui {
namespace {

views::FigureOptions asOnScreen(const QSize& pixels, views::FigureFormat format) {
    views::FigureOptions options =
        views::withPreset(views::FigureOptions{}, views::FigurePreset::AsOnScreen, QSizeF(pixels));
    options.dotsPerInch = views::kScreenPixelsPerInch;
    options.format = format;
    return options;
}

views::FigureOptions journalColumn(views::FigureFormat format) {
    views::FigureOptions options;
    options.format = format;
    return options;
}

}  // namespace

ExportsController::ExportsController(pair::PairSession* session, views::GlobeView* globe, views::ErrorMapView* map,
                                     MapDataFn mapData, GrowthController* growth, WindowStatus* status, QWidget* window)
    : QObject(window),
      session_(session),
      globe_(globe),
      map_(map),
      mapData_(std::move(mapData)),
      growth_(growth),
      status_(status),
      window_(window) {}

void ExportsController::run(const QString& what, std::function<QStringList()> write) {
    ++running_;
    status_->show(tr("Writing %1…").arg(what));
    // `this` outlives the task: the window waits for its background work when destroyed.
    views::runInBackground([this, what, write = std::move(write)] {
        QStringList files;
        QString error;
        try {
            files = write();
        } catch (const std::exception& e) {
            error = QString::fromStdString(e.what());
        }
        views::postTo(this, [this, what, files, error] { done(what, files, error); });
    });
}

void ExportsController::done(const QString& what, const QStringList& files, const QString& error) {
    --running_;
    if (!error.isEmpty()) {
        status_->show(tr("Could not write %1: %2").arg(what, error));
        emit failed(error);
        if (!qEnvironmentVariableIsSet("MESHDIFF_NO_DIALOGS"))
            QMessageBox::warning(window_, tr("Export failed"), error);
        return;
    }
    status_->show(files.size() == 1 ? tr("Wrote %1.").arg(files.front())
                                    : tr("Wrote %1 (%2 files) to %3.")
                                          .arg(what)
                                          .arg(files.size())
                                          .arg(files.isEmpty() ? QString() : QFileInfo(files.front()).absolutePath()));
    emit finished(files);
}

QString ExportsController::defaultMapTitle() const {
    const auto data = mapData_();
    if (!data) return {};
    const pair::RolloutSession* rollout = leads_ ? leads_->rollout() : nullptr;
    const QString lead =
        rollout && rollout->isRollout() ? rollout->leadLabels().value(leads_->currentLead()) : QString();
    return views::defaultFigureTitle(QString::fromStdString(data->fieldName), map_->renderer().style().mode,
                                     QString::fromStdString(data->units), lead);
}

QString ExportsController::defaultPointSeriesTitle() const {
    if (!pointSeries_ || !pointSeries_->series()) return {};
    return QString::fromStdString(views::pointSeriesTitle(*pointSeries_->series()));
}

void ExportsController::exportFigure(views::FigureSubject subject, views::FigureOptions options, const QString& path) {
    if (subject == views::FigureSubject::PointSeries) {
        exportPointSeriesFigure(std::move(options), path);
        return;
    }
    if (options.title.isEmpty()) options.title = defaultMapTitle();
    if (subject == views::FigureSubject::Globe) {
        run(tr("the globe figure"), [path, options, snapshot = globe_->snapshot()] {
            return QStringList{views::writeGlobeFigure(snapshot, options, path).path};
        });
        return;
    }
    if (subject == views::FigureSubject::Scorecard) {
        run(tr("the scorecard"), [path, options, card = scorecard()] {
            if (!card)
                throw Error(path.toStdString(),
                            "no scorecard: the runs have a single lead (or are still being compared)");
            return QStringList{views::writeScorecardFigure(*card, options, path).path};
        });
        return;
    }
    run(tr("the error map"), [path, options, data = mapData_(), style = map_->renderer().style()] {
        return QStringList{views::writeMapFigure(data, style, options, path).path};
    });
}

void ExportsController::exportGlobePng(const QString& path, const QSize& size) {
    exportFigure(views::FigureSubject::Globe, asOnScreen(size, views::FigureFormat::Png), path);
}

void ExportsController::exportMapPng(const QString& path, const QSize& size) {
    exportFigure(views::FigureSubject::ErrorMap, asOnScreen(size, views::FigureFormat::Png), path);
}

void ExportsController::exportMapPdf(const QString& path) {
    exportFigure(views::FigureSubject::ErrorMap, journalColumn(views::FigureFormat::Pdf), path);
}

void ExportsController::exportMapSvg(const QString& path) {
    exportFigure(views::FigureSubject::ErrorMap, journalColumn(views::FigureFormat::Svg), path);
}

void ExportsController::exportData(const QString& directory) {
    run(tr("the data files"), [directory, pair = session_->sharedPair()] {
        const GraphDiff* diff = pair && pair->comparison.graph ? &*pair->comparison.graph : nullptr;
        const MeshGraph* graphA = pair ? pair->graphA.get() : nullptr;
        const std::vector<views::FieldRow> noRows;
        QStringList written;
        for (const std::string& file :
             views::exportDataFiles(directory.toStdString(), diff, graphA, pair ? pair->fieldRows : noRows))
            written << QString::fromStdString(file);
        if (pair) {
            const QString summary = QDir(directory).filePath(QStringLiteral("comparison.json"));
            views::writeJsonFile(comparisonToJson(pair->comparison), summary.toStdString());
            written << summary;
        }
        return written;
    });
}

void ExportsController::exportReport(const QString& directory) {
    // The writer draws what only the GUI thread may (the error-growth chart) here, the rest on a worker.
    ReportWork work;
    if (reportWriter_ && session_->pair())
        work = reportWriter_(session_->sharedPair(), growth_->leads(), directory.toStdString());
    run(tr("the report"), [this, directory, pair = session_->sharedPair(), work] {
        if (!pair) throw Error(directory.toStdString(), "no report without two open runs");
        if (!work) throw Error(directory.toStdString(), "no report writer in this window");
        const auto progress = [this](int percent, const std::string& step) {
            views::postTo(this, [this, percent, text = QString::fromStdString(step)] {
                status_->show(tr("Writing the report: %1% %2").arg(percent).arg(text));
            });
        };
        return QStringList{QString::fromStdString(work(progress))};
    });
}

void ExportsController::exportGrowthChart(const views::FigureOptions& options, const QString& path) {
    // Qt Charts draws on the GUI thread only (a column at 300 DPI takes about 0.1 s); the result
    // is reported as the other exports' are, from the event loop.
    ++running_;
    QTimer::singleShot(0, this, [this, options, path] {
        QStringList files;
        QString error;
        try {
            if (!growth_->leads())
                throw Error(path.toStdString(), "the runs have a single lead (or are still being compared)");
            files << views::writeGrowthChartFigure(growth_->chart()->data(), options, path).path;
        } catch (const std::exception& e) {
            error = QString::fromStdString(e.what());
        }
        done(tr("the error-growth chart"), files, error);
    });
}

void ExportsController::exportLeadTable(const QString& path) {
    run(tr("the per-lead table"), [path, leads = growth_->leads()] {
        if (!leads) throw Error(path.toStdString(), "the runs have a single lead (or are still being compared)");
        views::writeLeadTableCsv(*leads, path.toStdString());
        return QStringList{path};
    });
}

namespace {

const char* const kNoPointSeries =
    "no point charted: click the error map of a rollout (two or more leads) to chart A, B and A − B there";

}  // namespace

void ExportsController::exportPointSeriesFigure(views::FigureOptions options, const QString& path) {
    // Qt Charts draws on the GUI thread only, as for the error-growth chart.
    ++running_;
    QTimer::singleShot(0, this, [this, options, path] {
        QStringList files;
        QString error;
        try {
            if (!pointSeries_ || !pointSeries_->series()) throw Error(path.toStdString(), kNoPointSeries);
            files << views::writePointSeriesFigure(*pointSeries_->series(), options, path).path;
        } catch (const std::exception& e) {
            error = QString::fromStdString(e.what());
        }
        done(tr("the point over leads chart"), files, error);
    });
}

void ExportsController::exportPointSeriesCsv(const QString& path) {
    std::optional<views::PointSeries> series;
    if (pointSeries_) series = pointSeries_->series();
    run(tr("the point over leads values"), [path, series = std::move(series)] {
        if (!series) throw Error(path.toStdString(), kNoPointSeries);
        views::writePointSeriesCsv(*series, path.toStdString());
        return QStringList{path};
    });
}

}  // namespace meshdiff::gui
