// Area-weighted metrics (issue 32, item 1): WeatherBench 2's cell-area weights per latitude row and
// the weighted rms, rel_rms, bias and std_a over the points finite in both runs.
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <limits>
#include <numbers>

#include <nlohmann/json.hpp>

#include "TestPaths.h"
#include "compare/Comparison.h"
#include "fields/AreaWeights.h"
#include "fields/FieldMetrics.h"
#include "fields/FieldSource.h"

using namespace meshdiff;

namespace {

double sinDeg(double d) { return std::sin(d * std::numbers::pi / 180.0); }
double cosDeg(double d) { return std::cos(d * std::numbers::pi / 180.0); }

std::vector<double> oneDegreeWithPoles() {
    std::vector<double> lat;
    for (int i = 0; i <= 180; ++i) lat.push_back(-90.0 + i);
    return lat;
}

LatLonGrid grid(std::vector<double> lat, std::size_t nlon) {
    LatLonGrid g;
    g.lat = std::move(lat);
    for (std::size_t j = 0; j < nlon; ++j) g.lon.push_back(360.0 * double(j) / double(nlon));
    return g;
}

Field field(std::vector<double> values, std::size_t nlat, std::size_t nlon) {
    Field f;
    f.name = "x";
    f.nlat = nlat;
    f.nlon = nlon;
    f.values = std::move(values);
    return f;
}

void expectRelative(double actual, double expected, double tolerance, const std::string& what) {
    EXPECT_LE(std::abs(actual - expected), tolerance * std::abs(expected))
        << what << ": " << actual << " against " << expected;
}

}  // namespace

// 1° with poles: the bands of the 179 inner rows are 1° wide around the row, so each covers
// sin(φ+½°) − sin(φ−½°) = 2 cos φ sin ½°; a pole row covers 1 − cos ½°. The bands tile the sphere
// (Σ = 2), so the mean-1 weights are 181/2 times these.
TEST(AreaWeights, OneDegreeGridWithPolesMatchesTheClosedForm) {
    const std::vector<double> lat = oneDegreeWithPoles();
    const std::vector<double> w = latitudeAreaWeights(lat);
    ASSERT_EQ(w.size(), 181u);
    for (std::size_t i = 0; i < 181; ++i) {
        const double phi = lat[i];
        const double expected =
            (i == 0 || i == 180) ? 181.0 / 2.0 * (1.0 - cosDeg(0.5)) : 181.0 / 2.0 * 2.0 * cosDeg(phi) * sinDeg(0.5);
        expectRelative(w[i], expected, 1e-12, "row " + std::to_string(i));
    }
    double sum = 0;
    for (double x : w) sum += x;
    EXPECT_NEAR(sum / 181.0, 1.0, 1e-12);
    // A pole row weighs about 1/460 of an equator row.
    EXPECT_NEAR(w[0] / w[90], (1.0 - cosDeg(0.5)) / (2.0 * sinDeg(0.5)), 1e-12);
}

// Rows at ±0.25°, ±0.75°, … ±89.75°: the outer bounds are the poles, half a spacing beyond.
TEST(AreaWeights, HalfDegreeGridWithoutPolesReachesThePoles) {
    std::vector<double> lat;
    lat.reserve(360);
    for (int i = 0; i < 360; ++i) lat.push_back(-89.75 + 0.5 * i);
    const std::vector<double> w = latitudeAreaWeights(lat);
    for (std::size_t i = 0; i < 360; ++i)
        expectRelative(w[i], 360.0 / 2.0 * 2.0 * cosDeg(lat[i]) * sinDeg(0.25), 1e-12, "row " + std::to_string(i));
}

TEST(AreaWeights, DescendingLatitudesGiveTheMirroredWeights) {
    const std::vector<double> up = oneDegreeWithPoles();
    std::vector<double> down(up.rbegin(), up.rend());
    const std::vector<double> wUp = latitudeAreaWeights(up), wDown = latitudeAreaWeights(down);
    for (std::size_t i = 0; i < up.size(); ++i) EXPECT_DOUBLE_EQ(wDown[i], wUp[180 - i]);
    // An asymmetric grid (60°S…90°N at 10°): still each row's own band.
    std::vector<double> part;
    for (int i = 0; i <= 15; ++i) part.push_back(90.0 - 10.0 * i);
    std::vector<double> partUp(part.rbegin(), part.rend());
    const std::vector<double> a = latitudeAreaWeights(part), b = latitudeAreaWeights(partUp);
    for (std::size_t i = 0; i < part.size(); ++i) EXPECT_NEAR(a[i], b[part.size() - 1 - i], 1e-14);
    EXPECT_GT(a[9], a[1]);  // 0° outweighs 80°N
}

TEST(AreaWeights, OneRowWeighsOne) {
    EXPECT_EQ(latitudeAreaWeights({45.0}), std::vector<double>{1.0});
    EXPECT_TRUE(latitudeAreaWeights({}).empty());
}

// Three rows at -60°, 0°, 60° (bounds -90, -30, 30, 90): raw weights ½, 1, ½ → 0.75, 1.5, 0.75.
// Two points per row. A − B is 1 on the equator and 3 at 60°N; A's NaN at 60°S hides B's 1e30.
TEST(AreaWeightedMetrics, ThreeRowsByHandWithANaNPointLeftOut) {
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const LatLonGrid g = grid({-60.0, 0.0, 60.0}, 2);
    const GridAlignment al = alignGrids(g, g, "a", "b");
    const Field a = field({nan, 2.0, 4.0, 6.0, 8.0, 8.0}, 3, 2);
    const Field b = field({1e30, 2.0, 3.0, 5.0, 5.0, 5.0}, 3, 2);
    const FieldMetrics m = computeFieldMetrics(a, b, al);
    // Points kept: (w .75, A 2, d 0), (1.5, 4, 1), (1.5, 6, 1), (.75, 8, 3), (.75, 8, 3); Σw = 5.25.
    const double sw = 5.25;
    const double bias = (1.5 + 1.5 + 2.25 + 2.25) / sw;
    const double rms = std::sqrt((1.5 + 1.5 + 6.75 + 6.75) / sw);
    const double mean = (1.5 + 6.0 + 9.0 + 6.0 + 6.0) / sw;
    const double var = (0.75 * (2 - mean) * (2 - mean) + 1.5 * (4 - mean) * (4 - mean) + 1.5 * (6 - mean) * (6 - mean) +
                        2 * 0.75 * (8 - mean) * (8 - mean)) /
                       sw;
    EXPECT_EQ(m.comparedPoints, 5u);
    expectRelative(m.areaWeighted.bias, bias, 1e-12, "bias");
    expectRelative(m.areaWeighted.rms, rms, 1e-12, "rms");
    expectRelative(m.areaWeighted.stdA, std::sqrt(var), 1e-12, "std_a");
    expectRelative(m.areaWeighted.relRms, rms / std::sqrt(var), 1e-12, "rel_rms");
    // Unweighted, for contrast: mean((A−B)²) over the 5 points.
    expectRelative(m.rms, std::sqrt(20.0 / 5.0), 1e-12, "unweighted rms");
}

TEST(AreaWeightedMetrics, ConstantAGivesUndefinedRelRms) {
    const LatLonGrid g = grid({-45.0, 45.0}, 4);
    const GridAlignment al = alignGrids(g, g, "a", "b");
    const FieldMetrics f32 = [&] {
        Field a, b;
        a.name = b.name = "c", a.nlat = b.nlat = 2, a.nlon = b.nlon = 4;
        a.values = std::vector<float>(8, 5.0f);
        b.values = std::vector<float>{5, 5, 5, 5, 6, 6, 6, 6};
        return computeFieldMetrics(a, b, al);
    }();
    EXPECT_TRUE(std::isnan(f32.areaWeighted.relRms));
    EXPECT_EQ(f32.areaWeighted.stdA, 0.0);
    EXPECT_NEAR(f32.areaWeighted.rms, std::sqrt(0.5), 1e-15);  // equal weights: half the points differ by 1
    EXPECT_NEAR(f32.areaWeighted.bias, -0.5, 1e-15);
    EXPECT_FALSE(f32.note.empty());
}

TEST(AreaWeightedMetrics, NoPointFiniteInBothOrNoLatitudesLeavesThemUndefined) {
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const LatLonGrid g = grid({-45.0, 45.0}, 2);
    GridAlignment al = alignGrids(g, g, "a", "b");
    const FieldMetrics none = computeFieldMetrics(field({nan, nan, nan, nan}, 2, 2), field({1, 2, 3, 4}, 2, 2), al);
    EXPECT_TRUE(std::isnan(none.areaWeighted.rms) && std::isnan(none.areaWeighted.bias) &&
                std::isnan(none.areaWeighted.stdA) && std::isnan(none.areaWeighted.relRms));
    // Without the compared rows' latitudes the unweighted numbers stay, bit for bit.
    const Field a = field({1, 2, 3, 5}, 2, 2), b = field({1, 2.5, 3, 4}, 2, 2);
    const FieldMetrics with = computeFieldMetrics(a, b, al);
    al.lat.clear();
    const FieldMetrics without = computeFieldMetrics(a, b, al);
    EXPECT_TRUE(std::isnan(without.areaWeighted.rms));
    EXPECT_EQ(with.rms, without.rms);
    EXPECT_EQ(with.relRms, without.relRms);
    EXPECT_EQ(with.corr, without.corr);
    EXPECT_EQ(with.maxAbs, without.maxAbs);
}

// The NumPy (float64, WeatherBench-2 formula) numbers of tests/fixtures/make_area_weighted_fixtures.py.
class AreaWeightedAgainstNumpy : public ::testing::TestWithParam<std::string> {};

TEST_P(AreaWeightedAgainstNumpy, MatchesToOneInAMillion) {
    const auto dir = test::fixture("area_weighted");
    std::ifstream in(dir / "expected.json");
    ASSERT_TRUE(in) << "missing " << (dir / "expected.json");
    const nlohmann::json expected = nlohmann::json::parse(in)[GetParam()];
    const auto a = openFieldSource((dir / GetParam() / "A").string() + "/fields.npz");
    const auto b = openFieldSource((dir / GetParam() / "B").string() + "/fields.npz");
    const FieldsComparison c = compareFieldSources(*a, *b, FieldTolerance{});
    ASSERT_EQ(c.perField.size(), expected.size());
    for (const FieldMetrics& m : c.perField) {
        SCOPED_TRACE(GetParam() + " " + m.name);
        const nlohmann::json& e = expected.at(m.name);
        expectRelative(m.areaWeighted.rms, e["rms"], 1e-6, "rms");
        expectRelative(m.areaWeighted.bias, e["bias"], 1e-6, "bias");
        if (e["std_a"] == 0.0) {
            EXPECT_EQ(m.areaWeighted.stdA, 0.0);
            EXPECT_TRUE(std::isnan(m.areaWeighted.relRms));
        } else {
            expectRelative(m.areaWeighted.stdA, e["std_a"], 1e-6, "std_a");
            expectRelative(m.areaWeighted.relRms, e["rel_rms"], 1e-6, "rel_rms");
        }
        expectRelative(m.rms, e["unweighted_rms"], 1e-6, "unweighted rms");
        // The standard regions (compareFieldSources' default), each against NumPy's.
        ASSERT_EQ(m.regions.size(), c.regions.size());
        for (std::size_t r = 0; r < c.regions.size(); ++r) {
            const nlohmann::json& want = e["regions"].at(c.regions[r].name);
            const AreaWeightedMetrics& got = m.regions[r];
            expectRelative(got.rms, want["rms"], 1e-6, c.regions[r].name + " rms");
            expectRelative(got.bias, want["bias"], 1e-6, c.regions[r].name + " bias");
            if (want["std_a"] == 0.0) {
                EXPECT_TRUE(std::isnan(got.relRms)) << c.regions[r].name;
            } else {
                expectRelative(got.stdA, want["std_a"], 1e-6, c.regions[r].name + " std_a");
                expectRelative(got.relRms, want["rel_rms"], 1e-6, c.regions[r].name + " rel_rms");
            }
        }
    }
}

INSTANTIATE_TEST_SUITE_P(Fixtures, AreaWeightedAgainstNumpy,
                         ::testing::Values("global", "descending", "nocoords", "subsample"));
