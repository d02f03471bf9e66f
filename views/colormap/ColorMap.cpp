#include "colormap/ColorMap.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <limits>

#include "colormap/Percentile.h"

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

// Magma sampled at eleven even steps of its published definition.
constexpr Anchors kMagma{{{0, 0, 4},
                          {20, 14, 54},
                          {59, 15, 112},
                          {100, 26, 128},
                          {140, 41, 129},
                          {183, 55, 121},
                          {222, 73, 104},
                          {246, 112, 92},
                          {254, 159, 109},
                          {254, 207, 146},
                          {252, 253, 191}}};
// Balance-like, built in CIELAB: L* = 15 at the ends to 95 at the centre in even steps, hue 280°
// (blue) below the centre and 30° (red) above, chroma highest halfway; converted to sRGB.
constexpr Anchors kBalance{{{0, 38, 80},
                            {0, 74, 148},
                            {23, 112, 203},
                            {102, 152, 239},
                            {171, 195, 255},
                            {244, 240, 238},
                            {255, 171, 162},
                            {244, 111, 104},
                            {202, 59, 60},
                            {144, 23, 32},
                            {78, 12, 13}}};

const Anchors& anchorsOf(ColorMapKind kind) {
    switch (kind) {
        case ColorMapKind::Diverging: return kDiverging;
        case ColorMapKind::Cividis: return kCividis;
        case ColorMapKind::Magma: return kMagma;
        case ColorMapKind::Balance: return kBalance;
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

template <class T>
ColorScale diverging(std::span<const T> values, const LimitOptions& limits) {
    std::vector<double> magnitudes = finiteValues(values, true, false);
    double limit = 0;
    if (!magnitudes.empty()) {
        limit = limits.mode == LimitMode::Robust ? percentileOf(magnitudes, limits.percentile)
                                                 : *std::max_element(magnitudes.begin(), magnitudes.end());
    }
    return divergingWithin(limit, limits);
}

template <class T>
ColorScale sequential(std::span<const T> values, ColorMapKind kind, const LimitOptions& limits, bool log) {
    std::vector<double> data = finiteValues(values, false, log);
    ColorScale scale;
    scale.kind = kind;
    scale.min = log ? 1.0 : 0.0;
    scale.max = log ? 10.0 : 1.0;
    scale.type = log ? ScaleType::Log : ScaleType::Linear;
    // Manual limits belong to A−B (the linked scale); A and B keep their full range then.
    scale.limitsName = limitsName(limits.mode == LimitMode::Manual ? LimitOptions{} : limits);
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
        case ColorMapKind::Diverging: return "RdBu";
        case ColorMapKind::Viridis: return "viridis";
        case ColorMapKind::Cividis: return "cividis";
        case ColorMapKind::Magma: return "magma";
        case ColorMapKind::Balance: return "balance";
    }
    return "viridis";
}

bool isDiverging(ColorMapKind kind) { return kind == ColorMapKind::Diverging || kind == ColorMapKind::Balance; }

namespace {

// The bar coordinate of a value before normalisation: the scale's transform.
double forward(const ColorScale& s, double v) {
    switch (s.type) {
        case ScaleType::Log: return std::log10(std::max(v, s.min));
        case ScaleType::SymLog: return std::copysign(std::log10(1.0 + std::abs(v) / s.linearWidth), v);
        case ScaleType::Linear: break;
    }
    return v;
}

double inverse(const ColorScale& s, double u) {
    switch (s.type) {
        case ScaleType::Log: return std::pow(10.0, u);
        case ScaleType::SymLog: return std::copysign(s.linearWidth * (std::pow(10.0, std::abs(u)) - 1.0), u);
        case ScaleType::Linear: break;
    }
    return u;
}

bool centredOnZero(const ColorScale& s) { return isDiverging(s.kind) && s.min < 0 && s.max > 0; }

// Decades 10^e (e from lo to hi) thinned to at most `count` labels, keeping the largest.
std::vector<double> decades(double lo, double hi, int count) {
    const int first = int(std::ceil(std::log10(lo) - 1e-9)), last = int(std::floor(std::log10(hi) + 1e-9));
    std::vector<double> out;
    if (last < first) return out;
    const int step = std::max(1, (last - first + count) / std::max(1, count));
    for (int e = last; e >= first; e -= step) out.insert(out.begin(), std::pow(10.0, e));
    return out;
}

// "3e-05" → "3e-5", "1e+06" → "1e6".
std::string shortExponent(std::string text) {
    const auto e = text.find('e');
    if (e == std::string::npos) return text;
    std::string exponent = text.substr(e + 1);
    const bool negative = !exponent.empty() && exponent[0] == '-';
    if (!exponent.empty() && (exponent[0] == '-' || exponent[0] == '+')) exponent.erase(0, 1);
    while (exponent.size() > 1 && exponent[0] == '0') exponent.erase(0, 1);
    return text.substr(0, e) + "e" + (negative ? "-" : "") + exponent;
}

std::string compactNumber(double value, int digits) {
    char text[32];
    std::snprintf(text, sizeof text, "%.*g", digits, value);
    return shortExponent(text);
}

}  // namespace

double ColorScale::position(double value) const {
    if (!std::isfinite(value)) return std::numeric_limits<double>::quiet_NaN();
    double t = 0.5;
    if (centredOnZero(*this)) {
        t = value >= 0 ? 0.5 + 0.5 * forward(*this, value) / forward(*this, max)
                       : 0.5 - 0.5 * forward(*this, value) / forward(*this, min);
    } else {
        const double lo = forward(*this, min), hi = forward(*this, max);
        if (hi > lo) t = (forward(*this, value) - lo) / (hi - lo);
        else if (type == ScaleType::Log && value <= min) t = 0;
    }
    return std::clamp(t, 0.0, 1.0);
}

Rgb ColorScale::color(double value) const {
    const double t = position(value);
    return std::isfinite(t) ? sampleColorMap(kind, t) : kMissingColor;
}

double ColorScale::valueAt(double t) const {
    if (centredOnZero(*this)) {
        return t >= 0.5 ? inverse(*this, (t - 0.5) * 2 * forward(*this, max))
                        : inverse(*this, (0.5 - t) * 2 * forward(*this, min));
    }
    const double lo = forward(*this, min), hi = forward(*this, max);
    return inverse(*this, lo + t * (hi - lo));
}

std::vector<double> ColorScale::ticks(int count) const {
    std::vector<double> out;
    if (!(max > min)) return {min};
    if (type == ScaleType::Log) {
        out = decades(min, max, count);
        if (out.size() < 2) out = {min, max};
        return out;
    }
    if (type == ScaleType::SymLog) {
        const double reach = std::max(std::abs(min), std::abs(max));
        // Below a decade of log part the bar is nearly linear: round linear ticks read better.
        if (reach >= 10 * linearWidth) {
            const bool twoSided = min < 0 && max > 0;
            const int perSide = twoSided ? std::max(1, (count - 1) / 2) : count;
            const std::vector<double> up = decades(linearWidth, reach, perSide);
            for (auto it = up.rbegin(); it != up.rend(); ++it) {
                if (-*it >= min) out.push_back(-*it);
            }
            if (min <= 0 && max >= 0) out.push_back(0.0);
            for (double d : up) {
                if (d <= max) out.push_back(d);
            }
            if (out.size() >= 2) return out;
            out.clear();
        }
    }
    const double step = niceStep(max - min, count);
    for (double v = std::ceil(min / step) * step; v <= max + step * 1e-9; v += step) {
        out.push_back(std::abs(v) < step * 1e-9 ? 0.0 : v);
    }
    return out;
}

std::string describeScale(const ColorScale& scale) {
    switch (scale.type) {
        case ScaleType::Log: return "log";
        case ScaleType::SymLog: return "symlog, linear within ±" + formatTick(scale.linearWidth);
        case ScaleType::Linear: break;
    }
    return "linear";
}

ColorScale divergingWithin(double limit, const LimitOptions& limits) {
    if (!(limit > 0)) limit = 1;
    ColorScale scale;
    scale.kind = ColorMapKind::Diverging;
    scale.min = -limit;
    scale.max = limit;
    if (limits.mode == LimitMode::Manual && limits.manualMin < limits.manualMax) {
        scale.min = limits.manualMin;
        scale.max = limits.manualMax;
    }
    scale.limitsName = limitsName(limits);
    return scale;
}

std::string limitsName(const LimitOptions& limits) {
    switch (limits.mode) {
        case LimitMode::Robust:
            return "robust " + compactNumber(100.0 - limits.percentile, 3) + "–" + compactNumber(limits.percentile, 3) +
                   " %";
        case LimitMode::Manual: return "manual";
        case LimitMode::Full: break;
    }
    return "full range";
}

std::string formatTick(double value) {
    if (value == 0 || !std::isfinite(value)) return value == 0 ? "0" : formatValue(value);
    const double magnitude = std::abs(value);
    if (magnitude < 1e-3 || magnitude >= 1e5) {
        char text[32];
        std::snprintf(text, sizeof text, "%.1e", value);
        std::string out = text;  // "2.5e-04"; "1.0e-04" → "1e-04"
        if (const auto dot = out.find(".0e"); dot != std::string::npos) out.erase(dot, 2);
        return shortExponent(out);
    }
    return compactNumber(value, 4);
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
