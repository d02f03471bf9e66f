// MainWindow's exports: figures (globe PNG, error map PNG/PDF/SVG), data (CSV/JSON) and the
// bug-report folder. Each is written on a worker thread from a snapshot of what is shown.
#include <QDialog>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QMessageBox>
#include <QSettings>
#include <QSpinBox>

#include "background/BackgroundWork.h"
#include "common/Error.h"
#include "export/DataExport.h"
#include "export/ExportFolder.h"
#include "globe/GlobeView.h"
#include "gui/MainWindow.h"
#include "gui/SettingsKeys.h"
#include "map/ErrorMapRenderer.h"
#include "map/ErrorMapView.h"
#include "report/ReportWriter.h"

namespace meshdiff::gui {
namespace {

// The map's vector figures are laid out in points at a fixed page size.
const QSize kMapFigureSize(1200, 700);

// A renderer of its own for the worker: the view's renderer stays on the GUI thread.
std::unique_ptr<views::ErrorMapRenderer> mapRenderer(std::shared_ptr<const views::ErrorMapData> data,
                                                     const views::ErrorMapStyle& style) {
    auto renderer = std::make_unique<views::ErrorMapRenderer>();
    renderer->setData(std::move(data));
    renderer->setStyle(style);
    return renderer;
}

}  // namespace

void MainWindow::runExport(const QString& what, std::function<QStringList()> write) {
    ++exportsRunning_;
    showStatus(tr("Writing %1…").arg(what));
    // `this` outlives the task: the window waits for its background work when destroyed.
    views::runInBackground([this, what, write = std::move(write)] {
        QStringList files;
        QString error;
        try {
            files = write();
        } catch (const std::exception& e) {
            error = QString::fromStdString(e.what());
        }
        QMetaObject::invokeMethod(
            this, [this, what, files, error] { exportDone(what, files, error); }, Qt::QueuedConnection);
    });
}

void MainWindow::exportDone(const QString& what, const QStringList& files, const QString& error) {
    --exportsRunning_;
    if (!error.isEmpty()) {
        showStatus(tr("Could not write %1: %2").arg(what, error));
        emit exportFailed(error);
        if (!qEnvironmentVariableIsSet("MESHDIFF_NO_DIALOGS")) QMessageBox::warning(this, tr("Export failed"), error);
        return;
    }
    showStatus(files.size() == 1 ? tr("Wrote %1.").arg(files.front())
                                 : tr("Wrote %1 (%2 files) to %3.")
                                       .arg(what)
                                       .arg(files.size())
                                       .arg(files.isEmpty() ? QString() : QFileInfo(files.front()).absolutePath()));
    emit exportFinished(files);
}

void MainWindow::exportGlobePng(const QString& path, const QSize& size) {
    runExport(tr("the globe image"), [path, render = globe_->imageRenderer(size.width(), size.height())] {
        const QImage image = render();
        if (image.isNull()) throw Error(path.toStdString(), "the globe could not be rendered");
        if (!image.save(path)) throw Error(path.toStdString(), "cannot be written");
        return QStringList{path};
    });
}

void MainWindow::exportMapPng(const QString& path, const QSize& size) {
    runExport(tr("the error map"), [path, size, data = mapData_, style = map_->renderer().style()] {
        mapRenderer(data, style)->savePng(path, size);
        return QStringList{path};
    });
}

void MainWindow::exportMapPdf(const QString& path) {
    runExport(tr("the error map"), [path, data = mapData_, style = map_->renderer().style()] {
        mapRenderer(data, style)->savePdf(path, QSizeF(kMapFigureSize));
        return QStringList{path};
    });
}

void MainWindow::exportMapSvg(const QString& path) {
    runExport(tr("the error map"), [path, data = mapData_, style = map_->renderer().style()] {
        mapRenderer(data, style)->saveSvg(path, kMapFigureSize);
        return QStringList{path};
    });
}

void MainWindow::exportData(const QString& directory) {
    runExport(tr("the data files"), [directory, pair = session_->sharedPair()] {
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

void MainWindow::exportReport(const QString& directory) {
    runExport(tr("the report"), [this, directory, pair = session_->sharedPair()] {
        if (!pair) throw Error(directory.toStdString(), "no report without two open runs");
        const auto progress = [this](int percent, const std::string& step) {
            QMetaObject::invokeMethod(
                this,
                [this, percent, text = QString::fromStdString(step)] {
                    showStatus(tr("Writing the report: %1% %2").arg(percent).arg(text));
                },
                Qt::QueuedConnection);
        };
        const auto written = report::writeReport(*pair, directory.toStdString(), report::ReportOptions{}, progress);
        return QStringList{QString::fromStdString(written.index)};
    });
}

QString MainWindow::askExportFolder(const QString& title) {
    const QString dir =
        QFileDialog::getExistingDirectory(this, title, QSettings().value(settings::kExportFolder).toString());
    if (!dir.isEmpty()) views::saveSettingsInBackground({{settings::kExportFolder, dir}});
    return dir;
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
    views::saveSettingsInBackground(
        {{settings::kExportWidth, width->value()}, {settings::kExportHeight, height->value()}});
    return {width->value(), height->value()};
}

void MainWindow::exportGlobeInteractive() {
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Export globe"), QSettings().value(settings::kExportFolder).toString() + "/globe.png",
        tr("PNG images (*.png)"));
    if (path.isEmpty()) return;
    const QSize size = askExportSize(globe_->size() * 4);
    if (size.isEmpty()) return;
    views::saveSettingsInBackground({{settings::kExportFolder, QFileInfo(path).absolutePath()}});
    exportGlobePng(path, size);
}

void MainWindow::exportMapInteractive(const QString& format) {
    const QString field = currentField();
    const QString suggestedName = (field.isEmpty() ? QStringLiteral("map") : field) + "." + format;
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Export error map"), QSettings().value(settings::kExportFolder).toString() + "/" + suggestedName,
        format.toUpper() + tr(" files (*.%1)").arg(format));
    if (path.isEmpty()) return;
    if (format == QStringLiteral("png")) {
        const QSize size = askExportSize(map_->canvas()->size() * 4);
        if (size.isEmpty()) return;
        exportMapPng(path, size);
    } else if (format == QStringLiteral("pdf")) {
        exportMapPdf(path);
    } else {
        exportMapSvg(path);
    }
    views::saveSettingsInBackground({{settings::kExportFolder, QFileInfo(path).absolutePath()}});
}

void MainWindow::exportDataInteractive() {
    const QString suggested =
        views::suggestedDataExportFolder(QSettings().value(settings::kExportFolder).toString(), runA(), runB(),
                                         QDir::homePath(), QDir::currentPath(), QDir::tempPath());
    views::ExportFolderDialog dialog(tr("Export data"), suggested, this);
    if (dialog.exec() != QDialog::Accepted) return;
    views::saveSettingsInBackground({{settings::kExportFolder, QFileInfo(dialog.folder()).absolutePath()}});
    exportData(dialog.folder());
}

void MainWindow::exportReportInteractive() {
    const QString dir = askExportFolder(tr("Folder for the report"));
    if (!dir.isEmpty()) exportReport(dir);
}

}  // namespace meshdiff::gui
