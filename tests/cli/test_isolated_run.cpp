// The reading child of `compare` (app/cli/IsolatedRun.h) is stopped when its reads make no
// progress for the limit, not when they take longer than it.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <thread>

#include "cli/Command.h"
#include "cli/IsolatedRun.h"
#include "io/ReadProgress.h"

using namespace meshdiff;
using namespace std::chrono_literals;

namespace {

class IsolatedRun : public ::testing::Test {
protected:
    void SetUp() override { setenv("MESHDIFF_TIME_LIMIT", "1", 1); }
    void TearDown() override { unsetenv("MESHDIFF_TIME_LIMIT"); }
};

}  // namespace

TEST_F(IsolatedRun, TheLimitComesFromTheEnvironment) {
    EXPECT_EQ(cli::readStallLimit(), 1s);
    unsetenv("MESHDIFF_TIME_LIMIT");
    EXPECT_EQ(cli::readStallLimit(), 30s);
    setenv("MESHDIFF_TIME_LIMIT", "0", 1);
    EXPECT_EQ(cli::readStallLimit(), 0s);
}

TEST_F(IsolatedRun, AReadThatKeepsMakingProgressIsNotStopped) {
    // 3 s of reading with progress every 100 ms, under a 1 s limit.
    testing::internal::CaptureStderr();
    const int status = cli::runIsolated(
        [] {
            const ReadingStep reading("A.npz", "inflating member g2m_senders");
            for (int piece = 0; piece < 30; ++piece) {
                noteReadProgress();
                std::this_thread::sleep_for(100ms);
            }
            return cli::kExitDifferent;
        },
        cli::readStallLimit());
    const std::string err = testing::internal::GetCapturedStderr();
    EXPECT_EQ(status, cli::kExitDifferent) << err;
    EXPECT_EQ(err, "");
}

TEST_F(IsolatedRun, AStalledReadIsStoppedNamingTheFileAndTheStep) {
    const auto start = std::chrono::steady_clock::now();
    testing::internal::CaptureStderr();
    const int status = cli::runIsolated(
        [] {
            const ReadingStep reading("runs/B.npz", "inflating member g2m_senders");
            // Another thread reads A meanwhile, to its end: the stalled read is B's.
            std::thread([] { const ReadingStep other("runs/A.npz", "reading member mesh_lat"); }).join();
            std::this_thread::sleep_for(60s);
            return cli::kExitSame;
        },
        cli::readStallLimit());
    const std::string err = testing::internal::GetCapturedStderr();
    EXPECT_EQ(status, cli::kExitError);
    EXPECT_EQ(err,
              "meshdiff: error: stopped reading runs/B.npz: no progress for 1 s while inflating member g2m_senders "
              "(MESHDIFF_TIME_LIMIT=SECONDS sets how long a read may make no progress, 0: no limit)\n");
    EXPECT_LT(std::chrono::steady_clock::now() - start, 20s);
}

TEST_F(IsolatedRun, ACrashNamesWhatWasBeingRead) {
    testing::internal::CaptureStderr();
    const int status = cli::runIsolated(
        [] {
            const ReadingStep reading("runs/B.npz", "inflating member g2m_senders");
            std::abort();
            return cli::kExitSame;
        },
        cli::readStallLimit());
    const std::string err = testing::internal::GetCapturedStderr();
    EXPECT_EQ(status, cli::kExitError);
    EXPECT_NE(err.find("crashed (signal 6"), std::string::npos) << err;
    EXPECT_NE(err.find("while inflating member g2m_senders of runs/B.npz; the file is damaged\n"), std::string::npos)
        << err;
    EXPECT_EQ(err.find("HDF5"), std::string::npos) << err;
}
