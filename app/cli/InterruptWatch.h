#pragma once
#include <QTimer>

#include <csignal>
#include <functional>

namespace meshdiff::cli {

// Ctrl-C and SIGTERM while a Qt event loop runs: the signal handler only sets a flag, and a timer
// on the loop's thread turns it into `onInterrupt` (which may then cancel work and quit the loop).
// The previous handlers are back when the watch ends.
class InterruptWatch {
public:
    explicit InterruptWatch(std::function<void()> onInterrupt);
    ~InterruptWatch();
    InterruptWatch(const InterruptWatch&) = delete;
    InterruptWatch& operator=(const InterruptWatch&) = delete;

private:
    QTimer timer_;
    void (*previousInt_)(int) = SIG_DFL;
    void (*previousTerm_)(int) = SIG_DFL;
};

}  // namespace meshdiff::cli
