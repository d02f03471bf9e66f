#pragma once
#include <cstddef>
#include <span>

#include "colormap/ColorMap.h"

// The A−B colour scale shared by the error map, the globe drape and exported figures. A
// graph-caused difference is local: a few per cent of the points carry it, with amplitudes that
// span decades, over a floor of rounding noise. A linear scale set by the maximum shows one spot
// and a percentile scale shows the noise; a signed-log scale with a linear band as wide as the
// noise shows every place. Plain C++ (no Qt).
namespace meshdiff::views {

enum class ScaleChoice {
    Auto,    // symlog when the distribution has a heavy tail, else linear (see chooseScaleType)
    SymLog,  // signed log with a linear band around 0 as wide as the noise floor
    Linear,
};

// What the scale is chosen from; one pass and one selection over the differences.
struct DifferenceStats {
    std::size_t count = 0;     // finite values
    double maxAbs = 0;         // max |v|
    double rms = 0;            // sqrt(mean v²)
    double noiseFloor = 0;     // see differenceStats(); 0 when every value is 0
    double percentileAbs = 0;  // the requested percentile of |v| (robust limits)
};

// `percentile` (0…100) is the robust limits' percentile of |v|. The noise floor is the 95th
// percentile of |v|: a graph-caused difference is carried by a few per cent of the points (2 % on
// the demo), so 95 % of them are rounding noise or exactly equal, and their largest values mark the
// top of the noise (1 float32 ULP of the field on the demo: 3e-5 K for a temperature). When that is
// 0 (over 95 % of the points equal) it is the 5th percentile of the nonzero |v|: the smallest real
// differences then lie at the band's edge. Should a difference cover more of the points, its lower
// part falls in the band, still coloured, only paler. The floor is kept within
// [maxAbs·1e-6, maxAbs/10], so that the log part spans one to six decades (each gets a visible
// share of the bar).
DifferenceStats differenceStats(std::span<const float> values, double percentile = 99.0);

// Auto's rule, deterministic: symlog when max|v| > 10 · RMS(v). Noise-like or smooth, spread-out
// differences stay below: a Gaussian of a million points reaches about 5 σ, a smooth global
// pattern 1.5–3 × its RMS. A difference carried by a few per cent of the points lifts the ratio
// to about sqrt(N / n) (n points of N), i.e. 7 at 2 %, and decades of amplitude lift it far more.
ScaleType chooseScaleType(const DifferenceStats& stats);

// The diverging A−B scale for `choice` and `limits` (full: ±max|v|; robust: ±percentile of |v|;
// manual: as given). Symlog's linear band is the noise floor, at most a tenth of the limit.
ColorScale differenceScale(const DifferenceStats& stats, ScaleChoice choice, const LimitOptions& limits);
ColorScale differenceScale(std::span<const float> values, ScaleChoice choice = ScaleChoice::Auto,
                           const LimitOptions& limits = {});

// |A−B| on a sequential map, from the same scale: log from the linear band's width up to the
// A−B limit (linear from 0 when the A−B scale is linear).
ColorScale magnitudeScale(const ColorScale& difference, ColorMapKind kind);

}  // namespace meshdiff::views
