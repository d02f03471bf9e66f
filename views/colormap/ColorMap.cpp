#include "colormap/ColorMap.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <limits>

namespace meshdiff::views {
namespace {

using Anchors = std::array<Rgb, 11>;

// Eleven evenly spaced anchor colours per map.
constexpr Anchors kDiverging{{{5, 48, 97},
                              {33, 102, 172},
                              {67, 147, 195},
                              {146, 197, 222},
                              {209, 229, 240},
                              {247, 247, 247},
                              {253, 219, 199},
                              {244, 165, 130},
                              {214, 96, 77},
                              {178, 24, 43},
                              {103, 0, 31}}};
constexpr Anchors kViridis{{{68, 1, 84},
                            {72, 36, 117},
                            {65, 68, 135},
                            {53, 95, 141},
                            {42, 120, 142},
                            {33, 145, 140},
                            {34, 168, 132},
                            {68, 191, 112},
                            {122, 209, 81},
                            {189, 223, 38},
                            {253, 231, 37}}};
constexpr Anchors kCividis{{{0, 34, 78},
                            {18, 53, 112},
                            {59, 73, 108},
                            {87, 93, 109},
                            {112, 113, 115},
                            {138, 135, 121},
                            {166, 157, 117},
                            {196, 181, 108},
                            {228, 207, 91},
                            {254, 232, 56},
                            {255, 234, 70}}};

const Anchors& anchorsOf(ColorMapKind kind) {
    switch (kind) {
        case ColorMapKind::Diverging: return kDiverging;
        case ColorMapKind::Cividis: return kCividis;
        case ColorMapKind::Viridis: break;
    }
    return kViridis;
}

template <class T>
std::vector<double> finiteValues(std::span<const T> values, bool absolute, bool positiveOnly) {
    std::vector<double> out;
    out.reserve(values.size());
    for (T v : values) {
        if (!std::isfinite(v)) continue;
        double d = absolute ? std::abs(double(v)) : double(v);
        if (positiveOnly && d <= 0) continue;
        out.push_back(d);
    }
    return out;
}

// The p-th percentile (0..100) by nearest rank; `values` is reordered.
double percentileOf(std::vector<double>& values, double p) {
    const double clamped = std::clamp(p, 0.0, 100.0);
    const auto rank = static_cast<std::size_t>(std::llround(clamped / 100.0 * double(values.size() - 1)));
    std::nth_element(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(rank), values.end());
    return values[rank];
}

template <class T>
ColorScale diverging(std::span<const T> values, const LimitOptions& limits) {
    std::vector<double> magnitudes = finiteValues(values, true, false);
    double limit = 0;
    if (!magnitudes.empty()) {
        limit = limits.mode == LimitMode::Robust ? percentileOf(magnitudes, limits.percentile)
                                                 : *std::max_element(magnitudes.begin(), magnitudes.end());
    }
    if (!(limit > 0)) limit = 1;
    return ColorScale{ColorMapKind::Diverging, -limit, limit, false};
}

template <class T>
ColorScale sequential(std::span<const T> values, ColorMapKind kind, const LimitOptions& limits, bool log) {
    std::vector<double> data = finiteValues(values, false, log);
    ColorScale scale{kind, log ? 1.0 : 0.0, log ? 10.0 : 1.0, log};
    if (data.empty()) return scale;
    if (limits.mode == LimitMode::Robust) {
        scale.min = percentileOf(data, 100.0 - limits.percentile);
        scale.max = percentileOf(data, limits.percentile);
    } else {
        const auto [lo, hi] = std::minmax_element(data.begin(), data.end());
        scale.min = *lo;
        scale.max = *hi;
    }
    if (!(scale.max > scale.min)) {
        // A constant field: widen the range so that it still maps to one colour.
        scale.max = log ? scale.min * 10 : scale.min + (scale.min == 0 ? 1 : std::abs(scale.min) * 1e-6);
    }
    return scale;
}

double niceStep(double span, int count) {
    const double raw = span / std::max(1, count);
    const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
    for (double m : {1.0, 2.0, 2.5, 5.0, 10.0}) {
        if (m * magnitude >= raw) return m * magnitude;
    }
    return 10 * magnitude;
}

}  // namespace

Rgb sampleColorMap(ColorMapKind kind, double t) {
    const Anchors& anchors = anchorsOf(kind);
    if (!std::isfinite(t)) return kMissingColor;
    const double x = std::clamp(t, 0.0, 1.0) * double(anchors.size() - 1);
    const auto i = std::min<std::size_t>(static_cast<std::size_t>(x), anchors.size() - 2);
    const double f = x - double(i);
    auto mix = [f](std::uint8_t a, std::uint8_t b) {
        return static_cast<std::uint8_t>(std::lround(a + (double(b) - double(a)) * f));
    };
    const Rgb& a = anchors[i];
    const Rgb& b = anchors[i + 1];
    return Rgb{mix(a.r, b.r), mix(a.g, b.g), mix(a.b, b.b)};
}

std::string colorMapName(ColorMapKind kind) {
    switch (kind) {
        case ColorMapKind::Diverging: return "diverging";
        case ColorMapKind::Viridis: return "viridis";
        case ColorMapKind::Cividis: return "cividis";
    }
    return "viridis";
}

double ColorScale::position(double value) const {
    if (!std::isfinite(value)) return std::numeric_limits<double>::quiet_NaN();
    double t;
    if (log) {
        const double lo = std::log10(min), hi = std::log10(max);
        t = value > 0 ? (std::log10(value) - lo) / (hi - lo) : 0.0;
    } else {
        t = max > min ? (value - min) / (max - min) : 0.5;
    }
    return std::clamp(t, 0.0, 1.0);
}

Rgb ColorScale::color(double value) const {
    const double t = position(value);
    return std::isfinite(t) ? sampleColorMap(kind, t) : kMissingColor;
}

double ColorScale::valueAt(double t) const {
    if (log) return std::pow(10.0, std::log10(min) + t * (std::log10(max) - std::log10(min)));
    return min + t * (max - min);
}

std::vector<double> ColorScale::ticks(int count) const {
    std::vector<double> out;
    if (!(max > min)) return {min};
    if (log) {
        for (double e = std::ceil(std::log10(min)); e <= std::floor(std::log10(max)) + 1e-9; e += 1) {
            out.push_back(std::pow(10.0, e));
        }
        if (out.size() < 2) out = {min, max};
        return out;
    }
    const double step = niceStep(max - min, count);
    for (double v = std::ceil(min / step) * step; v <= max + step * 1e-9; v += step) {
        out.push_back(std::abs(v) < step * 1e-9 ? 0.0 : v);
    }
    return out;
}

ColorScale divergingScale(std::span<const float> values, const LimitOptions& limits) {
    return diverging(values, limits);
}
ColorScale divergingScale(std::span<const double> values, const LimitOptions& limits) {
    return diverging(values, limits);
}
ColorScale sequentialScale(std::span<const float> values, ColorMapKind kind, const LimitOptions& limits, bool log) {
    return sequential(values, kind, limits, log);
}
ColorScale sequentialScale(std::span<const double> values, ColorMapKind kind, const LimitOptions& limits, bool log) {
    return sequential(values, kind, limits, log);
}

std::string formatValue(double value) {
    if (std::isnan(value)) return "NaN";
    char text[32];
    const double magnitude = std::abs(value);
    if (magnitude != 0 && (magnitude < 1e-3 || magnitude >= 1e5)) {
        std::snprintf(text, sizeof text, "%.3e", value);
    } else {
        std::snprintf(text, sizeof text, "%.4g", value);
    }
    return text;
}

}  // namespace meshdiff::views
