#pragma once
#include <QElapsedTimer>
#include <QTimer>

#include <gtest/gtest.h>

#include <atomic>
#include <cstdio>
#include <map>
#include <memory>
#include <string>

namespace meshdiff::test {

class StallSampler;

// Records, per phase, the longest gap between two ticks of a 5 ms timer on the GUI thread.
// With MESHDIFF_STALL_SAMPLES set, it also prints the GUI thread's stack (symbolise with
// addr2line) each time a gap passes 60 ms, to show what the thread was waiting for, and when
// each such gap ended (to line it up with a `perf record -k CLOCK_MONOTONIC` profile).
class EventLoopWatchdog {
public:
    EventLoopWatchdog();
    ~EventLoopWatchdog();
    void phase(const std::string& name);
    const std::map<std::string, double>& worstGapMs() const { return worst_; }

private:
    void tick();
    double nowMs() const { return clock_.nsecsElapsed() / 1e6; }
    QTimer timer_;
    QElapsedTimer clock_;
    std::atomic<double> last_{-1};
    std::string phase_ = "start";
    std::map<std::string, double> worst_;
    std::unique_ptr<StallSampler> sampler_;
};

// Prints each phase's longest stall and fails the test for every phase at or over the budget.
inline void expectNoStallOver(double budgetMs, const EventLoopWatchdog& watchdog) {
    for (const auto& [phase, gap] : watchdog.worstGapMs()) {
        std::printf("longest GUI-thread stall while %s: %.1f ms\n", phase.c_str(), gap);
        EXPECT_LT(gap, budgetMs) << phase;
    }
}

}  // namespace meshdiff::test
