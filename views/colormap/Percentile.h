#pragma once
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <vector>

namespace meshdiff::views {

// The p-th percentile (0..100) by nearest rank, 0 for no values; `values` is reordered.
inline double percentileOf(std::vector<double>& values, double p) {
    if (values.empty()) return 0;
    const double clamped = std::clamp(p, 0.0, 100.0);
    const auto rank = static_cast<std::size_t>(std::llround(clamped / 100.0 * double(values.size() - 1)));
    std::nth_element(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(rank), values.end());
    return values[rank];
}

}  // namespace meshdiff::views
