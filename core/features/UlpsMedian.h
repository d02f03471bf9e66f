#pragma once
#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace meshdiff {

// The median of `n` non-negative ULP counts, as the middle of a sorted copy gives it, without the
// copy. `each(f)` calls f(value) for every value, in any order. The bits of a non-negative double
// sort as its value, so a histogram of their leading 16 bits finds the bucket holding a rank, and
// only that bucket's values are selected among.
template <class Each>
double ulpsMedian(std::size_t n, const Each& each) {
    if (n == 0) return 0;
    auto bucketOf = [](double ulps) { return std::bit_cast<std::uint64_t>(ulps) >> 48; };
    std::vector<std::size_t> count(std::size_t(1) << 16, 0);
    each([&](double ulps) { ++count[bucketOf(ulps)]; });
    auto atRank = [&](std::size_t rank) {
        std::size_t bucket = 0, before = 0;
        while (before + count[bucket] <= rank) before += count[bucket++];
        std::vector<double> values;
        values.reserve(count[bucket]);
        each([&](double ulps) {
            if (bucketOf(ulps) == bucket) values.push_back(ulps);
        });
        const auto nth = values.begin() + std::ptrdiff_t(rank - before);
        std::nth_element(values.begin(), nth, values.end());
        return *nth;
    };
    const std::size_t mid = n / 2;
    const double upper = atRank(mid);
    if (n % 2 == 1) return upper;
    return (atRank(mid - 1) + upper) / 2;
}

}  // namespace meshdiff
