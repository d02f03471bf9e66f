#pragma once
#include <chrono>
#include <cstdio>
#include <memory>
#include <optional>
#include <utility>

#include "cli/ProgressLine.h"
#include "compare/CompareProgress.h"

namespace meshdiff::cli {

// "meshdiff compare:  42% lead 3/10, field 57/101, 12 s left" on the terminal, updated at most
// four times a second; nothing at all when standard error is no terminal (logs, pipes, CI).
class CompareProgressLine {
public:
    explicit CompareProgressLine(int fd);  // a terminal's file descriptor, or not
    ~CompareProgressLine();
    CompareProgressLine(const CompareProgressLine&) = delete;
    CompareProgressLine& operator=(const CompareProgressLine&) = delete;

    bool shown() const { return line_ != nullptr; }
    void update(const CompareProgress& progress);
    void finish();

private:
    using Clock = std::chrono::steady_clock;
    std::FILE* stream_ = nullptr;
    std::unique_ptr<ProgressLine> line_;
    Clock::time_point lastShown_{};
    std::optional<std::pair<Clock::time_point, std::size_t>> firstStep_;  // when, and steps done then
};

}  // namespace meshdiff::cli
