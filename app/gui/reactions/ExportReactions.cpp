#include "gui/reactions/ExportReactions.h"

#include <QDialog>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QSettings>

#include "background/BackgroundWork.h"
#include "export/ExportFolder.h"
#include "export/FigureExportDialog.h"
#include "export/GlobeFigure.h"
#include "export/MapFigure.h"
#include "globe/GlobeView.h"
#include "gui/ExportsController.h"
#include "gui/SettingsKeys.h"
#include "map/ErrorMapCanvas.h"
#include "map/ErrorMapView.h"
#include "pair/PairSession.h"
#include "pointseries/PointSeriesFigure.h"
#include "pointseries/PointSeriesView.h"
#include "scorecard/ScorecardFigure.h"
#include "scorecard/ScorecardView.h"

namespace meshdiff::gui {
namespace {

QString exportFolder() { return QSettings().value(settings::kExportFolder).toString(); }

}  // namespace

ExportFigureReaction::ExportFigureReaction(QAction* action, ExportsController* exports, pair::PairSession* session,
                                           views::GlobeView* globe, views::ErrorMapView* map,
                                           views::ScorecardView* scorecard, QWidget* dialogParent)
    : Reaction(action),
      exports_(exports),
      session_(session),
      globe_(globe),
      map_(map),
      scorecard_(scorecard),
      dialogParent_(dialogParent) {}

void ExportFigureReaction::onTriggered() {
    const QString field = session_->currentField();
    const QSize mapPixels = map_->canvas()->size() * map_->canvas()->devicePixelRatioF();
    const QSize globePixels = globe_->size() * globe_->devicePixelRatioF();
    auto heightOf = [data = exports_->mapData(), style = map_->renderer().style(), card = exports_->scorecard(),
                     globe = globe_->snapshot()](views::FigureSubject subject, const views::FigureOptions& options) {
        if (subject == views::FigureSubject::Globe) return views::globeFigureHeightInches(globe, options);
        if (subject == views::FigureSubject::PointSeries) return views::pointSeriesFigureHeightInches(options);
        if (subject == views::FigureSubject::Scorecard)
            return card ? views::scorecardFigureHeightInches(*card, options) : options.widthInches;
        return views::mapFigureHeightInches(data.get(), style, options);
    };
    views::FigureExportDialog dialog(mapPixels, globePixels, exportFolder(),
                                     field.isEmpty() ? QStringLiteral("figure") : field, heightOf, dialogParent_);
    if (scorecard_) dialog.setScreenScorecard(scorecard_->canvas()->size() * scorecard_->canvas()->devicePixelRatioF());
    if (const views::PointSeriesView* chart = exports_->pointSeries())
        dialog.setScreenPointSeries(chart->size() * chart->devicePixelRatioF());
    dialog.restoreSettings();
    if (startWith_) dialog.setSubject(*startWith_);
    dialog.setDefaultTitle(exports_->defaultMapTitle());
    dialog.setDefaultTitle(views::FigureSubject::PointSeries, exports_->defaultPointSeriesTitle());
    if (dialog.exec() != QDialog::Accepted || dialog.path().isEmpty()) return;
    auto values = dialog.settingsValues();
    values.emplace_back(settings::kExportFolder, QFileInfo(dialog.path()).absolutePath());
    views::saveSettingsInBackground(std::move(values));
    exports_->exportFigure(dialog.subject(), dialog.options(), dialog.path());
}

ExportDataReaction::ExportDataReaction(QAction* action, ExportsController* exports, pair::PairSession* session,
                                       QWidget* dialogParent)
    : Reaction(action), exports_(exports), session_(session), dialogParent_(dialogParent) {}

void ExportDataReaction::onTriggered() {
    const QString suggested = views::suggestedDataExportFolder(exportFolder(), session_->runA(), session_->runB(),
                                                               QDir::homePath(), QDir::currentPath(), QDir::tempPath());
    views::ExportFolderDialog dialog(tr("Export data"), suggested, dialogParent_);
    if (dialog.exec() != QDialog::Accepted) return;
    views::saveSettingsInBackground({{settings::kExportFolder, QFileInfo(dialog.folder()).absolutePath()}});
    exports_->exportData(dialog.folder());
}

ExportReportReaction::ExportReportReaction(QAction* action, ExportsController* exports, QWidget* dialogParent)
    : Reaction(action), exports_(exports), dialogParent_(dialogParent) {}

void ExportReportReaction::onTriggered() {
    const QString dir = QFileDialog::getExistingDirectory(dialogParent_, tr("Folder for the report"), exportFolder());
    if (dir.isEmpty()) return;
    views::saveSettingsInBackground({{settings::kExportFolder, dir}});
    exports_->exportReport(dir);
}

ExportGrowthReaction::ExportGrowthReaction(QAction* action, ExportsController* exports, What what,
                                           QWidget* dialogParent)
    : Reaction(action), exports_(exports), what_(what), dialogParent_(dialogParent) {}

void ExportGrowthReaction::onTriggered() {
    const bool table = what_ == What::LeadTable;
    const QString folder = exportFolder();
    const QString path =
        table ? QFileDialog::getSaveFileName(dialogParent_, tr("Export the per-lead table"), folder + "/per_lead.csv",
                                             tr("CSV (*.csv)"))
              : QFileDialog::getSaveFileName(dialogParent_, tr("Export the error-growth chart"),
                                             folder + "/growth_chart.pdf", tr("PDF (*.pdf);;SVG (*.svg);;PNG (*.png)"));
    if (path.isEmpty()) return;
    views::saveSettingsInBackground({{settings::kExportFolder, QFileInfo(path).absolutePath()}});
    if (table) {
        exports_->exportLeadTable(path);
        return;
    }
    // Two journal columns wide (the field names beside the chart need the room), 8 pt, 300 DPI.
    views::FigureOptions options = views::withPreset({}, views::FigurePreset::DoubleColumn, QSizeF());
    const QString suffix = QFileInfo(path).suffix().toLower();
    options.format = suffix == "svg"   ? views::FigureFormat::Svg
                     : suffix == "png" ? views::FigureFormat::Png
                                       : views::FigureFormat::Pdf;
    exports_->exportGrowthChart(options, path);
}

ExportPointSeriesCsvReaction::ExportPointSeriesCsvReaction(QAction* action, ExportsController* exports,
                                                           QWidget* dialogParent)
    : Reaction(action), exports_(exports), dialogParent_(dialogParent) {}

void ExportPointSeriesCsvReaction::onTriggered() {
    const QString path = QFileDialog::getSaveFileName(dialogParent_, tr("Export the point over leads values"),
                                                      exportFolder() + "/point_over_leads.csv", tr("CSV (*.csv)"));
    if (path.isEmpty()) return;
    views::saveSettingsInBackground({{settings::kExportFolder, QFileInfo(path).absolutePath()}});
    exports_->exportPointSeriesCsv(path);
}

}  // namespace meshdiff::gui
