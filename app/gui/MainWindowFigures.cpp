// MainWindow's figures: File ▸ Export ▸ Figure… and the exports behind it. The worker draws from
// a snapshot of what is shown (the map's data and whole style, the globe's scene and camera).
#include <QDir>
#include <QFileInfo>
#include <QSettings>

#include "background/BackgroundWork.h"
#include "common/Error.h"
#include "export/FigureExportDialog.h"
#include "export/GlobeFigure.h"
#include "export/MapFigure.h"
#include "globe/GlobeView.h"
#include "gui/MainWindow.h"
#include "gui/SettingsKeys.h"
#include "map/ErrorMapCanvas.h"
#include "map/ErrorMapView.h"

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

void MainWindow::exportFigure(views::FigureSubject subject, const views::FigureOptions& options, const QString& path) {
    if (subject == views::FigureSubject::Globe) {
        runExport(tr("the globe figure"), [path, options, snapshot = globe_->snapshot()] {
            return QStringList{views::writeGlobeFigure(snapshot, options, path).path};
        });
        return;
    }
    runExport(tr("the error map"), [path, options, data = mapData_, style = map_->renderer().style()] {
        return QStringList{views::writeMapFigure(data, style, options, path).path};
    });
}

void MainWindow::exportGlobePng(const QString& path, const QSize& size) {
    exportFigure(views::FigureSubject::Globe, asOnScreen(size, views::FigureFormat::Png), path);
}

void MainWindow::exportMapPng(const QString& path, const QSize& size) {
    exportFigure(views::FigureSubject::ErrorMap, asOnScreen(size, views::FigureFormat::Png), path);
}

void MainWindow::exportMapPdf(const QString& path) {
    exportFigure(views::FigureSubject::ErrorMap, journalColumn(views::FigureFormat::Pdf), path);
}

void MainWindow::exportMapSvg(const QString& path) {
    exportFigure(views::FigureSubject::ErrorMap, journalColumn(views::FigureFormat::Svg), path);
}

void MainWindow::exportFigureInteractive() {
    const QString field = currentField();
    const QSize mapPixels = map_->canvas()->size() * map_->canvas()->devicePixelRatioF();
    const QSize globePixels = globe_->size() * globe_->devicePixelRatioF();
    auto heightOf = [data = mapData_, style = map_->renderer().style()](views::FigureSubject subject,
                                                                        const views::FigureOptions& options) {
        // The globe's height depends on its legend, known only once drawn: about square.
        if (subject == views::FigureSubject::Globe) return options.widthInches;
        return views::mapFigureHeightInches(data.get(), style, options);
    };
    views::FigureExportDialog dialog(mapPixels, globePixels, QSettings().value(settings::kExportFolder).toString(),
                                     field.isEmpty() ? QStringLiteral("figure") : field, heightOf, this);
    dialog.restoreSettings();
    if (dialog.exec() != QDialog::Accepted || dialog.path().isEmpty()) return;
    auto values = dialog.settingsValues();
    values.emplace_back(settings::kExportFolder, QFileInfo(dialog.path()).absolutePath());
    views::saveSettingsInBackground(std::move(values));
    exportFigure(dialog.subject(), dialog.options(), dialog.path());
}

}  // namespace meshdiff::gui
