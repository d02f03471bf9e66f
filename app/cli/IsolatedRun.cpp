#include "cli/IsolatedRun.h"

#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <thread>

#include "cli/Command.h"

namespace meshdiff::cli {
namespace {

[[noreturn]] void runChild(const std::function<int()>& work, pid_t parent) {
    // Its own process group, so that a timeout also ends helper processes it started; and it
    // dies with meshdiff (Ctrl-C reaches only the terminal's foreground group).
    ::setpgid(0, 0);
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (::getppid() != parent) ::_exit(kExitError);  // meshdiff ended before prctl took effect
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

}  // namespace

std::chrono::seconds readTimeLimit(const std::vector<std::string>& paths) {
    if (const char* env = std::getenv("MESHDIFF_TIME_LIMIT"); env && *env) return std::chrono::seconds(std::atoll(env));
    namespace fs = std::filesystem;
    std::uintmax_t bytes = 0;
    std::error_code ec;
    for (const std::string& path : paths) {
        if (fs::is_directory(path, ec)) {
            for (const auto& entry : fs::directory_iterator(path, ec))
                if (entry.is_regular_file(ec)) bytes += entry.file_size(ec);
        } else if (fs::is_regular_file(path, ec)) {
            bytes += fs::file_size(path, ec);
        }
    }
    return std::chrono::seconds(15 + bytes / 10'000'000);
}

int runIsolated(const std::function<int()>& work, std::chrono::seconds limit) {
    std::cout.flush();
    std::cerr.flush();
    const pid_t parent = ::getpid();
    const pid_t child = ::fork();
    if (child < 0) throw std::runtime_error(std::string("cannot start a reader process: ") + std::strerror(errno));
    if (child == 0) runChild(work, parent);

    const auto deadline = std::chrono::steady_clock::now() + limit;
    int status = 0;
    while (true) {
        const pid_t done = ::waitpid(child, &status, WNOHANG);
        if (done == child) break;
        if (done < 0 && errno != EINTR) throw std::runtime_error(std::string("lost the reader process: ") + std::strerror(errno));
        if (limit.count() > 0 && std::chrono::steady_clock::now() > deadline) {
            ::kill(-child, SIGKILL);
            ::kill(child, SIGKILL);
            while (::waitpid(child, &status, 0) < 0 && errno == EINTR) {
            }
            std::cerr << "meshdiff: error: reading the inputs did not finish within " << limit.count()
                      << " s; a damaged HDF5/NetCDF file can make the HDF5 library loop forever "
                         "(set MESHDIFF_TIME_LIMIT=SECONDS to allow longer, 0 for no limit)\n";
            return kExitError;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    if (WIFEXITED(status)) return WEXITSTATUS(status);
    const int signal = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
    std::cerr << "meshdiff: error: reading the inputs crashed (signal " << signal << ", " << ::strsignal(signal)
              << "); one of the files is damaged: the HDF5 library does not survive some damaged files\n";
    return kExitError;
}

}  // namespace meshdiff::cli
