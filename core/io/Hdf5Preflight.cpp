#include "io/Hdf5Preflight.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <tuple>
#include <vector>

#include "common/Error.h"
#include "common/ProcessMemory.h"
#include "io/Hdf5Lock.h"
#include "io/Hdf5Reader.h"
#include "io/ReadProgress.h"

namespace meshdiff {

namespace {

std::atomic<bool> preflightDisabled{false};

// The program spawned as the child; empty: a fork of this process.
std::mutex childExecutableMutex;
std::string childExecutable;

std::string spawnedChildExecutable() {
    const std::lock_guard lock(childExecutableMutex);
    return childExecutable;
}

constexpr const char* kChildFlag = "--meshdiff-hdf5-preflight-child";
constexpr int kChildBoardFd = 3;

// How long the child may make no progress: 10 s, or MESHDIFF_TIME_LIMIT seconds when set (as for
// `compare`'s reading child; 0: no limit).
std::chrono::seconds preflightStallLimit() {
    if (const char* env = std::getenv("MESHDIFF_TIME_LIMIT"); env && *env) {
        const long long seconds = std::atoll(env);
        return seconds > 0 ? std::chrono::seconds(seconds) : std::chrono::hours(24 * 365);
    }
    return std::chrono::seconds(10);
}
constexpr std::size_t kMaxObjects = 200000;

// Runs one read, ignoring clean failures: the parent may take another path past them.
template <class Fn>
void attempt(Fn&& fn) {
    try {
        fn();
    } catch (...) {}
}

void readAttributes(const Hdf5Reader& file, const std::string& path) {
    std::vector<std::string> names;
    attempt([&] { names = file.attributeNames(path); });
    for (const auto& attr : names) {
        attempt([&] { file.stringAttribute(path, attr); });
        attempt([&] { file.numericAttribute(path, attr); });
        attempt([&] { file.attributeDType(path, attr); });
    }
}

// Reads, through the same calls Hdf5Reader's users make, everything but dataset values.
void walk(const Hdf5Reader& file, const std::string& group, std::size_t& objects, int depth) {
    std::vector<std::string> members;
    attempt([&] { members = file.members(group); });
    for (const auto& name : members) {
        if (++objects > kMaxObjects) return;
        std::string path = group == "/" ? "/" : group + "/";
        path += name;
        bool isGroup = false, isDataset = false;
        attempt([&] { isGroup = file.isGroup(path); });
        attempt([&] { isDataset = file.isDataset(path); });
        readAttributes(file, path);
        if (isGroup && depth < 32) walk(file, path, objects, depth + 1);
        if (isDataset) {
            attempt([&] { file.datasetInfo(path); });
            attempt([&] { file.dimensionScales(path); });
        }
        if (isGroup || isDataset) readAttributes(file, path);
    }
}

// Reading a file's structure needs a few MB; some damaged files make libhdf5 allocate without
// bound (a huge claimed variable-length size). The child may use this much more data memory than
// the parent had, then its allocations fail.
constexpr std::uint64_t kChildMemoryHeadroom = std::uint64_t(2) << 30;

[[noreturn]] void childMain(const std::string& path, void (*childStart)(), ReadProgressBoard& board, bool forked) {
    board.reportHere();
    if (forked) resetHdf5LockInForkedChild();
    limitDataMemoryGrowth(kChildMemoryHeadroom);
    // glibc's own "free(): invalid size" and the like would only confuse the user.
    if (const int devNull = open("/dev/null", O_WRONLY); devNull >= 0) dup2(devNull, STDERR_FILENO);
    if (childStart) childStart();
    try {
        const Hdf5Reader file(path, Hdf5Reader::kDefaultMaxDatasetBytes, false);
        readAttributes(file, "/");
        std::size_t objects = 0;
        walk(file, "/", objects, 0);
    } catch (...) {
        _exit(1);  // cannot even open it: the parent reports that itself
    }
    _exit(0);
}

using Stamp = std::tuple<std::uintmax_t, std::filesystem::file_time_type>;

// The child's scheduler state ('R', 'S', 'D', ...) and CPU time in clock ticks, from /proc.
struct ChildActivity {
    char state = '?';
    unsigned long long cpuTicks = 0;
};

std::optional<ChildActivity> childActivity(pid_t child) {
    const int fd = open(("/proc/" + std::to_string(child) + "/stat").c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return std::nullopt;
    char buffer[1024];
    const ssize_t length = read(fd, buffer, sizeof buffer - 1);
    close(fd);
    if (length <= 0) return std::nullopt;
    buffer[length] = '\0';
    // "pid (comm) state ppid ... utime stime": comm may hold spaces, so start after its last ')'.
    const char* rest = std::strrchr(buffer, ')');
    if (!rest) return std::nullopt;
    ChildActivity activity;
    unsigned long long utime = 0, stime = 0;
    if (std::sscanf(rest + 1, " %c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %llu %llu", &activity.state, &utime,
                    &stime) != 3)
        return std::nullopt;
    activity.cpuTicks = utime + stime;
    return activity;
}

// Starts `executable` as the child, handing it the board as kChildBoardFd.
pid_t spawnChild(const std::string& executable, const std::string& path, const ReadProgressBoard& board) {
    // dup2 onto another number clears close-on-exec; onto the same number it would not.
    const int target = board.fd() == kChildBoardFd ? kChildBoardFd + 1 : kChildBoardFd;
    posix_spawn_file_actions_t actions;
    if (posix_spawn_file_actions_init(&actions) != 0) return -1;
    pid_t child = -1;
    std::string fd = std::to_string(target), flag = kChildFlag, program = executable, file = path;
    char* argv[] = {program.data(), flag.data(), fd.data(), file.data(), nullptr};
    if (posix_spawn_file_actions_adddup2(&actions, board.fd(), target) != 0 ||
        posix_spawn(&child, program.c_str(), &actions, nullptr, argv, environ) != 0)
        child = -1;
    posix_spawn_file_actions_destroy(&actions);
    return child;
}

// A forked child inherits every lock another thread of this process held at the fork, unowned.
// glibc's malloc takes care of its own; a sanitizer's allocator (gcc 12's libasan) does not, and
// a child that needs such a lock sleeps forever. A child asleep without using any CPU for this
// long is that, not a slow file: libhdf5 reading a regular file never waits on anything but I/O.
constexpr auto kStuckAfter = std::chrono::seconds(2);
constexpr int kForkAttempts = 3;

enum class ChildOutcome { Ended, Stalled, Stuck, NotWatched };

// Forks the child and waits for it to end, to make no progress for the limit, or to sleep on an
// inherited lock.
ChildOutcome watchChild(const std::string& path, void (*childStart)(), int& status, std::uint64_t& maxResidentKiB,
                        ReadState& lastState) {
    const std::string executable = childStart ? std::string() : spawnedChildExecutable();
    std::optional<ReadProgressBoard> board;
    try {
        board.emplace(executable.empty() ? ReadProgressBoard::Sharing::ForForkedChild
                                         : ReadProgressBoard::Sharing::ForExecutedChild);
    } catch (const std::exception&) {
        return ChildOutcome::NotWatched;
    }
    pid_t child = -1;
    if (!executable.empty()) {
        child = spawnChild(executable, path, *board);
    } else {
        // Forking while holding the HDF5 lock leaves the child a consistent library state.
        auto lock = lockHdf5();
        child = fork();
        if (child == 0) childMain(path, childStart, *board, true);
    }
    if (child < 0) return ChildOutcome::NotWatched;  // cannot fork: go on without the check

    const auto start = std::chrono::steady_clock::now();
    const auto stallLimit = preflightStallLimit();
    auto deadline = start + stallLimit;
    auto lastActivity = start;
    unsigned long long lastTicks = 0;
    std::uint64_t lastProgress = board->current().progress;
    // Sleeps in poll() on a pidfd, which wakes as soon as the child ends.
    const int pidfd = static_cast<int>(syscall(SYS_pidfd_open, child, 0));
    auto finish = [&](ChildOutcome outcome) {
        if (pidfd >= 0) close(pidfd);
        return outcome;
    };
    auto killChild = [&] {
        kill(child, SIGKILL);
        waitpid(child, &status, 0);
    };
    for (;;) {
        rusage usage{};
        const pid_t done = wait4(child, &status, WNOHANG, &usage);
        if (done == child) {
            maxResidentKiB = static_cast<std::uint64_t>(usage.ru_maxrss);
            return finish(ChildOutcome::Ended);
        }
        if (done < 0) return finish(ChildOutcome::NotWatched);
        const auto now = std::chrono::steady_clock::now();
        const bool progressed = board->current().progress != lastProgress;
        if (progressed) {
            lastProgress = board->current().progress;
            deadline = now + stallLimit;
        }
        if (const auto activity = childActivity(child)) {
            if (progressed || activity->state != 'S' || activity->cpuTicks != lastTicks) lastActivity = now;
            lastTicks = activity->cpuTicks;
        }
        if (now - lastActivity >= kStuckAfter) {
            killChild();
            return finish(ChildOutcome::Stuck);
        }
        if (now > deadline) {
            lastState = board->current();
            killChild();
            return finish(ChildOutcome::Stalled);
        }
        auto wait = std::chrono::ceil<std::chrono::milliseconds>(deadline - now) + std::chrono::milliseconds(1);
        wait = std::min<std::chrono::milliseconds>(wait, std::chrono::milliseconds(250));
        if (pidfd >= 0) {
            pollfd fd{pidfd, POLLIN, 0};
            poll(&fd, 1, static_cast<int>(wait.count()));
        } else {
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
        }
    }
}

// Forks the child and waits for it; returns the problem, or "" when libhdf5 survived.
std::string runChild(const std::string& path, void (*childStart)()) {
    const std::uint64_t parentResident = residentMemoryBytes();
    int status = 0;
    std::uint64_t maxResidentKiB = 0;
    ReadState lastState;
    ChildOutcome outcome = ChildOutcome::Stuck;
    for (int attempt = 0; attempt < kForkAttempts && outcome == ChildOutcome::Stuck; ++attempt)
        outcome = watchChild(path, childStart, status, maxResidentKiB, lastState);
    // A child that could not be forked, watched or kept from inherited locks: the real reader
    // goes on without the check, as it would where fork() is not allowed.
    if (outcome == ChildOutcome::Stuck || outcome == ChildOutcome::NotWatched) return {};
    if (outcome == ChildOutcome::Stalled)
        return "damaged HDF5 file: reading its structure made no progress for " +
               std::to_string(preflightStallLimit().count()) + " s" +
               (lastState.reading.empty() ? std::string() : " while " + lastState.reading.front().step);
    if (WIFSIGNALED(status))
        return "damaged HDF5 file: reading its structure crashes the HDF5 library (signal " +
               std::to_string(WTERMSIG(status)) + ")";
    // The child exits 0 (read) or 1 (cannot open: reported by the caller); anything else is a
    // crash turned into an exit status (a sanitizer's report, glibc's abort handlers).
    if (WIFEXITED(status) && WEXITSTATUS(status) > 1)
        return "damaged HDF5 file: reading its structure crashes the HDF5 library (exit " +
               std::to_string(WEXITSTATUS(status)) + ")";
    // A child that grew by most of its headroom failed for want of memory, not for a reason the
    // real reader would report: it would take that memory from this process.
    if (WIFEXITED(status) && WEXITSTATUS(status) <= 1 && parentResident > 0 &&
        maxResidentKiB * 1024 > parentResident + kChildMemoryHeadroom / 2)
        return "damaged HDF5 file: reading its structure needs more than " +
               std::to_string(kChildMemoryHeadroom >> 30) + " GiB of memory";
    return {};
}

}  // namespace

void disableHdf5Preflight() { preflightDisabled = true; }

void spawnHdf5PreflightChildren(std::string executable) {
    const std::lock_guard lock(childExecutableMutex);
    childExecutable = std::move(executable);
}

void runHdf5PreflightChildIfAsked(int argc, char** argv) {
    if (argc != 4 || std::strcmp(argv[1], kChildFlag) != 0) return;
    std::optional<ReadProgressBoard> board;
    try {
        board.emplace(ReadProgressBoard::attach(std::atoi(argv[2])));
    } catch (const std::exception&) {
        _exit(1);
    }
    childMain(argv[3], nullptr, *board, false);
}

std::string hdf5PreflightProblem(const std::string& path, void (*childStart)()) { return runChild(path, childStart); }

void preflightHdf5(const std::string& path) {
    if (preflightDisabled) return;
    std::error_code ec;
    const Stamp stamp{std::filesystem::file_size(path, ec), std::filesystem::last_write_time(path, ec)};
    if (ec) return;  // Hdf5Reader reports missing or unreadable files itself
    // Verdicts per file, so that sniffing a file and then opening it forks (or waits) only once.
    static std::mutex verdictsMutex;
    static std::map<std::string, std::pair<Stamp, std::string>> verdicts;
    {
        std::lock_guard guard(verdictsMutex);
        if (auto it = verdicts.find(path); it != verdicts.end() && it->second.first == stamp) {
            if (it->second.second.empty()) return;
            throw Error(path, it->second.second);
        }
    }
    const std::string problem = runChild(path, nullptr);
    {
        std::lock_guard guard(verdictsMutex);
        verdicts[path] = {stamp, problem};
    }
    if (!problem.empty()) throw Error(path, problem);
}

}  // namespace meshdiff
