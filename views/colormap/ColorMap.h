#pragma once
#include <cstdint>
#include <span>
#include <string>
#include <vector>

// Colour maps shared by the error map and the globe. Plain C++ (no Qt, no VTK) so that any view
// can build its own lookup table from sampleColorMap().
namespace meshdiff::views {

// Settings store the numbers: new maps go at the end.
enum class ColorMapKind {
    Diverging,  // blue – white – red (ColorBrewer RdBu reversed), for A−B centred on 0
    Viridis,    // sequential, perceptually uniform, colour-blind safe
    Cividis,    // sequential, designed for colour-vision deficiency
    Magma,      // sequential, perceptually uniform, black – purple – orange – pale yellow
    Balance,    // diverging, perceptually uniform: lightness L* rises linearly from the dark blue
                // and dark red ends to the near-white centre (after cmocean's "balance")
};

// The diverging maps (for A−B) and the sequential ones (A, B, |A−B|), in the order offered.
inline constexpr ColorMapKind kDivergingMaps[] = {ColorMapKind::Balance, ColorMapKind::Diverging};
inline constexpr ColorMapKind kSequentialMaps[] = {ColorMapKind::Viridis, ColorMapKind::Cividis, ColorMapKind::Magma};
bool isDiverging(ColorMapKind kind);

struct Rgb {
    std::uint8_t r = 0, g = 0, b = 0;
    friend bool operator==(const Rgb&, const Rgb&) = default;
};

// Colour at t ∈ [0, 1] (clamped), interpolated linearly between the map's anchor colours.
Rgb sampleColorMap(ColorMapKind kind, double t);
std::string colorMapName(ColorMapKind kind);  // "RdBu", "balance", "viridis", "cividis", "magma"

// Colour used for values that are NaN or otherwise missing.
constexpr Rgb kMissingColor{200, 200, 200};

// How values are spaced along a colour bar.
enum class ScaleType {
    Linear,
    Log,     // log10 between min > 0 and max; values ≤ 0 clamp to min
    SymLog,  // signed log: sign(v)·log10(1 + |v|/linearWidth), linear within ±linearWidth of 0
};

// A colour map with limits: maps a value to a colour. A diverging map whose limits straddle 0
// keeps 0 at the centre of the bar (white) even when the limits are not symmetric.
struct ColorScale {
    ColorMapKind kind = ColorMapKind::Viridis;
    double min = 0, max = 1;
    ScaleType type = ScaleType::Linear;
    double linearWidth = 1;  // SymLog only: the half-width of the linear band around 0 (> 0)
    std::string limitsName;  // how the limits were chosen ("full range", "robust 1–99 %", "manual")

    bool log() const { return type == ScaleType::Log; }
    // Position in [0, 1] of `value` on the bar; NaN for non-finite values.
    double position(double value) const;
    Rgb color(double value) const;  // kMissingColor for non-finite values
    // Value at bar position t ∈ [0, 1] (inverse of position()).
    double valueAt(double t) const;
    // About `count` round tick values within [min, max]: decades when log, 0 and ± decades when
    // symlog (every second or third decade when there are too many to label).
    std::vector<double> ticks(int count = 5) const;
    bool operator==(const ColorScale&) const = default;
};

// "linear", "log" or "symlog, linear within ±3e-5", for legends and colour-bar captions.
std::string describeScale(const ColorScale& scale);

enum class LimitMode {
    Full,    // the whole data range (diverging: ±max|v|)
    Robust,  // the `percentile` of the data (diverging: of |v|), ignoring outliers
    Manual,  // manualMin … manualMax as the user typed or dragged them
};

struct LimitOptions {
    LimitMode mode = LimitMode::Full;
    double percentile = 99.0;  // for Robust: upper percentile; the lower one is 100 − percentile
    double manualMin = -1, manualMax = 1;
    bool operator==(const LimitOptions&) const = default;
};
// The diverging map within ±limit (1 when limit is not positive), or within the manual limits.
ColorScale divergingWithin(double limit, const LimitOptions& limits);
std::string limitsName(const LimitOptions& limits);  // "full range", "robust 1–99 %", "manual"

// Diverging map centred on 0 with symmetric limits ±L, L = max|v| or the percentile of |v|.
// L is 1 when the data are all zero or missing, so that the scale stays usable.
ColorScale divergingScale(std::span<const float> values, const LimitOptions& limits = {});
ColorScale divergingScale(std::span<const double> values, const LimitOptions& limits = {});

// Sequential map from the data's min to max (or the robust percentiles). With `log`, the lower
// limit is the smallest positive value (or its robust percentile among the positive values).
ColorScale sequentialScale(std::span<const float> values, ColorMapKind kind = ColorMapKind::Viridis,
                           const LimitOptions& limits = {}, bool log = false);
ColorScale sequentialScale(std::span<const double> values, ColorMapKind kind = ColorMapKind::Viridis,
                           const LimitOptions& limits = {}, bool log = false);

// Short text for a tick or a cursor value: 4 significant digits, scientific when very small/large.
std::string formatValue(double value);
// Shorter text for a colour-bar tick: "0", "1e-4", "-0.02", "2.5e-3".
std::string formatTick(double value);

}  // namespace meshdiff::views
