// MainWindow's exports: figures (globe PNG, error map PNG/PDF/SVG) and data (CSV/JSON).
#include <QDialog>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFormLayout>
#include <QMessageBox>
#include <QSettings>
#include <QSpinBox>

#include "common/Error.h"
#include "export/DataExport.h"
#include "globe/GlobeView.h"
#include "gui/MainWindow.h"
#include "gui/SettingsKeys.h"
#include "map/ErrorMapView.h"

namespace meshdiff::gui {
namespace {

// The map's vector figures are laid out in points at a fixed page size.
const QSize kMapFigureSize(1200, 700);

}  // namespace

void MainWindow::exportGlobePng(const QString& path, const QSize& size) {
    if (!globe_->saveImage(path, size.width(), size.height())) {
        throw Error(path.toStdString(), "cannot render or write the globe image");
    }
}

void MainWindow::exportMapPng(const QString& path, const QSize& size) { map_->renderer().savePng(path, size); }

void MainWindow::exportMapPdf(const QString& path) { map_->renderer().savePdf(path, QSizeF(kMapFigureSize)); }

void MainWindow::exportMapSvg(const QString& path) { map_->renderer().saveSvg(path, kMapFigureSize); }

QStringList MainWindow::exportData(const QString& directory) {
    const GraphDiff* diff = pair_ && pair_->comparison.graph ? &*pair_->comparison.graph : nullptr;
    const MeshGraph* graphA = pair_ ? pair_->graphA.get() : nullptr;
    const std::vector<views::FieldRow> noRows;
    QStringList written;
    for (const std::string& file : views::exportDataFiles(directory.toStdString(), diff, graphA, pair_ ? pair_->fieldRows : noRows)) {
        written << QString::fromStdString(file);
    }
    if (pair_) {
        const QString summary = QDir(directory).filePath(QStringLiteral("comparison.json"));
        views::writeJsonFile(comparisonToJson(pair_->comparison), summary.toStdString());
        written << summary;
    }
    return written;
}

QSize MainWindow::askExportSize(const QSize& suggested) {
    QSettings settings;
    QDialog dialog(this);
    dialog.setWindowTitle(tr("Image size"));
    auto* width = new QSpinBox(&dialog);
    auto* height = new QSpinBox(&dialog);
    for (QSpinBox* box : {width, height}) {
        box->setRange(16, 16384);
        box->setSuffix(tr(" px"));
    }
    width->setValue(settings.value(settings::kExportWidth, suggested.width()).toInt());
    height->setValue(settings.value(settings::kExportHeight, suggested.height()).toInt());
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, &dialog);
    connect(buttons, &QDialogButtonBox::accepted, &dialog, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    auto* form = new QFormLayout(&dialog);
    form->addRow(tr("Width"), width);
    form->addRow(tr("Height"), height);
    form->addRow(buttons);
    if (dialog.exec() != QDialog::Accepted) return {};
    settings.setValue(settings::kExportWidth, width->value());
    settings.setValue(settings::kExportHeight, height->value());
    return {width->value(), height->value()};
}

void MainWindow::exportGlobeInteractive() {
    QSettings settings;
    const QString path = QFileDialog::getSaveFileName(this, tr("Export globe"),
                                                      settings.value(settings::kExportFolder).toString() + "/globe.png",
                                                      tr("PNG images (*.png)"));
    if (path.isEmpty()) return;
    const QSize size = askExportSize(globe_->size() * 4);
    if (size.isEmpty()) return;
    try {
        exportGlobePng(path, size);
        settings.setValue(settings::kExportFolder, QFileInfo(path).absolutePath());
        showStatus(tr("Wrote %1 (%2×%3).").arg(path).arg(size.width()).arg(size.height()));
    } catch (const std::exception& e) {
        QMessageBox::warning(this, tr("Export failed"), QString::fromStdString(e.what()));
    }
}

void MainWindow::exportMapInteractive(const QString& format) {
    QSettings settings;
    const QString suggestedName = (currentField_.isEmpty() ? QStringLiteral("map") : currentField_) + "." + format;
    const QString path = QFileDialog::getSaveFileName(this, tr("Export error map"),
                                                      settings.value(settings::kExportFolder).toString() + "/" + suggestedName,
                                                      format.toUpper() + tr(" files (*.%1)").arg(format));
    if (path.isEmpty()) return;
    try {
        if (format == QStringLiteral("png")) {
            const QSize size = askExportSize(map_->canvas()->size() * 4);
            if (size.isEmpty()) return;
            exportMapPng(path, size);
        } else if (format == QStringLiteral("pdf")) {
            exportMapPdf(path);
        } else {
            exportMapSvg(path);
        }
        settings.setValue(settings::kExportFolder, QFileInfo(path).absolutePath());
        showStatus(tr("Wrote %1.").arg(path));
    } catch (const std::exception& e) {
        QMessageBox::warning(this, tr("Export failed"), QString::fromStdString(e.what()));
    }
}

void MainWindow::exportDataInteractive() {
    QSettings settings;
    const QString dir = QFileDialog::getExistingDirectory(this, tr("Folder for the CSV and JSON files"),
                                                          settings.value(settings::kExportFolder).toString());
    if (dir.isEmpty()) return;
    try {
        const QStringList written = exportData(dir);
        settings.setValue(settings::kExportFolder, dir);
        showStatus(tr("Wrote %1 files to %2.").arg(written.size()).arg(dir));
    } catch (const std::exception& e) {
        QMessageBox::warning(this, tr("Export failed"), QString::fromStdString(e.what()));
    }
}

}  // namespace meshdiff::gui
