#pragma once
#include <type_traits>
#include <utility>

#include <QMetaObject>
#include <QObject>

#if defined(__SANITIZE_THREAD__)
#include <sanitizer/tsan_interface.h>
#endif

// Work handed from one thread to another through Qt: a queued call (QMetaObject::invokeMethod)
// or a task of the background pool. Debian's Qt is not built for ThreadSanitizer, so the mutexes
// inside Qt's event queues and thread pools are invisible to it and every hand-off would look like
// a race. In a ThreadSanitizer build a HandOffFence tells it what those queues guarantee: all the
// sender did before handing the work over happens before the receiver runs (or destroys) it.
// In other builds the fence is empty and these are plain Qt calls.
namespace meshdiff::views {

// What ThreadSanitizer should take as a release (by the sender) and an acquire (by the receiver)
// of the same key; nothing in other builds.
inline void releaseHandOff([[maybe_unused]] const void* key) {
#if defined(__SANITIZE_THREAD__)
    __tsan_release(const_cast<void*>(key));
#endif
}
inline void acquireHandOff([[maybe_unused]] const void* key) {
#if defined(__SANITIZE_THREAD__)
    __tsan_acquire(const_cast<void*>(key));
#endif
}

// All hand-offs share one key, as if Qt's queues were one lock: the receiver sees everything every
// sender did before its last hand-off. That is a little more order than a single queue gives, but
// a write a sender makes after handing the work over is still reported. (A key per hand-off would
// itself travel through the unsynchronised queue, and its read would be reported.)
inline constexpr char kHandOffKey = 0;

class HandOffFence {
public:
    HandOffFence() { releaseHandOff(&kHandOffKey); }
    // Qt moves (a pool's std::function may copy) the work into its own storage on the sending
    // thread: release again afterwards, so that the copy is published too.
    HandOffFence(const HandOffFence&) { releaseHandOff(&kHandOffKey); }
    HandOffFence(HandOffFence&&) noexcept { releaseHandOff(&kHandOffKey); }
    HandOffFence& operator=(const HandOffFence&) = delete;
    HandOffFence& operator=(HandOffFence&&) = delete;
    ~HandOffFence() { receive(); }
    void receive() const { acquireHandOff(&kHandOffKey); }
    void publish() const { releaseHandOff(&kHandOffKey); }
};

// `work` together with the fence that publishes it. The fence is the last member: it is moved
// after the work (the release covers the moved work) and destroyed before it (the acquire comes
// before the work's captures are freed, on whichever thread that happens).
template <typename Work>
class HandedOff {
public:
    explicit HandedOff(Work work) : work_(std::move(work)) {}
    // Qt may destroy the call on either thread, whichever lets go of it last: the release after
    // the work orders what the work did before that destruction.
    void operator()() {
        fence_.receive();
        work_();
        fence_.publish();
    }

private:
    Work work_;
    HandOffFence fence_;
};

// Runs `work` on the thread of `context`, after the events queued there before it; never runs it
// when `context` is destroyed first.
template <typename Work>
void postTo(QObject* context, Work&& work) {
    QMetaObject::invokeMethod(context, HandedOff<std::decay_t<Work>>(std::forward<Work>(work)), Qt::QueuedConnection);
}

// Runs `work` on the thread of `context` (not the caller's) and waits until it has run.
template <typename Work>
void runAndWait(QObject* context, Work&& work) {
    // Qt destroys the call on this thread before it returns: the release after the work (and the
    // fence's acquire when it is destroyed) orders the other thread's reads before that.
    QMetaObject::invokeMethod(context, HandedOff([&work] {
                                  work();
                                  releaseHandOff(&kHandOffKey);
                              }),
                              Qt::BlockingQueuedConnection);
    acquireHandOff(&kHandOffKey);
}

}  // namespace meshdiff::views
