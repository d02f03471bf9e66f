#include "gui/reactions/NavigationReactions.h"

#include <QAction>

#include "gui/DivergenceController.h"
#include "gui/LeadsController.h"
#include "inspect/InspectorPanel.h"
#include "leadslider/LeadSlider.h"

namespace meshdiff::gui {

NextDifferenceReaction::NextDifferenceReaction(QAction* action, views::InspectorPanel* inspector, int step)
    : Reaction(action), inspector_(inspector), step_(step) {}

void NextDifferenceReaction::onTriggered() { step_ > 0 ? inspector_->next() : inspector_->previous(); }

StepLeadReaction::StepLeadReaction(QAction* action, LeadsController* leads, int step)
    : Reaction(action), leads_(leads), step_(step) {
    updateEnabledStateOn(leads_, &LeadsController::barShownChanged);
    updateEnabledState();
}

void StepLeadReaction::onTriggered() { leads_->slider()->stepLead(step_); }

void StepLeadReaction::updateEnabledState() { action()->setEnabled(leads_->barShown()); }

PlayLeadsReaction::PlayLeadsReaction(QAction* action, LeadsController* leads) : Reaction(action), leads_(leads) {
    updateEnabledStateOn(leads_, &LeadsController::barShownChanged);
    updateEnabledState();
}

void PlayLeadsReaction::onTriggered() { leads_->slider()->setPlaying(!leads_->slider()->isPlaying()); }

void PlayLeadsReaction::updateEnabledState() { action()->setEnabled(leads_->barShown()); }

FirstDivergenceReaction::FirstDivergenceReaction(QAction* action, DivergenceController* divergence)
    : Reaction(action), divergence_(divergence) {
    updateEnabledStateOn(divergence_, &DivergenceController::availabilityChanged);
    updateEnabledState();
}

void FirstDivergenceReaction::onTriggered() { divergence_->go(); }

void FirstDivergenceReaction::updateEnabledState() { action()->setEnabled(divergence_->available()); }

}  // namespace meshdiff::gui
