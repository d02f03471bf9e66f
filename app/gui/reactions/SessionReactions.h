#pragma once
#include "gui/reactions/Reaction.h"

namespace meshdiff::gui {

class MainWindow;

// File ▸ Save Session…: the runs and what the window shows, in a `.meshdiff-session` file
// (gui/session); enabled while both runs are set.
class SaveSessionReaction : public Reaction {
public:
    SaveSessionReaction(QAction* action, MainWindow* window);

protected:
    void onTriggered() override;
    void updateEnabledState() override;

private:
    MainWindow* window_;
};

// File ▸ Open Session…: opens a saved session's runs and view; a file it cannot use is an error
// naming the file, and the window keeps what it shows.
class OpenSessionReaction : public Reaction {
public:
    OpenSessionReaction(QAction* action, MainWindow* window);
    // As the entry does after its file dialog; false (and `error` set) when the file cannot be used.
    static bool open(MainWindow* window, const QString& path, QString* error);

protected:
    void onTriggered() override;

private:
    MainWindow* window_;
};

}  // namespace meshdiff::gui
