// MainWindow's error-growth chart: a dock tabbed beside the error map, shown when the runs have
// more than one lead, and its exports (the chart as a figure, the per-lead table as CSV).
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QItemSelectionModel>
#include <QSettings>
#include <QTableView>

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

const FieldsComparison* rollout(const LoadedPair* pair) {
    if (!pair || !pair->comparison.fields || pair->comparison.fields->perLead.size() < 2) return nullptr;
    return &*pair->comparison.fields;
}

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
    connect(fields_->table()->selectionModel(), &QItemSelectionModel::selectionChanged, this, &MainWindow::showGrowth);
}

void MainWindow::showGrowth() {
    const FieldsComparison* fields = rollout(session_->pair());
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
    const FieldsComparison* fields = rollout(session_->pair());
    if (!fields) {
        exportDone(tr("the error-growth chart"), {}, tr("the runs have a single lead: there is no growth to chart"));
        return;
    }
    runExport(tr("the error-growth chart"), [options, path, data = growth_->data()] {
        return QStringList{views::writeGrowthChartFigure(data, options, path).path};
    });
}

void MainWindow::exportLeadTable(const QString& path) {
    runExport(tr("the per-lead table"), [path, pair = session_->sharedPair()] {
        const FieldsComparison* fields = pair && pair->comparison.fields ? &*pair->comparison.fields : nullptr;
        if (!fields || fields->perLead.empty()) throw Error(path.toStdString(), "no fields compared");
        views::writeLeadTableCsv(*fields, path.toStdString());
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
    views::FigureOptions options;  // a journal column, 8 pt text, 300 DPI for PNG
    const QString suffix = QFileInfo(path).suffix().toLower();
    options.format = suffix == "svg"   ? views::FigureFormat::Svg
                     : suffix == "png" ? views::FigureFormat::Png
                                       : views::FigureFormat::Pdf;
    exportGrowthChart(options, path);
}

}  // namespace meshdiff::gui
