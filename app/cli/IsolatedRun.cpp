#include "cli/IsolatedRun.h"

#include <poll.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <optional>
#include <thread>

#include "cli/Command.h"
#include "common/ProcessMemory.h"
#include "io/Hdf5Preflight.h"
#include "io/ReadProgress.h"

namespace meshdiff::cli {
namespace {

std::atomic<bool> childInterrupted{false};
volatile std::sig_atomic_t parentInterrupted = 0;
int liveStderrFd = STDERR_FILENO;
constexpr auto kCancelGrace = std::chrono::seconds(5);

void onChildInterrupt(int) { childInterrupted.store(true); }
void onParentInterrupt(int) { parentInterrupted = 1; }

// SIGINT/SIGTERM handlers without SA_RESTART (poll() returns at once); the old ones come back at
// the end of the scope.
class InterruptHandlers {
public:
    explicit InterruptHandlers(void (*handler)(int)) {
        struct sigaction action {};
        action.sa_handler = handler;
        sigemptyset(&action.sa_mask);
        ::sigaction(SIGINT, &action, &oldInt_);
        ::sigaction(SIGTERM, &action, &oldTerm_);
    }
    ~InterruptHandlers() {
        ::sigaction(SIGINT, &oldInt_, nullptr);
        ::sigaction(SIGTERM, &oldTerm_, nullptr);
    }
    InterruptHandlers(const InterruptHandlers&) = delete;
    InterruptHandlers& operator=(const InterruptHandlers&) = delete;

private:
    struct sigaction oldInt_ {
    }, oldTerm_{};
};

// Some damaged HDF5 files make libhdf5 allocate without bound (one 33 KB file reached 6.7 GB in
// 15 s); a compare needs far less (the 0.25° pair with its at-risk analysis peaks at 250 MB), so
// the reading child gets 4 GiB more than it starts with. MESHDIFF_MEMORY_LIMIT=GiB changes that,
// 0 lifts it.
std::uint64_t memoryAllowance() {
    double gib = 4;
    if (const char* env = std::getenv("MESHDIFF_MEMORY_LIMIT"); env && *env) gib = std::atof(env);
    return gib > 0 ? static_cast<std::uint64_t>(gib * double(std::uint64_t(1) << 30)) : ~std::uint64_t(0) / 2;
}

[[noreturn]] void runChild(const std::function<int()>& work, pid_t parent, bool preflight, int stderrCapture,
                           ReadProgressBoard& board) {
    board.reportHere();
    // Its own process group, so that a timeout also ends helper processes it started; and it
    // dies with meshdiff (Ctrl-C reaches only the terminal's foreground group).
    ::setpgid(0, 0);
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (::getppid() != parent) ::_exit(kExitError);  // meshdiff ended before prctl took effect
    // This process is watched already: a libhdf5 crash here is caught by the parent.
    if (!preflight) disableHdf5Preflight();
    limitDataMemoryGrowth(memoryAllowance());
    struct sigaction interrupt {};
    interrupt.sa_handler = onChildInterrupt;
    sigemptyset(&interrupt.sa_mask);
    interrupt.sa_flags = SA_RESTART;
    ::sigaction(SIGINT, &interrupt, nullptr);
    ::signal(SIGTERM, SIG_DFL);
    if (stderrCapture >= 0) {
        liveStderrFd = ::dup(STDERR_FILENO);
        ::dup2(stderrCapture, STDERR_FILENO);
    }
    int status = kExitError;
    try {
        status = work();
    } catch (const std::exception& e) {
        std::cerr << "meshdiff: error: " << e.what() << "\n";
    }
    std::cout.flush();
    std::cerr.flush();
    std::fflush(nullptr);
    ::_exit(status);
}

struct Outcome {
    enum Kind { Exited, Crashed, Stalled, Cancelled } kind = Exited;
    int code = 0;         // exit status; for a crash the signal, or minus the exit status
    ReadState lastState;  // what the child was reading when it stalled or crashed
};

// Waits for `child`, which is stopped when its board shows no progress for `stallLimit` (never
// when that is 0). Sleeps in poll() on a pidfd, so that the parent wakes as soon as the child ends.
Outcome watch(pid_t child, const ReadProgressBoard& board, std::chrono::seconds stallLimit) {
    const bool limited = stallLimit.count() > 0;
    std::uint64_t lastProgress = board.current().progress;
    auto deadline = std::chrono::steady_clock::now() + stallLimit;
    // syscall(): glibc 2.36's <sys/pidfd.h> declares pidfd_open without C linkage.
    const int pidfd = static_cast<int>(::syscall(SYS_pidfd_open, child, 0));
    int status = 0;
    std::optional<std::chrono::steady_clock::time_point> cancelDeadline;
    while (true) {
        const pid_t done = ::waitpid(child, &status, WNOHANG);
        if (done == child) break;
        if (parentInterrupted && !cancelDeadline) {
            ::kill(child, SIGINT);
            cancelDeadline = std::chrono::steady_clock::now() + kCancelGrace;
        }
        if (cancelDeadline && std::chrono::steady_clock::now() > *cancelDeadline) {
            ::kill(-child, SIGKILL);
            ::kill(child, SIGKILL);
            while (::waitpid(child, &status, 0) < 0 && errno == EINTR) {}
            if (pidfd >= 0) ::close(pidfd);
            return {Outcome::Cancelled, 0, {}};
        }
        if (done < 0 && errno != EINTR) {
            if (pidfd >= 0) ::close(pidfd);
            throw std::runtime_error(std::string("lost the reader process: ") + std::strerror(errno));
        }
        const auto now = std::chrono::steady_clock::now();
        if (const std::uint64_t progress = board.current().progress; progress != lastProgress) {
            lastProgress = progress;
            deadline = now + stallLimit;
        }
        if (limited && now > deadline) {
            ::kill(-child, SIGKILL);
            ::kill(child, SIGKILL);
            while (::waitpid(child, &status, 0) < 0 && errno == EINTR) {}
            if (pidfd >= 0) ::close(pidfd);
            return {Outcome::Stalled, 0, board.current()};
        }
        auto wait = std::chrono::milliseconds(cancelDeadline ? 100 : 250);
        if (limited) wait = std::min(wait, std::chrono::ceil<std::chrono::milliseconds>(deadline - now));
        if (pidfd >= 0) {
            pollfd fd{pidfd, POLLIN, 0};
            ::poll(&fd, 1, static_cast<int>(wait.count()) + 1);
        } else {
            std::this_thread::sleep_for(std::min(wait, std::chrono::milliseconds(10)));
        }
    }
    if (pidfd >= 0) ::close(pidfd);
    if (cancelDeadline) return {Outcome::Cancelled, 0, {}};
    // Sub-commands exit 0, 1 or 2; any other status is a crash turned into an exit status (a
    // sanitizer's report, as Hdf5Preflight.cpp also assumes).
    if (WIFEXITED(status) && WEXITSTATUS(status) <= kExitError) return {Outcome::Exited, WEXITSTATUS(status), {}};
    if (WIFEXITED(status)) return {Outcome::Crashed, -WEXITSTATUS(status), board.current()};
    return {Outcome::Crashed, WIFSIGNALED(status) ? WTERMSIG(status) : 0, board.current()};
}

// Copies what the child wrote to the captured standard error to ours, and closes the capture.
void replay(int capture) {
    if (capture < 0) return;
    std::cerr.flush();
    char buffer[4096];
    for (off_t offset = 0;;) {
        const ssize_t got = ::pread(capture, buffer, sizeof buffer, offset);
        if (got < 0 && errno == EINTR) continue;
        if (got <= 0) break;
        offset += got;
        for (ssize_t done = 0; done < got;) {
            const ssize_t put = ::write(STDERR_FILENO, buffer + done, static_cast<std::size_t>(got - done));
            if (put < 0 && errno == EINTR) continue;
            if (put <= 0) break;
            done += put;
        }
    }
    ::close(capture);
}

Outcome runWatched(const std::function<int()>& work, bool preflight, std::chrono::seconds stallLimit) {
    ReadProgressBoard board;
    std::cout.flush();
    std::cerr.flush();
    // Without the pre-flight, a crash is followed by a second run: keep the first run's standard
    // error (libhdf5's and glibc's last words) until it is known to be the only run.
    const int capture = preflight ? -1 : ::memfd_create("meshdiff-stderr", MFD_CLOEXEC);
    const pid_t parent = ::getpid();
    const pid_t child = ::fork();
    if (child < 0) {
        if (capture >= 0) ::close(capture);
        throw std::runtime_error(std::string("cannot start a reader process: ") + std::strerror(errno));
    }
    if (child == 0) runChild(work, parent, preflight, capture, board);
    const Outcome outcome = watch(child, board, stallLimit);
    if (outcome.kind == Outcome::Crashed) {
        if (capture >= 0) ::close(capture);
    } else {
        replay(capture);
    }
    return outcome;
}

}  // namespace

const std::atomic<bool>& interruptRequested() { return childInterrupted; }
int liveStderr() { return liveStderrFd; }

std::chrono::seconds readStallLimit() {
    if (const char* env = std::getenv("MESHDIFF_TIME_LIMIT"); env && *env)
        return std::chrono::seconds(std::max(0LL, std::atoll(env)));
    return std::chrono::seconds(30);
}

namespace {

// "stopped reading B.npz: no progress for 30 s while inflating member g2m_senders".
std::string describeStall(const ReadState& state, std::chrono::seconds stallLimit) {
    const std::string quiet = ": no progress for " + std::to_string(stallLimit.count()) + " s";
    if (state.reading.empty()) return "stopped reading the inputs" + quiet;
    std::string text;
    for (const auto& [path, step] : state.reading)
        text += (text.empty() ? "stopped reading " : "; and ") + path + quiet + (step.empty() ? "" : " while " + step);
    return text;
}

}  // namespace

int runIsolated(const std::function<int()>& work, std::chrono::seconds stallLimit) {
    parentInterrupted = 0;
    const InterruptHandlers handlers(onParentInterrupt);
    Outcome outcome = runWatched(work, false, stallLimit);
    // A crash: again with the pre-flight, which names the file libhdf5 does not survive.
    if (outcome.kind == Outcome::Crashed) outcome = runWatched(work, true, stallLimit);

    if (outcome.kind == Outcome::Exited) return outcome.code;
    if (outcome.kind == Outcome::Cancelled) {
        std::cerr << "meshdiff: cancelled\n";
        return kExitCancelled;
    }
    if (outcome.kind == Outcome::Stalled) {
        std::cerr << "meshdiff: error: " << describeStall(outcome.lastState, stallLimit)
                  << " (MESHDIFF_TIME_LIMIT=SECONDS sets how long a read may make no progress, 0: no limit)\n";
        return kExitError;
    }
    if (outcome.code < 0) std::cerr << "meshdiff: error: reading the inputs crashed (exit " << -outcome.code;
    else
        std::cerr << "meshdiff: error: reading the inputs crashed (signal " << outcome.code << ", "
                  << ::strsignal(outcome.code);
    std::cerr << ")";
    const auto& reading = outcome.lastState.reading;
    if (!reading.empty()) std::cerr << " while " << reading.front().step << " of " << reading.front().path;
    std::cerr << "; the file is damaged";
    if (reading.empty() || reading.front().step.find("HDF5") != std::string::npos)
        std::cerr << " (the HDF5 library does not survive some damaged files)";
    std::cerr << "\n";
    return kExitError;
}

}  // namespace meshdiff::cli
