// The A−B colour scale: symlog with a linear band at the noise floor, the Auto choice, |A−B| on a
// log scale, manual limits, ticks and the legend text; the histogram on the bar's axis.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <vector>

#include "colormap/ColorMap.h"
#include "colormap/DifferenceScale.h"
#include "colormap/ScaleHistogram.h"

namespace meshdiff::views {
namespace {

// Deterministic noise in [−amplitude, amplitude].
std::vector<float> noise(std::size_t n, double amplitude, std::uint32_t seed = 1) {
    std::vector<float> values(n);
    for (auto& v : values) {
        seed = seed * 1664525u + 1013904223u;
        v = float(amplitude * (double(seed >> 8) / double(1u << 24) * 2 - 1));
    }
    return values;
}

// Noise of 1e-6 everywhere, and a few points with differences from 1e-4 to 1e-2.
std::vector<float> localDifferences() {
    std::vector<float> values = noise(100000, 1e-6);
    const double amplitudes[] = {1e-2, -3e-3, 1e-3, -5e-4, 2e-4, -1e-4};
    for (std::size_t k = 0; k < 6; ++k) {
        for (std::size_t i = 0; i < 50; ++i) values[k * 10000 + i] = float(amplitudes[k]);
    }
    return values;
}

TEST(DifferenceScale, AutoPicksSymlogForALocalDifferenceOverNoise) {
    const std::vector<float> values = localDifferences();
    const DifferenceStats stats = differenceStats(values);
    EXPECT_NEAR(stats.maxAbs, 1e-2, 1e-9);
    EXPECT_GT(stats.maxAbs, 10 * stats.rms);
    // The band is the noise: the 95th percentile of |v| of uniform noise of 1e-6 is 9.5e-7.
    EXPECT_NEAR(stats.noiseFloor, 9.5e-7, 1e-7);
    const ColorScale scale = differenceScale(values);
    EXPECT_EQ(scale.type, ScaleType::SymLog);
    EXPECT_EQ(scale.kind, ColorMapKind::Diverging);
    EXPECT_DOUBLE_EQ(scale.max, stats.maxAbs);
    EXPECT_DOUBLE_EQ(scale.min, -stats.maxAbs);
    EXPECT_DOUBLE_EQ(scale.linearWidth, stats.noiseFloor);
    // Every amplitude lands well away from the white centre; the noise stays near it.
    for (double a : {1e-4, 1e-3, 1e-2}) {
        EXPECT_GT(scale.position(a), 0.7) << a;
        EXPECT_LT(scale.position(-a), 0.3) << a;
    }
    EXPECT_NEAR(scale.position(stats.noiseFloor), 0.5, 0.05);
    EXPECT_DOUBLE_EQ(scale.position(0), 0.5);
}

TEST(DifferenceScale, AutoStaysLinearForNoiseAndSmoothPatterns) {
    EXPECT_EQ(differenceScale(noise(100000, 1e-3)).type, ScaleType::Linear);
    std::vector<float> smooth(10000);
    for (std::size_t i = 0; i < smooth.size(); ++i) smooth[i] = float(std::sin(double(i) * 0.01));
    EXPECT_EQ(differenceScale(smooth).type, ScaleType::Linear);
    // Asked for, symlog still works on such data, its band at most a tenth of the limit.
    const ColorScale forced = differenceScale(smooth, ScaleChoice::SymLog);
    EXPECT_EQ(forced.type, ScaleType::SymLog);
    EXPECT_LE(forced.linearWidth, forced.max / 10 + 1e-12);
    EXPECT_EQ(differenceScale(localDifferences(), ScaleChoice::Linear).type, ScaleType::Linear);
}

TEST(DifferenceScale, MostlyEqualPointsTakeTheBandFromTheSmallestRealDifferences) {
    std::vector<float> values(10000, 0.0f);
    for (std::size_t i = 0; i < 100; ++i) values[i * 7] = float(1e-5 * std::pow(1000.0, double(i) / 99.0));
    const DifferenceStats stats = differenceStats(values);
    EXPECT_GT(stats.noiseFloor, 0);
    EXPECT_LT(stats.noiseFloor, 2e-5);  // near the 5th percentile of the nonzero 1e-5 … 1e-2
    EXPECT_EQ(chooseScaleType(stats), ScaleType::SymLog);
}

TEST(DifferenceScale, SymlogRoundTripsAndKeepsZeroWhiteUnderAsymmetricManualLimits) {
    LimitOptions manual;
    manual.mode = LimitMode::Manual;
    manual.manualMin = -1e-3;
    manual.manualMax = 1e-2;
    const ColorScale scale = differenceScale(localDifferences(), ScaleChoice::SymLog, manual);
    EXPECT_DOUBLE_EQ(scale.min, -1e-3);
    EXPECT_DOUBLE_EQ(scale.max, 1e-2);
    EXPECT_EQ(scale.limitsName, "manual");
    EXPECT_DOUBLE_EQ(scale.position(0), 0.5);
    EXPECT_DOUBLE_EQ(scale.position(-1e-3), 0.0);
    EXPECT_DOUBLE_EQ(scale.position(1e-2), 1.0);
    EXPECT_DOUBLE_EQ(scale.position(1), 1.0);  // beyond a limit: the limit's colour
    for (double t : {0.05, 0.3, 0.5, 0.62, 0.9}) EXPECT_NEAR(scale.position(scale.valueAt(t)), t, 1e-9);
}

TEST(DifferenceScale, RobustLimitsUseThePercentileOfTheMagnitudes) {
    LimitOptions robust;
    robust.mode = LimitMode::Robust;
    const ColorScale scale = differenceScale(localDifferences(), ScaleChoice::Auto, robust);
    EXPECT_LT(scale.max, 1e-5);  // 99 % of the points are noise
    EXPECT_EQ(scale.limitsName, "robust 1–99 %");
}

TEST(DifferenceScale, SymlogTicksAreZeroAndDecadesOnBothSides) {
    ColorScale scale;
    scale.kind = ColorMapKind::Diverging;
    scale.type = ScaleType::SymLog;
    scale.min = -1e-2;
    scale.max = 1e-2;
    scale.linearWidth = 1e-5;
    const std::vector<double> ticks = scale.ticks(7);
    ASSERT_FALSE(ticks.empty());
    EXPECT_DOUBLE_EQ(ticks.front(), -1e-2);
    EXPECT_DOUBLE_EQ(ticks.back(), 1e-2);
    EXPECT_NE(std::find(ticks.begin(), ticks.end(), 0.0), ticks.end());
    EXPECT_LE(ticks.size(), 7u);
    for (double t : ticks) {
        if (t == 0) continue;
        EXPECT_NEAR(std::log10(std::abs(t)), std::round(std::log10(std::abs(t))), 1e-9) << t;
    }
    EXPECT_EQ(formatTick(1e-4), "1e-4");
    EXPECT_EQ(formatTick(-0.01), "-0.01");
    EXPECT_EQ(formatTick(0), "0");
    EXPECT_EQ(formatTick(-2.5e-4), "-2.5e-4");
}

TEST(DifferenceScale, TheLegendTextNamesTheScale) {
    ColorScale scale;
    scale.type = ScaleType::SymLog;
    scale.linearWidth = 3e-5;
    EXPECT_EQ(describeScale(scale), "symlog, linear within ±3e-5");
    scale.type = ScaleType::Log;
    EXPECT_EQ(describeScale(scale), "log");
    scale.type = ScaleType::Linear;
    EXPECT_EQ(describeScale(scale), "linear");
}

TEST(DifferenceScale, MagnitudeIsLogFromTheBandToTheLimit) {
    const ColorScale difference = differenceScale(localDifferences());
    const ColorScale magnitude = magnitudeScale(difference, ColorMapKind::Viridis);
    EXPECT_EQ(magnitude.type, ScaleType::Log);
    EXPECT_DOUBLE_EQ(magnitude.min, difference.linearWidth);
    EXPECT_DOUBLE_EQ(magnitude.max, difference.max);
    EXPECT_NEAR(magnitude.position(std::sqrt(magnitude.min * magnitude.max)), 0.5, 1e-9);
    EXPECT_DOUBLE_EQ(magnitude.position(0), 0.0);
    const ColorScale linear = magnitudeScale(differenceScale(noise(1000, 1)), ColorMapKind::Viridis);
    EXPECT_EQ(linear.type, ScaleType::Linear);
    EXPECT_DOUBLE_EQ(linear.min, 0);
}

TEST(ScaleHistogram, CountsOnTheBarsOwnAxisAndWidensItToTheData) {
    const std::vector<float> values = localDifferences();
    LimitOptions robust;
    robust.mode = LimitMode::Robust;
    const ColorScale scale = differenceScale(values, ScaleChoice::SymLog, robust);
    const ScaleHistogram histogram = histogramOnScale(values, scale, 100);
    ASSERT_EQ(histogram.counts.size(), 100u);
    std::size_t total = 0;
    for (auto c : histogram.counts) total += c;
    EXPECT_EQ(total, values.size());
    // The axis reaches the data (±1e-2) beyond the robust limits, in the scale's transform.
    EXPECT_NEAR(histogram.axis.max, 1e-2, 1e-9);
    EXPECT_EQ(histogram.axis.type, ScaleType::SymLog);
    EXPECT_DOUBLE_EQ(histogram.axis.linearWidth, scale.linearWidth);
    // The 50 points at +1e-2 fill the last bin; those at −3e-3 a bin left of the centre.
    EXPECT_EQ(histogram.counts.back(), 50u);
    const auto bin = std::size_t(histogram.axis.position(-3e-3) * 100);
    EXPECT_EQ(histogram.counts[bin], 50u);
    EXPECT_LT(histogram.axis.position(scale.max), 1.0);  // the limit sits inside the bar
}

}  // namespace
}  // namespace meshdiff::views
