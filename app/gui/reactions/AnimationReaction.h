#pragma once
#include "gui/reactions/Reaction.h"

class QWidget;

namespace meshdiff::pair {
class PairSession;
}
namespace meshdiff::views {
class ErrorMapView;
}

namespace meshdiff::gui {

class AnimationController;

// File ▸ Export ▸ Animation of Leads…: the dialog, then the export; enabled for a rollout of at
// least two leads once they are compared, while no animation is being written.
class ExportAnimationReaction : public Reaction {
public:
    ExportAnimationReaction(QAction* action, AnimationController* animation, pair::PairSession* session,
                            views::ErrorMapView* map, QWidget* dialogParent);

protected:
    void onTriggered() override;
    void updateEnabledState() override;

private:
    AnimationController* animation_;
    pair::PairSession* session_;
    views::ErrorMapView* map_;
    QWidget* dialogParent_;
};

}  // namespace meshdiff::gui
