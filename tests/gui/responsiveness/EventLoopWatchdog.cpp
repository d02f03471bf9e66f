#include "responsiveness/EventLoopWatchdog.h"

#include <execinfo.h>
#include <pthread.h>

#include <chrono>
#include <csignal>
#include <cstdio>
#include <ctime>
#include <functional>
#include <thread>

namespace meshdiff::test {
namespace {

constexpr double kSampleAfterMs = 60;
constexpr int kMaxSamples = 64, kMaxDepth = 48;

// Written by the signal handler on the GUI thread, read after the sampler stopped.
void* g_stacks[kMaxSamples][kMaxDepth];
int g_depths[kMaxSamples];
double g_stallAtSample[kMaxSamples];
volatile sig_atomic_t g_samples = 0;
volatile double g_currentStallMs = 0;

void recordStack(int) {
    const int i = g_samples;
    if (i >= kMaxSamples) return;
    g_depths[i] = backtrace(g_stacks[i], kMaxDepth);
    g_stallAtSample[i] = g_currentStallMs;
    g_samples = i + 1;
}

}  // namespace

// Signals the GUI thread while it is overdue; its handler records where it is.
class StallSampler {
public:
    explicit StallSampler(std::function<double()> overdueMs) : overdueMs_(std::move(overdueMs)) {
        void* warmUp[2];
        backtrace(warmUp, 2);  // loads libgcc now, not inside the handler
        struct sigaction action {};
        action.sa_handler = recordStack;
        sigaction(SIGUSR2, &action, nullptr);
        thread_ = std::thread([this, gui = pthread_self()] {
            while (!stop_) {
                std::this_thread::sleep_for(std::chrono::milliseconds(10));
                const double overdue = overdueMs_();
                if (overdue > kSampleAfterMs) {
                    g_currentStallMs = overdue;
                    pthread_kill(gui, SIGUSR2);
                    std::this_thread::sleep_for(std::chrono::milliseconds(15));
                }
            }
        });
    }
    ~StallSampler() {
        stop_ = true;
        thread_.join();
        signal(SIGUSR2, SIG_DFL);
        for (int i = 0; i < g_samples; ++i) {
            std::fprintf(stderr, "GUI thread stalled %.0f ms at:\n", g_stallAtSample[i]);
            backtrace_symbols_fd(g_stacks[i], g_depths[i], 2);
        }
    }

private:
    std::function<double()> overdueMs_;
    std::atomic<bool> stop_{false};
    std::thread thread_;
};

EventLoopWatchdog::EventLoopWatchdog() {
    timer_.setInterval(5);
    timer_.setTimerType(Qt::PreciseTimer);
    QObject::connect(&timer_, &QTimer::timeout, &timer_, [this] { tick(); });
    clock_.start();
    timer_.start();
    if (qEnvironmentVariableIsSet("MESHDIFF_STALL_SAMPLES")) {
        sampler_ = std::make_unique<StallSampler>([this] {
            const double last = last_;
            return last < 0 ? 0.0 : nowMs() - last;
        });
    }
}

EventLoopWatchdog::~EventLoopWatchdog() = default;

void EventLoopWatchdog::phase(const std::string& name) {
    tick();
    phase_ = name;
}

void EventLoopWatchdog::tick() {
    const double now = nowMs();
    const double last = last_;
    if (last >= 0) worst_[phase_] = std::max(worst_[phase_], now - last);
    if (last >= 0 && now - last > kSampleAfterMs && sampler_) {
        // On CLOCK_MONOTONIC, as `perf record -k CLOCK_MONOTONIC` stamps its samples.
        timespec ts{};
        clock_gettime(CLOCK_MONOTONIC, &ts);
        std::fprintf(stderr, "GUI thread stalled %.1f ms, until %.6f s\n", now - last, ts.tv_sec + ts.tv_nsec / 1e9);
    }
    last_ = now;
}

}  // namespace meshdiff::test
