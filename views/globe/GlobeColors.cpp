#include "globe/GlobeColors.h"

#include <algorithm>
#include <cmath>

namespace meshdiff::views {

ColorScale overlayScale(const FieldOverlay& overlay) {
    if (overlay.scale) return *overlay.scale;
    const std::span<const float> values(overlay.values);
    ColorScale scale;
    switch (overlay.mode) {
        case FieldOverlayMode::Diverging:
            scale = divergingScale(values);
            if (overlay.min < overlay.max) {
                const double limit = std::max(std::abs(overlay.min), std::abs(overlay.max));
                scale.min = -limit;
                scale.max = limit;
            }
            return scale;
        case FieldOverlayMode::Sequential:
        case FieldOverlayMode::SequentialLog: {
            const bool log = overlay.mode == FieldOverlayMode::SequentialLog;
            scale = sequentialScale(values, ColorMapKind::Viridis, {}, log);
            if (overlay.min < overlay.max && (!log || overlay.min > 0)) {
                scale.min = overlay.min;
                scale.max = overlay.max;
            }
            return scale;
        }
    }
    return scale;
}

std::vector<std::uint8_t> drapePixels(const FieldOverlay& overlay) {
    const ColorScale scale = overlayScale(overlay);
    const double a = std::clamp<double>(overlay.opacity, 0, 1);
    const Rgb earth = kColorEarth;
    auto blend = [a](std::uint8_t field, std::uint8_t under) {
        return static_cast<std::uint8_t>(std::lround(a * field + (1 - a) * under));
    };
    std::vector<std::uint8_t> pixels(3 * overlay.values.size());
    for (std::size_t i = 0; i < overlay.values.size(); ++i) {
        Rgb c = earth;
        if (std::isfinite(overlay.values[i])) {
            const Rgb field = scale.color(overlay.values[i]);
            c = {blend(field.r, earth.r), blend(field.g, earth.g), blend(field.b, earth.b)};
        }
        pixels[3 * i] = c.r;
        pixels[3 * i + 1] = c.g;
        pixels[3 * i + 2] = c.b;
    }
    return pixels;
}

Rgb ulpColor(std::uint32_t ulp, std::uint32_t maxUlp) {
    constexpr Rgb light{120, 230, 190}, dark{0, 70, 50};
    const double t = maxUlp <= 1 ? 0.5 : std::log(double(std::clamp(ulp, 1u, maxUlp))) / std::log(double(maxUlp));
    auto mix = [](std::uint8_t a, std::uint8_t b, double f) {
        return static_cast<std::uint8_t>(std::lround(a + (b - a) * f));
    };
    if (t < 0.5)
        return {mix(light.r, kColorMoved.r, 2 * t), mix(light.g, kColorMoved.g, 2 * t),
                mix(light.b, kColorMoved.b, 2 * t)};
    return {mix(kColorMoved.r, dark.r, 2 * t - 1), mix(kColorMoved.g, dark.g, 2 * t - 1),
            mix(kColorMoved.b, dark.b, 2 * t - 1)};
}

Rgb driftColorAt(double t) { return sampleColorMap(ColorMapKind::Viridis, 0.9 * std::clamp(t, 0.0, 1.0)); }

Rgb driftColor(double ulps, double maxUlps) {
    const double t = maxUlps <= 1 ? 1.0 : std::log(std::clamp(ulps, 1.0, maxUlps)) / std::log(maxUlps);
    return driftColorAt(t);
}

}  // namespace meshdiff::views
