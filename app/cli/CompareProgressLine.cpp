#include "cli/CompareProgressLine.h"

#include <unistd.h>

#include <cmath>
#include <string>

namespace meshdiff::cli {
namespace {

std::string timeLeftText(double seconds) {
    if (seconds < 90) return std::to_string(std::lround(seconds)) + " s left";
    if (seconds < 5400) return std::to_string(std::lround(seconds / 60)) + " min left";
    return std::to_string(std::lround(seconds / 3600)) + " h left";
}

}  // namespace

CompareProgressLine::CompareProgressLine(int fd) {
    if (fd < 0 || ::isatty(fd) != 1) return;
    const int own = ::dup(fd);
    stream_ = own >= 0 ? ::fdopen(own, "w") : nullptr;
    if (stream_) line_ = std::make_unique<ProgressLine>("meshdiff compare", stream_);
}

CompareProgressLine::~CompareProgressLine() {
    line_.reset();
    if (stream_) std::fclose(stream_);
}

void CompareProgressLine::update(const CompareProgress& p) {
    if (!line_ || p.total == 0) return;
    const auto now = Clock::now();
    if (p.done < p.total && now - lastShown_ < std::chrono::milliseconds(250)) return;
    lastShown_ = now;
    std::string text = "lead " + std::to_string(p.lead + 1) + "/" + std::to_string(p.leads) + ", field " +
                       std::to_string(p.field + 1) + "/" + std::to_string(p.fields);
    // The rate since the first step: opening the runs before it says nothing about the steps.
    if (!firstStep_) firstStep_ = std::make_pair(now, p.done);
    const double elapsed = std::chrono::duration<double>(now - firstStep_->first).count();
    if (elapsed > 2 && p.done > firstStep_->second)
        text += ", " + timeLeftText(elapsed / double(p.done - firstStep_->second) * double(p.total - p.done));
    line_->update(static_cast<int>(100 * p.done / p.total), text);
}

void CompareProgressLine::finish() {
    if (line_) line_->finish();
}

}  // namespace meshdiff::cli
