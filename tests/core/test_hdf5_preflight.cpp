// The forked pre-flight check (core/io/Hdf5Preflight.h): what it concludes from a child that
// hangs busy, sleeps on a lock it inherited from another thread, or never wakes.
#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <future>
#include <mutex>
#include <thread>

#include "core/TestPaths.h"
#include "io/Hdf5Preflight.h"

using namespace meshdiff;
using Clock = std::chrono::steady_clock;

namespace {

std::mutex heldByAnotherThread;

const std::string kHdf5File = test::fixture("netcdf/time_level.nc").string();

}  // namespace

TEST(Hdf5Preflight, AReadableFileHasNoProblem) { EXPECT_EQ(hdf5PreflightProblem(kHdf5File), ""); }

TEST(Hdf5Preflight, AChildThatEndsBadlyIsAProblem) {
    EXPECT_EQ(hdf5PreflightProblem(kHdf5File, [] { _exit(7); }),
              "damaged HDF5 file: reading its structure crashes the HDF5 library (exit 7)");
    EXPECT_NE(hdf5PreflightProblem(kHdf5File, [] { std::abort(); }).find("(signal 6)"), std::string::npos);
}

TEST(Hdf5Preflight, ABusyChildRunsOutOfTime) {
    setenv("MESHDIFF_TIME_LIMIT", "1", 1);
    const auto start = Clock::now();
    const std::string problem = hdf5PreflightProblem(kHdf5File, [] {
        volatile unsigned long spin = 0;
        for (;;) spin = spin + 1;
    });
    unsetenv("MESHDIFF_TIME_LIMIT");
    EXPECT_EQ(problem, "damaged HDF5 file: reading its structure did not finish within 1 s");
    EXPECT_LT(Clock::now() - start, std::chrono::seconds(60));
}

// The child sleeps on a mutex that was locked when it was forked; a later fork, after the other
// thread let go of it, runs to the end (here: exit 7, which proves that the last child ran).
TEST(Hdf5Preflight, AChildStuckOnAnInheritedLockIsForkedAgain) {
    std::promise<void> holding;
    std::thread holder([&] {
        heldByAnotherThread.lock();
        holding.set_value();
        std::this_thread::sleep_for(std::chrono::seconds(3));
        heldByAnotherThread.unlock();
    });
    holding.get_future().wait();
    const auto start = Clock::now();
    const std::string problem = hdf5PreflightProblem(kHdf5File, [] {
        heldByAnotherThread.lock();
        _exit(7);
    });
    holder.join();
    EXPECT_EQ(problem, "damaged HDF5 file: reading its structure crashes the HDF5 library (exit 7)");
    EXPECT_GE(Clock::now() - start, std::chrono::seconds(3));
}

// Never a wrong verdict: a child that sleeps forever each time is not a damaged file.
TEST(Hdf5Preflight, AChildThatAlwaysSleepsSkipsTheCheck) {
    const auto start = Clock::now();
    EXPECT_EQ(hdf5PreflightProblem(kHdf5File,
                                   [] {
                                       for (;;) pause();
                                   }),
              "");
    EXPECT_GE(Clock::now() - start, std::chrono::seconds(6));
}
