#pragma once
#include <memory>
#include <string>

#include <QObject>

#include "compare/Comparison.h"
#include "compare/Scorecard.h"

class QDockWidget;

namespace meshdiff::views {
class ScorecardView;
}

namespace meshdiff::gui {

class LeadsController;

// The reproducibility scorecard: a dock tabbed beside the error-growth chart, shown when the runs
// have more than one lead (once the rollout session has compared every lead), measured over the
// region set. A cell clicked shows that field at that lead.
class ScorecardController : public QObject {
    Q_OBJECT
public:
    ScorecardController(views::ScorecardView* view, QDockWidget* dock, LeadsController* leads, QObject* parent);

    views::ScorecardView* view() const { return view_; }
    // Every lead of the pair compared (null: a single lead, or not compared yet).
    void showLeads(std::shared_ptr<const FieldsComparison> leads);
    // The scorecard on show (null when there is none).
    std::shared_ptr<const Scorecard> scorecard() const { return card_; }
    const std::string& region() const { return region_; }

public slots:
    // The region the cells are measured over ("global" or a name in FieldsComparison::regions);
    // one the comparison did not measure falls back to "global".
    void setRegion(const std::string& region);

signals:
    // A cell was clicked: its field and its column (the lead's position in perLead).
    void cellClicked(const QString& field, int leadIndex);

private:
    void showScorecard();

    views::ScorecardView* view_;
    QDockWidget* dock_;
    std::shared_ptr<const FieldsComparison> leads_;
    std::shared_ptr<const Scorecard> card_;
    std::string region_ = "global";
};

}  // namespace meshdiff::gui
