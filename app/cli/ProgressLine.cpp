#include "cli/ProgressLine.h"

#include <unistd.h>

namespace meshdiff::cli {

ProgressLine::ProgressLine(std::string prefix, std::FILE* stream)
    : prefix_(std::move(prefix)), stream_(stream), terminal_(isatty(fileno(stream)) == 1) {}

ProgressLine::~ProgressLine() { finish(); }

void ProgressLine::update(int percent, const std::string& step) {
    if (percent == lastPercent_ && step == lastStep_) return;
    if (terminal_) {
        // \r back to the start, \033[K clears what a longer line left.
        std::fprintf(stream_, "\r%s: %3d%% %s\033[K", prefix_.c_str(), percent, step.c_str());
        open_ = true;
    } else if (step != lastStep_) {
        std::fprintf(stream_, "%s: %d%% %s\n", prefix_.c_str(), percent, step.c_str());
    }
    std::fflush(stream_);
    lastPercent_ = percent;
    lastStep_ = step;
}

void ProgressLine::finish() {
    if (open_) std::fputc('\n', stream_);
    open_ = false;
    std::fflush(stream_);
}

}  // namespace meshdiff::cli
