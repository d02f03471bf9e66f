#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <thread>
#include <vector>

#include "io/ReadProgress.h"

using namespace meshdiff;

namespace {

bool names(const ReadState& state, const std::string& path, const std::string& step) {
    return std::any_of(state.reading.begin(), state.reading.end(),
                       [&](const ReadState::Step& s) { return s.path == path && s.step == step; });
}

}  // namespace

TEST(ReadProgress, TheBoardNamesTheStepUnderWayAndItsEnclosingStepAfterIt) {
    ReadProgressBoard board;
    board.reportHere();
    const ReadingStep file("B.npz", "reading the zip directory");
    {
        const ReadingStep member("B.npz", "inflating member g2m_senders");
        EXPECT_TRUE(names(board.current(), "B.npz", "inflating member g2m_senders"));
        EXPECT_FALSE(names(board.current(), "B.npz", "reading the zip directory"));
    }
    EXPECT_TRUE(names(board.current(), "B.npz", "reading the zip directory"));
    const auto before = board.current().progress;
    noteReadProgress();
    EXPECT_EQ(board.current().progress, before + 1);
}

// More threads than the board has slots: the later ones share the last slot (ThreadSanitizer
// checks that they do so without a race) and every step still counts as progress.
TEST(ReadProgress, MoreReadingThreadsThanSlotsShareTheLastOneSafely) {
    ReadProgressBoard board;
    board.reportHere();
    constexpr int kThreads = 80, kSteps = 50;
    std::vector<std::thread> threads;
    for (int t = 0; t < kThreads; ++t) {
        threads.emplace_back([t] {
            for (int k = 0; k < kSteps; ++k) {
                const ReadingStep step("run" + std::to_string(t) + ".npz", "member " + std::to_string(k));
                noteReadProgress();
            }
        });
    }
    std::uint64_t seen = 0;
    for (int poll = 0; poll < 200; ++poll) seen = std::max(seen, board.current().progress);
    for (auto& thread : threads) thread.join();
    EXPECT_EQ(board.current().progress, std::uint64_t(2 * kThreads * kSteps));
    EXPECT_LE(seen, board.current().progress);
}
