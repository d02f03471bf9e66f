// The pre-flight check (core/io/Hdf5Preflight.h): what it concludes from a child that hangs
// busy, sleeps as on a lock it inherited from another thread, or never wakes; and its spawned
// child, as the window starts it.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <thread>

#include "core/DamagedCopies.h"
#include "core/TestPaths.h"
#include "io/Hdf5Preflight.h"
#include "io/ReadProgress.h"

using namespace meshdiff;
using Clock = std::chrono::steady_clock;
namespace fs = std::filesystem;

namespace {

const std::string kHdf5File = test::fixture("netcdf/time_level.nc").string();

}  // namespace

TEST(Hdf5Preflight, AReadableFileHasNoProblem) { EXPECT_EQ(hdf5PreflightProblem(kHdf5File), ""); }

TEST(Hdf5Preflight, AChildThatEndsBadlyIsAProblem) {
    EXPECT_EQ(hdf5PreflightProblem(kHdf5File, [] { _exit(7); }),
              "damaged HDF5 file: reading its structure crashes the HDF5 library (exit 7)");
    EXPECT_NE(hdf5PreflightProblem(kHdf5File, [] { std::abort(); }).find("(signal 6)"), std::string::npos);
}

TEST(Hdf5Preflight, ABusyChildWithoutProgressIsStopped) {
    setenv("MESHDIFF_TIME_LIMIT", "1", 1);
    const auto start = Clock::now();
    const std::string problem = hdf5PreflightProblem(kHdf5File, [] {
        const ReadingStep reading(kHdf5File, "reading HDF5 dataset /t2m");
        volatile unsigned long spin = 0;
        for (;;) spin = spin + 1;
    });
    unsetenv("MESHDIFF_TIME_LIMIT");
    EXPECT_EQ(problem,
              "damaged HDF5 file: reading its structure made no progress for 1 s while reading HDF5 dataset /t2m");
    EXPECT_LT(Clock::now() - start, std::chrono::seconds(60));
}

// The limit is on progress: a child that keeps reading for 3 s under a 1 s limit is not stopped
// (nor taken for one asleep on an inherited lock, though it sleeps between its steps).
TEST(Hdf5Preflight, AChildMakingProgressPastTheLimitIsNotStopped) {
    setenv("MESHDIFF_TIME_LIMIT", "1", 1);
    const std::string problem = hdf5PreflightProblem(kHdf5File, [] {
        for (int step = 0; step < 30; ++step) {
            noteReadProgress();
            std::this_thread::sleep_for(std::chrono::milliseconds(100));
        }
    });
    unsetenv("MESHDIFF_TIME_LIMIT");
    EXPECT_EQ(problem, "");
}

// A child that sleeps without using any CPU — as on a lock another thread held at the fork — is
// killed and forked again until one runs to its end (here: exit 7). The children wait on a pipe
// rather than on an inherited mutex: ThreadSanitizer reports on that mutex in the child itself.
int wakeUp[2] = {-1, -1};   // the children read one byte from [0]
int started[2] = {-1, -1};  // each child writes its pid to [1]

TEST(Hdf5Preflight, AChildAsleepWithoutCpuIsForkedAgain) {
    ASSERT_EQ(pipe(wakeUp), 0);
    ASSERT_EQ(pipe(started), 0);
    std::thread waker([] {
        std::this_thread::sleep_for(std::chrono::seconds(3));
        const char byte = 1;
        EXPECT_EQ(write(wakeUp[1], &byte, 1), 1);
    });
    const auto start = Clock::now();
    const std::string problem = hdf5PreflightProblem(kHdf5File, [] {
        const pid_t self = getpid();
        if (write(started[1], &self, sizeof self) != sizeof self) _exit(3);
        char byte = 0;
        while (read(wakeUp[0], &byte, 1) < 0 && errno == EINTR) {}
        _exit(7);
    });
    waker.join();
    EXPECT_EQ(problem, "damaged HDF5 file: reading its structure crashes the HDF5 library (exit 7)");
    EXPECT_GE(Clock::now() - start, std::chrono::seconds(3));
    close(started[1]);
    std::set<pid_t> children;
    for (pid_t child = 0; read(started[0], &child, sizeof child) == sizeof child;) children.insert(child);
    EXPECT_GE(children.size(), 2u) << "the first child, asleep since it started, was forked again";
    for (int fd : {wakeUp[0], wakeUp[1], started[0]}) close(fd);
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

// The window spawns its children (spawnHdf5PreflightChildren) rather than fork itself; this test
// program's main() is also the child's (CoreTestMain.cpp).
class SpawnedPreflight : public ::testing::Test {
protected:
    void SetUp() override { spawnHdf5PreflightChildren("/proc/self/exe"); }
    void TearDown() override { spawnHdf5PreflightChildren(""); }
};

TEST_F(SpawnedPreflight, TheSpawnedProgramIsTheChild) {
    const fs::path program = fs::temp_directory_path() / ("meshdiff_preflight_child_" + std::to_string(getpid()));
    std::ofstream(program) << "#!/bin/sh\nexit 9\n";
    fs::permissions(program, fs::perms::owner_all);
    spawnHdf5PreflightChildren(program.string());
    EXPECT_EQ(hdf5PreflightProblem(kHdf5File),
              "damaged HDF5 file: reading its structure crashes the HDF5 library (exit 9)");
    fs::remove(program);
}

// The same verdict as a forked child's, file by file, on damaged copies (those of
// test_netcdf_damaged_files.cpp), of which some crash libhdf5.
TEST_F(SpawnedPreflight, GivesTheForkedChildsVerdictOnDamagedCopies) {
    EXPECT_EQ(hdf5PreflightProblem(kHdf5File), "");
    const fs::path dir = fs::temp_directory_path() / ("meshdiff_preflight_spawned_" + std::to_string(getpid()));
    int problems = 0;
    const auto copies = test::writeBitFlippedCopies(kHdf5File, dir, 72, 11);
    for (std::size_t i = 0; i < copies.size(); ++i) {
        // Every sixth copy, and copies 40 and 69, which crash libhdf5 1.10 (Debian 12): two
        // children for each copy take ~0.3 s under the sanitizers.
        if (i % 6 != 0 && i != 40 && i != 69) continue;
        const std::string& path = copies[i];
        spawnHdf5PreflightChildren("/proc/self/exe");
        const std::string spawned = hdf5PreflightProblem(path);
        spawnHdf5PreflightChildren("");
        EXPECT_EQ(spawned, hdf5PreflightProblem(path)) << path;
        problems += !spawned.empty();
    }
    fs::remove_all(dir);
    EXPECT_GT(problems, 0) << "none of the copies crashed libhdf5 in a spawned child";
}
