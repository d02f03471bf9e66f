#pragma once
#include <QProcess>

namespace meshdiff::rerun {

// Starts `process`'s program as the leader of a process group of its own: a Ctrl-C meant for
// meshdiff does not reach it, and signalProcessGroup reaches whatever it starts too. With
// `lowerPriority` it runs at nice 10: a job on this machine must not take the CPU the window
// needs to stay responsive.
void useOwnProcessGroup(QProcess& process, bool lowerPriority = false);

// Sends `signal` to the process group of `process` (nothing when it is not running).
void signalProcessGroup(const QProcess& process, int signal);

}  // namespace meshdiff::rerun
