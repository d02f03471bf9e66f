#include "colormap/DifferenceScale.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include "colormap/Percentile.h"

namespace meshdiff::views {

DifferenceStats differenceStats(std::span<const float> values, double percentile) {
    DifferenceStats stats;
    std::vector<double> magnitudes;
    magnitudes.reserve(values.size());
    double sumSquares = 0;
    for (float v : values) {
        if (!std::isfinite(v)) continue;
        const double m = std::abs(double(v));
        magnitudes.push_back(m);
        sumSquares += m * m;
        stats.maxAbs = std::max(stats.maxAbs, m);
    }
    stats.count = magnitudes.size();
    if (stats.count == 0 || stats.maxAbs == 0) return stats;
    stats.rms = std::sqrt(sumSquares / double(stats.count));
    stats.percentileAbs = percentileOf(magnitudes, percentile);
    double floor = percentileOf(magnitudes, 95.0);
    if (floor == 0) {
        std::erase(magnitudes, 0.0);
        floor = percentileOf(magnitudes, 5.0);
    }
    stats.noiseFloor = std::clamp(floor, stats.maxAbs * 1e-6, stats.maxAbs / 10);
    return stats;
}

ScaleType chooseScaleType(const DifferenceStats& stats) {
    return stats.maxAbs > 10 * stats.rms && stats.noiseFloor > 0 ? ScaleType::SymLog : ScaleType::Linear;
}

ColorScale differenceScale(const DifferenceStats& stats, ScaleChoice choice, const LimitOptions& limits) {
    ColorScale scale = divergingWithin(limits.mode == LimitMode::Robust ? stats.percentileAbs : stats.maxAbs, limits);
    scale.type = choice == ScaleChoice::Linear   ? ScaleType::Linear
                 : choice == ScaleChoice::SymLog ? ScaleType::SymLog
                                                 : chooseScaleType(stats);
    const double reach = std::max(std::abs(scale.min), std::abs(scale.max));
    const double floor = stats.noiseFloor > 0 ? stats.noiseFloor : reach * 1e-3;
    scale.linearWidth = std::min(floor, reach / 10);
    if (!(scale.linearWidth > 0)) scale.linearWidth = 1;
    return scale;
}

ColorScale differenceScale(std::span<const float> values, ScaleChoice choice, const LimitOptions& limits) {
    return differenceScale(differenceStats(values, limits.percentile), choice, limits);
}

ColorScale magnitudeScale(const ColorScale& difference, ColorMapKind kind) {
    ColorScale scale;
    scale.kind = kind;
    scale.limitsName = difference.limitsName;
    scale.max = std::max(std::abs(difference.min), std::abs(difference.max));
    if (!(scale.max > 0)) scale.max = 1;
    if (difference.type == ScaleType::Linear) {
        scale.min = 0;
        return scale;
    }
    scale.type = ScaleType::Log;
    scale.min = std::min(difference.linearWidth, scale.max / 10);
    return scale;
}

}  // namespace meshdiff::views
