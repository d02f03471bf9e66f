#include "gui/GrowthController.h"

#include <QDockWidget>
#include <QItemSelectionModel>
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
    : QObject(parent), chart_(chart), dock_(dock), fields_(fields) {
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
        dock_->hide();
        return;
    }
    std::vector<std::string> selected;
    for (const QString& name : fields_->selectedFields()) selected.push_back(name.toStdString());
    chart_->setData(views::growthChartData(*leads_, selected, kWorstFieldsCharted, fields_->metricChoice()));
    dock_->show();
}

}  // namespace meshdiff::gui
