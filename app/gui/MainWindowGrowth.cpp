// MainWindow's error-growth chart: a dock tabbed beside the error map, shown when the runs have
// more than one lead (once the rollout session has compared every lead), and its exports (the
// chart as a figure, the per-lead table as CSV).
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QItemSelectionModel>
#include <QSettings>
#include <QTableView>
#include <QTimer>

#include "background/BackgroundWork.h"
#include "common/Error.h"
#include "fieldtable/FieldTableView.h"
#include "growthchart/GrowthChartFigure.h"
#include "growthchart/GrowthChartView.h"
#include "growthchart/LeadTableCsv.h"
#include "gui/MainWindow.h"
#include "gui/SettingsKeys.h"

namespace meshdiff::gui {
namespace {

constexpr std::size_t kWorstFieldsCharted = 4;

}  // namespace

void MainWindow::buildGrowthDock(QDockWidget* beside) {
    growth_ = new views::GrowthChartView(this);
    growthDock_ = new QDockWidget(tr("Error growth"), this);
    growthDock_->setObjectName(QStringLiteral("growthDock"));
    growthDock_->setWidget(growth_);
    addDockWidget(Qt::BottomDockWidgetArea, growthDock_);
    tabifyDockWidget(beside, growthDock_);
    growthDock_->hide();
    connect(growth_, &views::GrowthChartView::pointClicked, this, &MainWindow::growthPointClicked);
    connect(this, &MainWindow::growthPointClicked, this, &MainWindow::showFieldAtLead);
    connect(fields_->table()->selectionModel(), &QItemSelectionModel::selectionChanged, this, &MainWindow::showGrowth);
}

void MainWindow::showGrowthLeads(std::shared_ptr<const FieldsComparison> leads) {
    growthLeads_ = leads && leads->perLead.size() > 1 ? std::move(leads) : nullptr;
    showGrowth();
}

void MainWindow::showGrowth() {
    const FieldsComparison* fields = growthLeads_.get();
    if (!fields) {
        growthDock_->hide();
        return;
    }
    std::vector<std::string> selected;
    for (const QString& name : fields_->selectedFields()) selected.push_back(name.toStdString());
    growth_->setData(views::growthChartData(*fields, selected, kWorstFieldsCharted));
    growthDock_->show();
}

void MainWindow::exportGrowthChart(const views::FigureOptions& options, const QString& path) {
    // Qt Charts draws on the GUI thread only (a column at 300 DPI takes about 0.1 s); the result
    // is reported as the other exports' are, from the event loop.
    ++exportsRunning_;
    QTimer::singleShot(0, this, [this, options, path] {
        QStringList files;
        QString error;
        try {
            if (!growthLeads_)
                throw Error(path.toStdString(), "the runs have a single lead (or are still being compared)");
            files << views::writeGrowthChartFigure(growth_->data(), options, path).path;
        } catch (const std::exception& e) {
            error = QString::fromStdString(e.what());
        }
        exportDone(tr("the error-growth chart"), files, error);
    });
}

void MainWindow::exportLeadTable(const QString& path) {
    runExport(tr("the per-lead table"), [path, leads = growthLeads_] {
        if (!leads) throw Error(path.toStdString(), "the runs have a single lead (or are still being compared)");
        views::writeLeadTableCsv(*leads, path.toStdString());
        return QStringList{path};
    });
}

void MainWindow::exportGrowthInteractive(bool table) {
    const QString folder = QSettings().value(settings::kExportFolder).toString();
    const QString path =
        table ? QFileDialog::getSaveFileName(this, tr("Export the per-lead table"), folder + "/per_lead.csv",
                                             tr("CSV (*.csv)"))
              : QFileDialog::getSaveFileName(this, tr("Export the error-growth chart"), folder + "/growth_chart.pdf",
                                             tr("PDF (*.pdf);;SVG (*.svg);;PNG (*.png)"));
    if (path.isEmpty()) return;
    views::saveSettingsInBackground({{settings::kExportFolder, QFileInfo(path).absolutePath()}});
    if (table) {
        exportLeadTable(path);
        return;
    }
    // Two journal columns wide (the field names beside the chart need the room), 8 pt, 300 DPI.
    views::FigureOptions options = views::withPreset({}, views::FigurePreset::DoubleColumn, QSizeF());
    const QString suffix = QFileInfo(path).suffix().toLower();
    options.format = suffix == "svg"   ? views::FigureFormat::Svg
                     : suffix == "png" ? views::FigureFormat::Png
                                       : views::FigureFormat::Pdf;
    exportGrowthChart(options, path);
}

}  // namespace meshdiff::gui
