#include "globe/GlobeColors.h"

#include <algorithm>
#include <cmath>

namespace meshdiff::views {

ColorScale overlayScale(const FieldOverlay& overlay) {
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

}  // namespace meshdiff::views
