#pragma once
#include <pthread.h>
#include <sys/resource.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <iterator>
#include <string>

namespace meshdiff::views {

// Seconds since boot at which this process started (field 22 of /proc/self/stat, in clock
// ticks: 10 ms steps), so that a trace counts the dynamic loading before main() too.
inline double processStartSinceBoot() {
    static const double start = [] {
        std::ifstream stat("/proc/self/stat");
        const std::string text((std::istreambuf_iterator<char>(stat)), std::istreambuf_iterator<char>());
        const std::size_t afterName = text.rfind(')');  // the command name may hold spaces
        if (afterName == std::string::npos) return 0.0;
        std::size_t at = afterName + 2;  // field 3
        for (int field = 3; field < 22 && at < text.size(); ++at)
            if (text[at] == ' ') ++field;
        return double(std::strtoull(text.c_str() + at, nullptr, 10)) / double(sysconf(_SC_CLK_TCK));
    }();
    return start;
}

// With MESHDIFF_STARTUP_TRACE set, prints one line to stderr: the wall time since the process
// started, the calling thread's name, CPU and system time, and `what`. How the time from
// `meshdiff A B` to the differences on screen is split (docs/benchmarks.md, issue 17 goal 3);
// a thread's CPU time is steadier than wall time on a shared machine.
inline void traceStartup(const char* what) {
    static const bool on = std::getenv("MESHDIFF_STARTUP_TRACE") != nullptr;
    if (!on) return;
    timespec now{}, cpu{};
    clock_gettime(CLOCK_BOOTTIME, &now);
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &cpu);
    rusage usage{};
    getrusage(RUSAGE_THREAD, &usage);
    char name[32] = {};
    pthread_getname_np(pthread_self(), name, sizeof name);
    std::fprintf(stderr, "startup %7.3f s  %-16s cpu %6.3f s (sys %5.3f)  %s\n",
                 double(now.tv_sec) + double(now.tv_nsec) / 1e9 - processStartSinceBoot(), name,
                 double(cpu.tv_sec) + double(cpu.tv_nsec) / 1e9,
                 double(usage.ru_stime.tv_sec) + double(usage.ru_stime.tv_usec) / 1e6, what);
}

}  // namespace meshdiff::views
