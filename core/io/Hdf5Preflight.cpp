#include "io/Hdf5Preflight.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <mutex>
#include <thread>
#include <tuple>
#include <vector>

#include "common/Error.h"
#include "common/ProcessMemory.h"
#include "io/Hdf5Lock.h"
#include "io/Hdf5Reader.h"

namespace meshdiff {

namespace {

std::atomic<bool> preflightDisabled{false};

// 10 s, or MESHDIFF_TIME_LIMIT seconds when set (as for `compare`'s reading child; 0: no limit).
std::chrono::seconds preflightTimeLimit() {
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

[[noreturn]] void childMain(const std::string& path) {
    resetHdf5LockInForkedChild();
    limitDataMemoryGrowth(kChildMemoryHeadroom);
    // glibc's own "free(): invalid size" and the like would only confuse the user.
    if (const int devNull = open("/dev/null", O_WRONLY); devNull >= 0) dup2(devNull, STDERR_FILENO);
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

// Forks the child and waits for it; returns the problem, or "" when libhdf5 survived.
std::string runChild(const std::string& path) {
    pid_t child = -1;
    const std::uint64_t parentResident = residentMemoryBytes();
    {
        // Forking while holding the HDF5 lock leaves the child a consistent library state.
        auto lock = lockHdf5();
        child = fork();
        if (child == 0) childMain(path);
    }
    if (child < 0) return {};  // cannot fork: go on without the check

    int status = 0;
    std::uint64_t maxResidentKiB = 0;
    const auto deadline = std::chrono::steady_clock::now() + preflightTimeLimit();
    // Sleeps in poll() on a pidfd, which wakes as soon as the child ends.
    const int pidfd = static_cast<int>(syscall(SYS_pidfd_open, child, 0));
    for (;;) {
        rusage usage{};
        const pid_t done = wait4(child, &status, WNOHANG, &usage);
        if (done == child) maxResidentKiB = static_cast<std::uint64_t>(usage.ru_maxrss);
        if (done == child) break;
        if (done < 0) {
            if (pidfd >= 0) close(pidfd);
            return {};
        }
        const auto now = std::chrono::steady_clock::now();
        if (now > deadline) {
            kill(child, SIGKILL);
            waitpid(child, &status, 0);
            if (pidfd >= 0) close(pidfd);
            return "damaged HDF5 file: reading its structure did not finish within 10 s";
        }
        const auto left = std::chrono::ceil<std::chrono::milliseconds>(deadline - now);
        if (pidfd >= 0) {
            pollfd fd{pidfd, POLLIN, 0};
            poll(&fd, 1, static_cast<int>(left.count()) + 1);
        } else {
            std::this_thread::sleep_for(std::min<std::chrono::milliseconds>(left, std::chrono::milliseconds(1)));
        }
    }
    if (pidfd >= 0) close(pidfd);
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
    const std::string problem = runChild(path);
    {
        std::lock_guard guard(verdictsMutex);
        verdicts[path] = {stamp, problem};
    }
    if (!problem.empty()) throw Error(path, problem);
}

}  // namespace meshdiff
