#include "gui/reactions/GlobeReactions.h"

#include <QAction>

#include "gui/GlobeController.h"

namespace meshdiff::gui {

GlobeLayerReaction::GlobeLayerReaction(QAction* action, GlobeController* globe, views::GlobeLayer layer)
    : Reaction(action) {
    action->setCheckable(true);
    action->setChecked(globe->scene().isVisible(layer));
    action->setObjectName(QStringLiteral("layer%1").arg(int(layer)));
    globe->setLayerAction(layer, action);
    connect(action, &QAction::toggled, globe, [globe, layer](bool on) { globe->setLayerVisible(layer, on); });
}

MeshLevelReaction::MeshLevelReaction(QAction* action, GlobeController* globe, int level)
    : Reaction(action), globe_(globe), level_(level) {
    action->setShortcut(QKeySequence(Qt::CTRL | Qt::ALT | (Qt::Key_0 + level)));
    action->setCheckable(true);
    action->setObjectName(QStringLiteral("meshLevel%1").arg(level));
    // Marks the level in use, also after settings or a scene with fewer levels changed it.
    updateEnabledStateOn(globe_, &GlobeController::meshLevelMarked);
}

void MeshLevelReaction::onTriggered() { globe_->setMeshLevel(level_); }

void MeshLevelReaction::updateEnabledState() {
    const int available = globe_->availableMeshLevels();
    action()->setEnabled(available == 0 || level_ < available);
    action()->setChecked(level_ == globe_->shownMeshLevel());
}

}  // namespace meshdiff::gui
