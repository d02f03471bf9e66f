#pragma once
#include <string>

namespace meshdiff::rerun {

enum class RunStatus { Running, Submitted, Succeeded, Failed, Cancelled, TimedOut };

std::string statusName(RunStatus status);  // "succeeded", "timed-out", …
bool isFinal(RunStatus status);

// How a back-end's job ended: status, exit code when one is known, and why it failed.
struct RunOutcome {
    RunStatus status = RunStatus::Failed;
    int exitCode = -1;
    std::string reason;
};

}  // namespace meshdiff::rerun
