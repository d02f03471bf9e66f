#include "colormap/ScaleHistogram.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace meshdiff::views {

std::size_t ScaleHistogram::largestCount() const {
    return counts.empty() ? 0 : *std::max_element(counts.begin(), counts.end());
}

ColorScale barAxis(const ColorScale& scale, double dataMin, double dataMax) {
    ColorScale axis = scale;
    if (!(dataMin <= dataMax)) return axis;  // no data (NaN or empty)
    if (isDiverging(scale.kind) && scale.min < 0 && scale.max > 0) {
        const double reach = std::max({std::abs(scale.min), std::abs(scale.max), std::abs(dataMin), std::abs(dataMax)});
        axis.min = -reach;
        axis.max = reach;
        return axis;
    }
    axis.min = std::min(scale.min, scale.type == ScaleType::Log ? std::max(dataMin, scale.min) : dataMin);
    axis.max = std::max(scale.max, dataMax);
    return axis;
}

ScaleHistogram histogramOnScale(std::span<const float> values, const ColorScale& scale, int bins) {
    double lo = std::numeric_limits<double>::infinity(), hi = -lo;
    for (float v : values) {
        if (!std::isfinite(v)) continue;
        lo = std::min(lo, double(v));
        hi = std::max(hi, double(v));
    }
    ScaleHistogram histogram;
    histogram.axis = barAxis(scale, lo, hi);
    histogram.counts.assign(std::size_t(std::max(1, bins)), 0);
    const double n = double(histogram.counts.size());
    for (float v : values) {
        const double t = histogram.axis.position(v);
        if (!std::isfinite(t)) continue;
        ++histogram.counts[std::min(histogram.counts.size() - 1, static_cast<std::size_t>(t * n))];
    }
    return histogram;
}

}  // namespace meshdiff::views
