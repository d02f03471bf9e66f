#include <gtest/gtest.h>

#include <cstdint>
#include <numeric>
#include <vector>

#include "graph/LargeVectors.h"

namespace meshdiff {
namespace {

constexpr std::uintptr_t kHugePage = HugePageAllocator<int>::kHugePage;

std::uintptr_t offsetInHugePage(const void* p) { return reinterpret_cast<std::uintptr_t>(p) % kHugePage; }

TEST(LargeVector, ArraysOfAMegabyteOrMoreStartOnAHugePage) {
    for (std::size_t n : {std::size_t(1) << 18, std::size_t(3'000'001), std::size_t(6'250'000)}) {
        LargeVector<std::int32_t> v(n);
        EXPECT_EQ(offsetInHugePage(v.data()), 0u) << n << " int32";
        // Value-initialised like any vector: the graph readers grow them piece by piece.
        EXPECT_EQ(v.front(), 0);
        EXPECT_EQ(v.back(), 0);
    }
}

TEST(LargeVector, GrowsAndCopiesLikeAVector) {
    LargeVector<std::int32_t> v;
    for (std::int32_t i = 0; i < 700'000; ++i) v.push_back(i);  // through small and huge blocks
    EXPECT_EQ(offsetInHugePage(v.data()), 0u);
    const LargeVector<std::int32_t> copy = v;
    std::vector<std::int32_t> expected(700'000);
    std::iota(expected.begin(), expected.end(), 0);
    EXPECT_TRUE(copy == expected);
    EXPECT_TRUE(expected == copy);
    expected.back() = -1;
    EXPECT_FALSE(copy == expected);
    expected.pop_back();
    EXPECT_FALSE(copy == expected);
}

TEST(LargeVector, SmallArraysUseTheUsualAllocator) {
    // Far below a huge page: no 2 MiB block for a handful of values (the odds that the usual
    // allocator puts all of these on a 2 MiB boundary by chance are nil).
    int aligned = 0;
    std::vector<LargeVector<double>> small;
    for (int i = 0; i < 16; ++i) {
        small.emplace_back(100, 1.0);
        aligned += offsetInHugePage(small.back().data()) == 0;
    }
    EXPECT_LT(aligned, 16);
}

}  // namespace
}  // namespace meshdiff
