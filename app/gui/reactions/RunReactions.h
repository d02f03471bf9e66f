#pragma once
#include "gui/reactions/Reaction.h"

class QWidget;

namespace meshdiff::pair {
class PairSession;
class RolloutSession;
}  // namespace meshdiff::pair

namespace meshdiff::gui {

// File ▸ Open Run A/B (a folder) and Open Run A/B File (a graph or fields file).
class OpenRunReaction : public Reaction {
public:
    enum class Run { A, B };
    enum class Kind { Folder, File };
    OpenRunReaction(QAction* action, pair::PairSession* session, Run run, Kind kind, QWidget* dialogParent);

protected:
    void onTriggered() override;

private:
    pair::PairSession* session_;
    Run run_;
    Kind kind_;
    QWidget* dialogParent_;
};

// File ▸ Open Spread Run… (a folder) and Open Spread Run File…: the third run whose difference
// from A is the yardstick (PairSession::setSpreadRun); enabled while both runs are set.
class OpenSpreadRunReaction : public Reaction {
public:
    enum class Kind { Folder, File };
    OpenSpreadRunReaction(QAction* action, pair::PairSession* session, Kind kind, QWidget* dialogParent);

protected:
    void onTriggered() override;
    void updateEnabledState() override;

private:
    pair::PairSession* session_;
    Kind kind_;
    QWidget* dialogParent_;
};

// File ▸ Swap A and B.
class SwapRunsReaction : public Reaction {
public:
    SwapRunsReaction(QAction* action, pair::PairSession* session);

protected:
    void onTriggered() override;

private:
    pair::PairSession* session_;
};

// File ▸ Reload.
class ReloadReaction : public Reaction {
public:
    ReloadReaction(QAction* action, pair::PairSession* session);

protected:
    void onTriggered() override;

private:
    pair::PairSession* session_;
};

// File ▸ Cancel Loading (and the status bar's Cancel): the load in flight, else the lead comparisons.
class CancelLoadingReaction : public Reaction {
public:
    CancelLoadingReaction(QAction* action, pair::PairSession* session, pair::RolloutSession* rollout);
    static void cancel(pair::PairSession* session, pair::RolloutSession* rollout);

protected:
    void onTriggered() override;

private:
    pair::PairSession* session_;
    pair::RolloutSession* rollout_;
};

}  // namespace meshdiff::gui
