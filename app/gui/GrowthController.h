#pragma once
#include <memory>

#include <QObject>

#include "compare/Comparison.h"

class QDockWidget;
class QTimer;

namespace meshdiff::views {
class FieldTableView;
class GrowthChartView;
}  // namespace meshdiff::views

namespace meshdiff::gui {

class LeadsController;

// The error-growth chart: a dock tabbed beside the error map, shown when the runs have more than
// one lead (once the rollout session has compared every lead). It charts the fields selected in
// the table (or the worst); a point clicked shows that field at that lead.
class GrowthController : public QObject {
    Q_OBJECT
public:
    GrowthController(views::GrowthChartView* chart, QDockWidget* dock, views::FieldTableView* fields,
                     LeadsController* leads, QObject* parent);

    views::GrowthChartView* chart() const { return chart_; }
    // Every lead of the pair compared (null: a single lead, or not compared yet).
    void showLeads(std::shared_ptr<const FieldsComparison> leads);
    // The leads the chart shows (null until it is drawn).
    const std::shared_ptr<const FieldsComparison>& leads() const { return charted_; }

signals:
    // A point of the chart was clicked: the field and its position in perLead.
    void pointClicked(const QString& field, int leadIndex);

private:
    void showChart();  // follows the leads and the fields selected in the table
    void drawChart();

    views::GrowthChartView* chart_;
    QDockWidget* dock_;
    views::FieldTableView* fields_;
    std::shared_ptr<const FieldsComparison> leads_, charted_;
    QTimer* redraw_;
};

}  // namespace meshdiff::gui
