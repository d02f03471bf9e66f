// MainWindow's exports: data (CSV/JSON) and the bug-report folder (figures are in
// MainWindowFigures.cpp). Each is written on a worker thread from a snapshot of what is shown.
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

namespace meshdiff::gui {
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
        views::postTo(this, [this, what, files, error] { exportDone(what, files, error); });
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
    // The writer draws what only the GUI thread may (the error-growth chart) here, the rest on a worker.
    ReportWork work;
    if (reportWriter_ && session_->pair())
        work = reportWriter_(session_->sharedPair(), growthLeads_, directory.toStdString());
    runExport(tr("the report"), [this, directory, pair = session_->sharedPair(), work] {
        if (!pair) throw Error(directory.toStdString(), "no report without two open runs");
        if (!work) throw Error(directory.toStdString(), "no report writer in this window");
        const auto progress = [this](int percent, const std::string& step) {
            views::postTo(this, [this, percent, text = QString::fromStdString(step)] {
                showStatus(tr("Writing the report: %1% %2").arg(percent).arg(text));
            });
        };
        return QStringList{QString::fromStdString(work(progress))};
    });
}

QString MainWindow::askExportFolder(const QString& title) {
    QString dir = QFileDialog::getExistingDirectory(this, title, QSettings().value(settings::kExportFolder).toString());
    if (!dir.isEmpty()) views::saveSettingsInBackground({{settings::kExportFolder, dir}});
    return dir;
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
