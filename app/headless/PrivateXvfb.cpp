#include "headless/PrivateXvfb.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <string>
#include <thread>

#include "common/Error.h"

namespace meshdiff::headless {
namespace {

constexpr int kStartTimeoutMs = 15000;

void stopProcess(pid_t pid) {
    if (pid <= 0) return;
    kill(pid, SIGTERM);
    for (int i = 0; i < 50; ++i) {
        if (waitpid(pid, nullptr, WNOHANG) == pid) return;
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    kill(pid, SIGKILL);
    waitpid(pid, nullptr, 0);
}

}  // namespace

std::unique_ptr<PrivateXvfb> PrivateXvfb::startIfNoDisplay() {
    if (const char* display = std::getenv("DISPLAY"); display && *display) return nullptr;
    int fds[2];
    if (pipe(fds) != 0) throw Error("Xvfb", "cannot create a pipe to start a private X server");
    fcntl(fds[0], F_SETFD, FD_CLOEXEC);
    const std::string fd = std::to_string(fds[1]);  // no allocation in the child of a threaded process
    const pid_t pid = fork();
    if (pid < 0) {
        close(fds[0]);
        close(fds[1]);
        throw Error("Xvfb", "cannot fork to start a private X server");
    }
    if (pid == 0) {
        const int devnull = open("/dev/null", O_RDWR);
        if (devnull >= 0) {
            dup2(devnull, STDIN_FILENO);
            dup2(devnull, STDOUT_FILENO);
            dup2(devnull, STDERR_FILENO);
        }
        execlp("Xvfb", "Xvfb", "-displayfd", fd.c_str(), "-screen", "0", "1920x1200x24", "-nolisten", "tcp", "-noreset",
               static_cast<char*>(nullptr));
        _exit(127);
    }
    close(fds[1]);
    std::string number;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(kStartTimeoutMs);
    while (number.empty() || number.back() != '\n') {
        const auto left =
            std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
        pollfd p{fds[0], POLLIN, 0};
        if (left.count() <= 0 || poll(&p, 1, static_cast<int>(left.count())) <= 0) break;
        char c;
        if (read(fds[0], &c, 1) != 1) break;  // Xvfb exited (not installed, or failed)
        number.push_back(c);
    }
    close(fds[0]);
    if (number.empty() || number.back() != '\n') {
        stopProcess(pid);
        throw Error("Xvfb", "no DISPLAY and no private X server could be started (is the xvfb package installed?)");
    }
    number.pop_back();
    auto server = std::unique_ptr<PrivateXvfb>(new PrivateXvfb(pid, ":" + number));
    setenv("DISPLAY", server->display_.c_str(), 1);
    return server;
}

PrivateXvfb::~PrivateXvfb() {
    unsetenv("DISPLAY");
    stopProcess(pid_);
}

}  // namespace meshdiff::headless
