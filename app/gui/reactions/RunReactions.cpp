#include "gui/reactions/RunReactions.h"

#include <QAction>
#include <QFileDialog>
#include <QSettings>

#include "gui/SettingsKeys.h"
#include "pair/PairSession.h"
#include "pair/RolloutSession.h"

namespace meshdiff::gui {

OpenRunReaction::OpenRunReaction(QAction* action, pair::PairSession* session, Run run, Kind kind, QWidget* dialogParent)
    : Reaction(action), session_(session), run_(run), kind_(kind), dialogParent_(dialogParent) {}

void OpenRunReaction::onTriggered() {
    const bool a = run_ == Run::A;
    QString path;
    if (kind_ == Kind::Folder) {
        QSettings settings;
        path = QFileDialog::getExistingDirectory(dialogParent_, a ? tr("Run A folder") : tr("Run B folder"),
                                                 settings.value(settings::kLastFolder).toString());
    } else {
        path = QFileDialog::getOpenFileName(dialogParent_,
                                            a ? tr("Run A graph or fields file") : tr("Run B graph or fields file"));
    }
    if (path.isEmpty()) return;
    a ? session_->setRunA(path) : session_->setRunB(path);
}

OpenSpreadRunReaction::OpenSpreadRunReaction(QAction* action, pair::PairSession* session, Kind kind,
                                             QWidget* dialogParent)
    : Reaction(action), session_(session), kind_(kind), dialogParent_(dialogParent) {
    action->setToolTip(
        tr("A third run (e.g. another ensemble member of A's model): A against it is the yardstick "
           "of A − B"));
    updateEnabledStateOn(session_, &pair::PairSession::runsChanged);
    updateEnabledState();
}

void OpenSpreadRunReaction::onTriggered() {
    const QString path = kind_ == Kind::Folder
                             ? QFileDialog::getExistingDirectory(dialogParent_, tr("Spread run folder"),
                                                                 QSettings().value(settings::kLastFolder).toString())
                             : QFileDialog::getOpenFileName(dialogParent_, tr("Spread run fields file"),
                                                            QSettings().value(settings::kLastFolder).toString());
    if (!path.isEmpty()) session_->setSpreadRun(path);
}

void OpenSpreadRunReaction::updateEnabledState() {
    action()->setEnabled(!session_->runA().isEmpty() && !session_->runB().isEmpty());
}

SwapRunsReaction::SwapRunsReaction(QAction* action, pair::PairSession* session) : Reaction(action), session_(session) {}

void SwapRunsReaction::onTriggered() { session_->swapRuns(); }

ReloadReaction::ReloadReaction(QAction* action, pair::PairSession* session) : Reaction(action), session_(session) {}

void ReloadReaction::onTriggered() { session_->reload(); }

CancelLoadingReaction::CancelLoadingReaction(QAction* action, pair::PairSession* session, pair::RolloutSession* rollout)
    : Reaction(action), session_(session), rollout_(rollout) {}

void CancelLoadingReaction::cancel(pair::PairSession* session, pair::RolloutSession* rollout) {
    if (session->isLoading()) session->cancel();
    else rollout->cancel();
}

void CancelLoadingReaction::onTriggered() { cancel(session_, rollout_); }

}  // namespace meshdiff::gui
