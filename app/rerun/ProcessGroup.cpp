#include "rerun/ProcessGroup.h"

#include <unistd.h>
#include <csignal>

namespace meshdiff::rerun {

void useOwnProcessGroup(QProcess& process, bool lowerPriority) {
    process.setChildProcessModifier([lowerPriority] {
        ::setpgid(0, 0);
        if (lowerPriority) {
            [[maybe_unused]] const int niceness = ::nice(10);
        }
    });
}

void signalProcessGroup(const QProcess& process, int signal) {
    const qint64 pid = process.processId();
    if (pid > 0) ::kill(-static_cast<pid_t>(pid), signal);
}

}  // namespace meshdiff::rerun
