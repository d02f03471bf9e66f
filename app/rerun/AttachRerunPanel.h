#pragma once
#include "rerun/RerunSession.h"

namespace meshdiff::rerun {

// Wires a views::RerunPanel to a new RerunSession (for the window; header-only so that this
// Qt Core library never needs the widgets). Connect the session's runFinished(runFolder, label)
// to add the run beside A and B.
template <class Panel>
RerunSession* attachRerunPanel(Panel* panel, QObject* parent) {
    auto* session = new RerunSession(parent);
    panel->setRecipeDirectory(RerunSession::presetDirectory());
    QObject::connect(panel, &Panel::runRequested, session, &RerunSession::start);
    QObject::connect(panel, &Panel::cancelRequested, session, &RerunSession::cancel);
    QObject::connect(session, &RerunSession::started, panel, &Panel::runStarted);
    QObject::connect(session, &RerunSession::logText, panel, &Panel::appendLog);
    QObject::connect(session, &RerunSession::progressChanged, panel, &Panel::setProgress);
    QObject::connect(session, &RerunSession::ended, panel, &Panel::runEnded);
    QObject::connect(session, &RerunSession::startFailed, panel, &Panel::startFailed);
    return session;
}

}  // namespace meshdiff::rerun
