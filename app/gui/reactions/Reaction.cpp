#include "gui/reactions/Reaction.h"

#include <QAction>

namespace meshdiff::gui {

Reaction::Reaction(QAction* action) : QObject(action), action_(action) {
    connect(action_, &QAction::triggered, this, [this] { onTriggered(); });
}

}  // namespace meshdiff::gui
