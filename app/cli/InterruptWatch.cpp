#include "cli/InterruptWatch.h"

#include <atomic>

namespace meshdiff::cli {
namespace {

std::atomic<bool> interrupted{false};

}  // namespace

InterruptWatch::InterruptWatch(std::function<void()> onInterrupt) {
    interrupted = false;
    QObject::connect(&timer_, &QTimer::timeout, &timer_, [onInterrupt = std::move(onInterrupt)] {
        if (interrupted.exchange(false)) onInterrupt();
    });
    timer_.start(100);
    previousInt_ = std::signal(SIGINT, [](int) { interrupted = true; });
    previousTerm_ = std::signal(SIGTERM, [](int) { interrupted = true; });
}

InterruptWatch::~InterruptWatch() {
    std::signal(SIGINT, previousInt_);
    std::signal(SIGTERM, previousTerm_);
}

}  // namespace meshdiff::cli
