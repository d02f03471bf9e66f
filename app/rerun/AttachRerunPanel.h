#pragma once
#include "rerun/RerunSession.h"

namespace meshdiff::rerun {

// Wires a views::RerunPanel to a new RerunSession (for the window; header-only so that this
// Qt Core library never needs the widgets). In the window:
//   auto* panel = new views::RerunPanel(this);            // dock it like the other panels
//   auto* session = rerun::attachRerunPanel(panel, this);
//   connect(session, &rerun::RerunSession::runFinished, this, /* add run (folder, label) */);
//   panel->setRuns(pathA, labelA, pathB, labelB);         // whenever A or B change
// (meshdiff_gui then links meshdiff_rerun.)
template <class Panel>
RerunSession* attachRerunPanel(Panel* panel, QObject* parent) {
    auto* session = new RerunSession(parent);
    panel->setRecipeDirectory(RerunSession::presetDirectory());
    panel->setRunsDirectory(session->runsDirectory());
    QObject::connect(panel, &Panel::runsDirectoryChosen, session, &RerunSession::setRunsDirectory);
    QObject::connect(session, &RerunSession::runsDirectoryChanged, panel, &Panel::setRunsDirectory);
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
