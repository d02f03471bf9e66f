// TBB's loops run their bodies on more than one thread at once, in every build: the ThreadSanitizer
// stage links a libtbb built with TSan (scripts/build-tsan-tbb.sh) so that it checks meshdiff's
// parallel code with real parallelism. If TBB ran on one thread (a global_control limit, a
// one-thread arena), each body below would wait for a partner that never comes, and fail.
#include <gtest/gtest.h>
#include <tbb/blocked_range.h>
#include <tbb/info.h>
#include <tbb/parallel_for.h>
#include <tbb/parallel_invoke.h>
#include <tbb/parallel_pipeline.h>

#include <atomic>
#include <chrono>
#include <mutex>
#include <set>
#include <thread>

namespace meshdiff {
namespace {

// Two bodies meet here: each waits for the other to arrive, which only a second thread can do.
class Rendezvous {
public:
    // True when both bodies were running at the same time; false after 20 s alone.
    bool arriveAndWaitForPartner() {
        {
            std::lock_guard lock(mutex_);
            threads_.insert(std::this_thread::get_id());
        }
        arrived_.fetch_add(1);
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
        while (arrived_.load() < 2) {
            if (std::chrono::steady_clock::now() > deadline) return false;
            std::this_thread::yield();
        }
        return true;
    }

    std::size_t threadCount() {
        std::lock_guard lock(mutex_);
        return threads_.size();
    }

private:
    std::atomic<int> arrived_{0};
    std::mutex mutex_;
    std::set<std::thread::id> threads_;
};

class TbbParallelism : public ::testing::Test {
protected:
    void SetUp() override {
        if (tbb::info::default_concurrency() < 2) GTEST_SKIP() << "this machine has one core";
    }
};

TEST_F(TbbParallelism, ParallelForRunsItsChunksOnTwoThreadsAtOnce) {
    Rendezvous rendezvous;
    std::atomic<int> met{0};
    tbb::parallel_for(
        tbb::blocked_range<int>(0, 2, 1),
        [&](const tbb::blocked_range<int>& range) {
            for (int i = range.begin(); i != range.end(); ++i) met += rendezvous.arriveAndWaitForPartner() ? 1 : 0;
        },
        tbb::simple_partitioner());
    EXPECT_EQ(met.load(), 2);
    EXPECT_EQ(rendezvous.threadCount(), 2u);
}

TEST_F(TbbParallelism, ParallelInvokeRunsItsFunctionsOnTwoThreadsAtOnce) {
    Rendezvous rendezvous;
    bool first = false;
    bool second = false;
    tbb::parallel_invoke([&] { first = rendezvous.arriveAndWaitForPartner(); },
                         [&] { second = rendezvous.arriveAndWaitForPartner(); });
    EXPECT_TRUE(first);
    EXPECT_TRUE(second);
    EXPECT_EQ(rendezvous.threadCount(), 2u);
}

TEST_F(TbbParallelism, ParallelPipelineRunsItsParallelStageOnTwoItemsAtOnce) {
    Rendezvous rendezvous;
    std::atomic<int> met{0};
    int produced = 0;
    tbb::parallel_pipeline(2,
                           tbb::make_filter<void, int>(tbb::filter_mode::serial_in_order, [&](tbb::flow_control& fc) {
                               if (produced == 2) fc.stop();
                               return produced++;
                           }) & tbb::make_filter<int, void>(tbb::filter_mode::parallel, [&](int) {
                               met += rendezvous.arriveAndWaitForPartner() ? 1 : 0;
                           }));
    EXPECT_EQ(met.load(), 2);
    EXPECT_EQ(rendezvous.threadCount(), 2u);
}

}  // namespace
}  // namespace meshdiff
