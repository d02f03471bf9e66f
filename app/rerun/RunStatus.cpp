#include "rerun/RunStatus.h"

namespace meshdiff::rerun {

std::string statusName(RunStatus status) {
    switch (status) {
        case RunStatus::Running: return "running";
        case RunStatus::Submitted: return "submitted";
        case RunStatus::Succeeded: return "succeeded";
        case RunStatus::Failed: return "failed";
        case RunStatus::Cancelled: return "cancelled";
        case RunStatus::TimedOut: return "timed-out";
    }
    return "unknown";
}

bool isFinal(RunStatus status) { return status != RunStatus::Running && status != RunStatus::Submitted; }

}  // namespace meshdiff::rerun
