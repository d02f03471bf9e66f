#pragma once
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <thread>

#include <xcb/xcb.h>

namespace meshdiff::test {

// Waits until the X server in DISPLAY takes a connection. On a loaded machine Xvfb has refused
// one now and then (about one test process in 400, "could not connect to display"), and
// QApplication aborts on that; a retry after a pause gets through. Says so on stderr each time.
inline void waitForDisplay() {
    const char* display = std::getenv("DISPLAY");
    if (!display || !*display) return;
    for (int attempt = 1; attempt <= 10; ++attempt) {
        xcb_connection_t* connection = xcb_connect(nullptr, nullptr);
        const int error = xcb_connection_has_error(connection);
        xcb_disconnect(connection);
        if (error == 0) return;
        std::fprintf(stderr, "X display %s refused a connection (xcb error %d), attempt %d\n", display, error, attempt);
        std::this_thread::sleep_for(std::chrono::milliseconds(300 * attempt));
    }
}

}  // namespace meshdiff::test
