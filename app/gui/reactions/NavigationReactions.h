#pragma once
#include "gui/reactions/Reaction.h"

namespace meshdiff::views {
class InspectorPanel;
}

namespace meshdiff::gui {

class DivergenceController;
class LeadsController;

// Go ▸ Next Difference (F3, N) and Previous Difference (Shift+F3, Shift+N) in the differences list.
class NextDifferenceReaction : public Reaction {
public:
    NextDifferenceReaction(QAction* action, views::InspectorPanel* inspector, int step);  // +1 or −1

protected:
    void onTriggered() override;

private:
    views::InspectorPanel* inspector_;
    int step_;
};

// Go ▸ Previous Lead ([) and Next Lead (]): enabled while the lead bar shows (a rollout).
class StepLeadReaction : public Reaction {
public:
    StepLeadReaction(QAction* action, LeadsController* leads, int step);  // +1 or −1

protected:
    void onTriggered() override;
    void updateEnabledState() override;

private:
    LeadsController* leads_;
    int step_;
};

// Go ▸ Play or Pause the Leads (P): enabled while the lead bar shows.
class PlayLeadsReaction : public Reaction {
public:
    PlayLeadsReaction(QAction* action, LeadsController* leads);

protected:
    void onTriggered() override;
    void updateEnabledState() override;

private:
    LeadsController* leads_;
};

// Go ▸ Go to First Divergence (G): enabled once a compared lead is not bit-identical.
class FirstDivergenceReaction : public Reaction {
public:
    FirstDivergenceReaction(QAction* action, DivergenceController* divergence);

protected:
    void onTriggered() override;
    void updateEnabledState() override;

private:
    DivergenceController* divergence_;
};

}  // namespace meshdiff::gui
