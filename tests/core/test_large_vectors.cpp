#include <gtest/gtest.h>
#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <numeric>
#include <sstream>
#include <string>
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

// The kilobytes of huge pages backing the mapping that holds `p`, from /proc/self/smaps.
std::size_t hugePageKiBOfMappingHolding(const void* p) {
    const auto at = reinterpret_cast<std::uintptr_t>(p);
    std::ifstream smaps("/proc/self/smaps");
    bool inside = false;
    for (std::string line; std::getline(smaps, line);) {
        std::uintptr_t begin = 0, end = 0;
        char dash = 0;
        std::istringstream range(line);
        if (range >> std::hex >> begin >> dash >> end && dash == '-') {
            inside = begin <= at && at < end;
        } else if (inside && line.rfind("AnonHugePages:", 0) == 0) {
            return std::stoul(line.substr(line.find(':') + 1));
        }
    }
    return 0;
}

// Three huge pages and 64 KiB, all touched: the kernel may back the first three with huge pages
// (when it has them), never the fourth. Exits 0 when it does not.
[[noreturn]] void touchThreeHugePagesAndATail() {
    LargeVector<char> v(3 * kHugePage + (64 << 10), 1);
    std::_Exit(hugePageKiBOfMappingHolding(v.data()) <= 3 * kHugePage / 1024 ? 0 : 1);
}

TEST(LargeVector, AShortTailStaysInSmallPages) {
    EXPECT_EQ(HugePageAllocator<char>::advised(3 * kHugePage), 3 * kHugePage);
    EXPECT_EQ(HugePageAllocator<char>::advised(3 * kHugePage + kHugePage / 4), 3 * kHugePage);
    EXPECT_EQ(HugePageAllocator<char>::advised(3 * kHugePage + kHugePage / 4 + 1), 4 * kHugePage);
    // In a fresh process (the "threadsafe" style runs the test binary anew): here, earlier tests'
    // advised heap memory may be reused and merged with the block's mapping.
    GTEST_FLAG_SET(death_test_style, "threadsafe");
    EXPECT_EXIT(touchThreeHugePagesAndATail(), testing::ExitedWithCode(0), "");
}

// Whether every page of [p, p + bytes) is in memory (mincore), touched or not.
bool everyPageResident(const void* p, std::size_t bytes) {
    const auto page = static_cast<std::uintptr_t>(::sysconf(_SC_PAGESIZE));
    const auto begin = reinterpret_cast<std::uintptr_t>(p) & ~(page - 1);
    const std::uintptr_t end = reinterpret_cast<std::uintptr_t>(p) + bytes;
    std::vector<unsigned char> resident((end - begin + page - 1) / page);
    if (::mincore(reinterpret_cast<void*>(begin), end - begin, resident.data()) != 0) return false;
    return std::all_of(resident.begin(), resident.end(), [](unsigned char r) { return (r & 1) != 0; });
}

// Room for 8 MiB reserved and never written, as a LargeVector and through reserveLarge: exits 0
// when every page of both is mapped all the same.
[[noreturn]] void reserveEightMegabytesWithoutWriting() {
    constexpr std::size_t kBytes = std::size_t(8) << 20;
    LargeVector<char> large;
    large.reserve(kBytes);
    std::vector<double> plain;
    reserveLarge(plain, kBytes / sizeof(double));
    std::_Exit(everyPageResident(large.data(), kBytes) && everyPageResident(plain.data(), kBytes) ? 0 : 1);
}

TEST(LargeVector, IsMappedWhenAllocatedNotAPageFaultAtATime) {
    // In a fresh process, where the memory cannot be pages an earlier test already touched.
    GTEST_FLAG_SET(death_test_style, "threadsafe");
    EXPECT_EXIT(reserveEightMegabytesWithoutWriting(), testing::ExitedWithCode(0), "");
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
