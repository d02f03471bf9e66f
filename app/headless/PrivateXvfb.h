#pragma once
#include <sys/types.h>
#include <memory>
#include <string>

namespace meshdiff::headless {

// An X server of our own for rendering without a display: Debian's VTK renders only through
// GLX. Started with Xvfb -displayfd (the server picks a free display number and reports it
// when it is ready); DISPLAY points at it while the object lives; stopped by its PID.
class PrivateXvfb {
public:
    // Null when DISPLAY is already set. Throws meshdiff::Error when Xvfb cannot be started.
    static std::unique_ptr<PrivateXvfb> startIfNoDisplay();
    ~PrivateXvfb();
    PrivateXvfb(const PrivateXvfb&) = delete;
    PrivateXvfb& operator=(const PrivateXvfb&) = delete;

    const std::string& display() const { return display_; }
    pid_t pid() const { return pid_; }

private:
    PrivateXvfb(pid_t pid, std::string display) : pid_(pid), display_(std::move(display)) {}
    pid_t pid_;
    std::string display_;
};

}  // namespace meshdiff::headless
