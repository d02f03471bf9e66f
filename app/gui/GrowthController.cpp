#include "gui/GrowthController.h"

#include <QDockWidget>
#include <QItemSelectionModel>
#include <QTimer>
#include <QTreeView>

#include "fieldtable/FieldTableView.h"
#include "growthchart/GrowthChartView.h"
#include "gui/LeadsController.h"
#include "pair/RolloutSession.h"

namespace meshdiff::gui {
namespace {

constexpr std::size_t kWorstFieldsCharted = 4;

}  // namespace

GrowthController::GrowthController(views::GrowthChartView* chart, QDockWidget* dock, views::FieldTableView* fields,
                                   LeadsController* leads, QObject* parent)
    : QObject(parent), chart_(chart), dock_(dock), fields_(fields), redraw_(new QTimer(this)) {
    // A new chart takes ~10 ms on the GUI thread: a lead's arrival, a field selected and the
    // metric chosen in one go draw it once, in an event of its own.
    redraw_->setSingleShot(true);
    redraw_->setInterval(0);
    connect(redraw_, &QTimer::timeout, this, &GrowthController::drawChart);
    connect(chart_, &views::GrowthChartView::pointClicked, this, &GrowthController::pointClicked);
    connect(this, &GrowthController::pointClicked, leads, &LeadsController::showFieldAtLead);
    connect(fields_->table()->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            &GrowthController::showChart);
    connect(fields_, &views::FieldTableView::metricChoiceChanged, this, &GrowthController::showChart);
    connect(leads->rollout(), &pair::RolloutSession::finished, this,
            [this, rollout = leads->rollout()] { showLeads(rollout->everyLead()); });
}

void GrowthController::showLeads(std::shared_ptr<const FieldsComparison> leads) {
    leads_ = leads && leads->perLead.size() > 1 ? std::move(leads) : nullptr;
    showChart();
}

void GrowthController::showChart() {
    if (!leads_) {
        redraw_->stop();
        charted_ = nullptr;
        dock_->hide();
        return;
    }
    redraw_->start();
}

void GrowthController::drawChart() {
    if (!leads_) return;
    std::vector<std::string> selected;
    for (const QString& name : fields_->selectedFields()) selected.push_back(name.toStdString());
    chart_->setData(views::growthChartData(*leads_, selected, kWorstFieldsCharted, fields_->metricChoice()));
    charted_ = leads_;
    dock_->show();
}

}  // namespace meshdiff::gui
