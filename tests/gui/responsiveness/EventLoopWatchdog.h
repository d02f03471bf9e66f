#pragma once
#include <QElapsedTimer>
#include <QTimer>

#include <atomic>
#include <map>
#include <memory>
#include <string>

namespace meshdiff::test {

class StallSampler;

// Records, per phase, the longest gap between two ticks of a 5 ms timer on the GUI thread.
// With MESHDIFF_STALL_SAMPLES set, it also prints the GUI thread's stack (symbolise with
// addr2line) each time a gap passes 60 ms, to show what the thread was waiting for.
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

}  // namespace meshdiff::test
