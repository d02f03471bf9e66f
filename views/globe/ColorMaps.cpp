#include "globe/ColorMaps.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <limits>

namespace meshdiff::views {
namespace {

template <std::size_t N>
Rgb interpolate(const std::array<Rgb, N>& stops, double t) {
    if (!(t >= 0)) t = 0;
    t = std::min(t, 1.0) * (N - 1);
    const std::size_t i = std::min<std::size_t>(static_cast<std::size_t>(t), N - 2);
    const double f = t - static_cast<double>(i);
    auto mix = [f](std::uint8_t a, std::uint8_t b) {
        return static_cast<std::uint8_t>(std::lround(a + (b - a) * f));
    };
    return {mix(stops[i].r, stops[i + 1].r), mix(stops[i].g, stops[i + 1].g), mix(stops[i].b, stops[i + 1].b)};
}

constexpr std::array<Rgb, 9> kPRGn{{{64, 0, 75}, {118, 42, 131}, {153, 112, 171}, {194, 165, 207}, {247, 247, 247},
                                    {166, 219, 160}, {90, 174, 97}, {27, 120, 55}, {0, 68, 27}}};
constexpr std::array<Rgb, 9> kViridis{{{68, 1, 84}, {71, 44, 122}, {59, 81, 139}, {44, 113, 142}, {33, 144, 141},
                                       {39, 173, 129}, {92, 200, 99}, {170, 220, 50}, {253, 231, 37}}};

}  // namespace

Rgb divergingColor(double t) { return interpolate(kPRGn, t); }
Rgb sequentialColor(double t) { return interpolate(kViridis, t); }

ColorLimits overlayLimits(const FieldOverlay& overlay) {
    double lo = overlay.min, hi = overlay.max;
    if (!(lo < hi)) {
        lo = std::numeric_limits<double>::infinity();
        hi = -lo;
        for (float v : overlay.values) {
            if (!std::isfinite(v)) continue;
            if (overlay.mode == FieldOverlayMode::SequentialLog && !(v > 0)) continue;
            lo = std::min(lo, double(v));
            hi = std::max(hi, double(v));
        }
        if (!(lo <= hi)) lo = hi = 0;
    }
    if (overlay.mode == FieldOverlayMode::Diverging) {
        const double m = std::max(std::abs(lo), std::abs(hi));
        return m > 0 ? ColorLimits{-m, m} : ColorLimits{-1, 1};
    }
    if (overlay.mode == FieldOverlayMode::SequentialLog) {
        if (!(hi > 0)) return {1e-12, 1};
        lo = lo > 0 ? lo : hi * 1e-6;
        if (!(lo < hi)) lo = hi / 10;
        return {lo, hi};
    }
    if (!(lo < hi)) return {lo, lo + 1};
    return {lo, hi};
}

bool overlayColor(const FieldOverlay& overlay, const ColorLimits& limits, double value, Rgb& out) {
    if (!std::isfinite(value)) return false;
    switch (overlay.mode) {
    case FieldOverlayMode::Diverging:
        out = divergingColor((value - limits.low) / (limits.high - limits.low));
        return true;
    case FieldOverlayMode::Sequential:
        out = sequentialColor((value - limits.low) / (limits.high - limits.low));
        return true;
    case FieldOverlayMode::SequentialLog: {
        const double v = std::max(value, limits.low);
        out = sequentialColor(std::log(v / limits.low) / std::log(limits.high / limits.low));
        return true;
    }
    }
    return false;
}

Rgb ulpColor(std::uint32_t ulp, std::uint32_t maxUlp) {
    constexpr std::array<Rgb, 3> stops{{{120, 230, 190}, kColorMoved, {0, 70, 50}}};
    const double t = maxUlp <= 1 ? 0.5 : double(std::min(ulp, maxUlp) - 1) / double(maxUlp - 1);
    return interpolate(stops, t);
}

std::string formatValue(double value) {
    char text[32];
    const double a = std::abs(value);
    if (a != 0 && (a < 1e-3 || a >= 1e5))
        std::snprintf(text, sizeof text, "%.2g", value);
    else
        std::snprintf(text, sizeof text, "%.3g", value);
    return text;
}

}  // namespace meshdiff::views
