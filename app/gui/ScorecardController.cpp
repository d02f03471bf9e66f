#include "gui/ScorecardController.h"

#include <QDockWidget>

#include <algorithm>

#include "gui/LeadsController.h"
#include "pair/RolloutSession.h"
#include "scorecard/ScorecardView.h"

namespace meshdiff::gui {

ScorecardController::ScorecardController(views::ScorecardView* view, QDockWidget* dock, LeadsController* leads,
                                         QObject* parent)
    : QObject(parent), view_(view), dock_(dock) {
    connect(view_, &views::ScorecardView::cellClicked, this, &ScorecardController::cellClicked);
    connect(this, &ScorecardController::cellClicked, leads, &LeadsController::showFieldAtLead);
    connect(leads->rollout(), &pair::RolloutSession::finished, this,
            [this, rollout = leads->rollout()] { showLeads(rollout->everyLead()); });
}

void ScorecardController::showLeads(std::shared_ptr<const FieldsComparison> leads) {
    leads_ = leads && leads->perLead.size() > 1 ? std::move(leads) : nullptr;
    showScorecard();
}

void ScorecardController::setRegion(const std::string& region) {
    if (region == region_) return;
    region_ = region;
    showScorecard();
}

void ScorecardController::showScorecard() {
    if (!leads_) {
        card_ = nullptr;
        view_->setScorecard(nullptr);
        dock_->hide();
        return;
    }
    const bool measured = region_ == "global" || std::any_of(leads_->regions.begin(), leads_->regions.end(),
                                                             [&](const Region& r) { return r.name == region_; });
    card_ = std::make_shared<const Scorecard>(buildScorecard(*leads_, measured ? region_ : "global"));
    view_->setScorecard(card_);
    dock_->show();
}

}  // namespace meshdiff::gui
