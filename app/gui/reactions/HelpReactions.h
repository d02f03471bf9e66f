#pragma once
#include "gui/reactions/Reaction.h"

class QMainWindow;

namespace meshdiff::gui {

// Help ▸ User Guide and Glossary, Keyboard Shortcuts (read from the window's menus) and About.
class HelpReaction : public Reaction {
public:
    enum class Page { UserGuide, Shortcuts, About };
    HelpReaction(QAction* action, Page page, QMainWindow* window);

protected:
    void onTriggered() override;

private:
    Page page_;
    QMainWindow* window_;
};

}  // namespace meshdiff::gui
