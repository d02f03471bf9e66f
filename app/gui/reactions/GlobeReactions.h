#pragma once
#include "globe/GlobeScene.h"
#include "gui/reactions/Reaction.h"

namespace meshdiff::gui {

class GlobeController;

// View ▸ Globe Layers ▸ one layer, checked while it is shown (the setting follows). It follows
// toggled(), not triggered(): a layer checked from code is shown too.
class GlobeLayerReaction : public Reaction {
public:
    GlobeLayerReaction(QAction* action, GlobeController* globe, views::GlobeLayer layer);
};

// View ▸ Mesh Level ▸ M0…M6: enabled for the levels the scene has, checked for the one in use.
class MeshLevelReaction : public Reaction {
public:
    MeshLevelReaction(QAction* action, GlobeController* globe, int level);

protected:
    void onTriggered() override;
    void updateEnabledState() override;

private:
    GlobeController* globe_;
    int level_;
};

}  // namespace meshdiff::gui
