// Regions (issue 32, item 1): which rows and columns a region holds, --region's N,W,S,E, and each
// field's area-weighted numbers per region against a point-by-point reference written here.
#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <limits>
#include <numbers>
#include <random>

#include "common/Error.h"
#include "fields/FieldMetrics.h"
#include "fields/Regions.h"

using namespace meshdiff;

namespace {

const Region& regionNamed(const std::vector<Region>& regions, const std::string& name) {
    for (const Region& r : regions)
        if (r.name == name) return r;
    throw std::runtime_error("no region " + name);
}

std::string parseProblem(const std::string& text) {
    try {
        parseRegionBox(text);
    } catch (const Error& e) {
        return e.what();
    }
    return "";
}

LatLonGrid grid(double spacing) {
    LatLonGrid g;
    for (double lat = -90; lat <= 90; lat += spacing) g.lat.push_back(lat);
    for (double lon = 0; lon < 360; lon += spacing) g.lon.push_back(lon);
    return g;
}

template <class T>
Field field(const LatLonGrid& g, const std::function<double(double, double)>& value) {
    Field f;
    f.name = "x";
    f.nlat = g.nlat();
    f.nlon = g.nlon();
    std::vector<T> values;
    for (double lat : g.lat)
        for (double lon : g.lon) values.push_back(T(value(lat, lon)));
    f.values = std::move(values);
    return f;
}

double at(const Field& f, std::size_t i, std::size_t j) {
    return std::visit([&](const auto& v) { return double(v[i * f.nlon + j]); }, f.values);
}

// The reference: every compared point of the region, weighted by its row's band
// sin(upper) − sin(lower), the bounds half-way between the compared rows and ±90° outside.
AreaWeightedMetrics bruteForce(const Field& a, const Field& b, const GridAlignment& al,
                               const std::function<bool(double, double)>& inRegion, const LatLonGrid& gridA) {
    const std::size_t ni = al.latA.size();
    std::vector<double> weight(ni);
    const double degree = std::numbers::pi / 180;
    for (std::size_t i = 0; i < ni; ++i) {
        const double lat = al.lat[i];
        const bool ascending = al.lat.back() > al.lat.front();
        const double below = i == 0 ? (ascending ? -90.0 : 90.0) : (al.lat[i - 1] + lat) / 2;
        const double above = i + 1 == ni ? (ascending ? 90.0 : -90.0) : (al.lat[i + 1] + lat) / 2;
        weight[i] = std::abs(std::sin(above * degree) - std::sin(below * degree));
    }
    long double sw = 0, swd = 0, swdd = 0, swa = 0;
    std::vector<std::tuple<double, double>> kept;  // (w, a)
    for (std::size_t i = 0; i < ni; ++i) {
        for (std::size_t j = 0; j < al.lonA.size(); ++j) {
            if (!inRegion(gridA.lat[al.latA[i]], gridA.lon[al.lonA[j]])) continue;
            const double x = at(a, al.latA[i], al.lonA[j]), y = at(b, al.latB[i], al.lonB[j]);
            if (!std::isfinite(x) || !std::isfinite(y)) continue;
            sw += weight[i], swd += weight[i] * (x - y), swdd += weight[i] * (x - y) * (x - y), swa += weight[i] * x;
            kept.emplace_back(weight[i], x);
        }
    }
    if (sw == 0) return {NAN, NAN, NAN, NAN};
    AreaWeightedMetrics m;
    const long double mean = swa / sw;
    long double spread = 0;
    for (const auto& [w, x] : kept) spread += w * (x - mean) * (x - mean);
    m.rms = double(std::sqrt(swdd / sw));
    m.bias = double(swd / sw);
    m.stdA = double(std::sqrt(spread / sw));
    m.relRms = m.stdA > 0 ? m.rms / m.stdA : NAN;
    return m;
}

void expectClose(double actual, double expected, const std::string& what) {
    if (std::isnan(expected)) {
        EXPECT_TRUE(std::isnan(actual)) << what << ": " << actual;
        return;
    }
    EXPECT_NEAR(actual, expected, 1e-9 * std::max(std::abs(expected), 1e-12)) << what;
}

void expectMatches(const AreaWeightedMetrics& actual, const AreaWeightedMetrics& expected, const std::string& what) {
    expectClose(actual.rms, expected.rms, what + " rms");
    expectClose(actual.bias, expected.bias, what + " bias");
    expectClose(actual.stdA, expected.stdA, what + " std_a");
    expectClose(actual.relRms, expected.relRms, what + " rel_rms");
}

// The standard regions and two boxes, one across 0° and one across 180°, with the reference's own
// tests of membership.
struct Case {
    Region region;
    std::function<bool(double, double)> contains;
};
std::vector<Case> cases() {
    const auto standard = standardRegions();
    return {
        {regionNamed(standard, "global"), [](double, double) { return true; }},
        {regionNamed(standard, "tropics"), [](double lat, double) { return std::abs(lat) < 20; }},
        {regionNamed(standard, "extratropics_north"), [](double lat, double) { return lat >= 20; }},
        {regionNamed(standard, "extratropics_south"), [](double lat, double) { return lat <= -20; }},
        {regionNamed(standard, "polar"), [](double lat, double) { return std::abs(lat) >= 60; }},
        {parseRegionBox("60,-10,35,30"),
         [](double lat, double lon) { return lat >= 35 && lat <= 60 && (lon >= 350 || lon <= 30); }},
        {parseRegionBox("12,170,-12,-170"),
         [](double lat, double lon) { return std::abs(lat) <= 12 && lon >= 170 && lon <= 190; }},
    };
}

void checkAgainstBruteForce(const LatLonGrid& gridA, const LatLonGrid& gridB, const Field& a, const Field& b) {
    const GridAlignment al = alignGrids(gridA, gridB, "A", "B");
    const std::vector<Case> all = cases();
    std::vector<RegionSelection> selections;
    selections.reserve(all.size());
    for (const Case& c : all) selections.push_back(selectRegion(c.region, gridA, al));
    const FieldMetrics m = computeFieldMetrics(a, b, al, nullptr, 1, nullptr, &selections);
    ASSERT_EQ(m.regions.size(), all.size());
    for (std::size_t r = 0; r < all.size(); ++r) {
        const Case& c = all[r];
        expectMatches(m.regions[r], bruteForce(a, b, al, c.contains, gridA), c.region.name);
    }
}

}  // namespace

TEST(Regions, StandardBandsHoldTheirLatitudes) {
    const auto standard = standardRegions();
    ASSERT_EQ(standard.size(), 5u);
    EXPECT_EQ(standard[0].name, "global");
    const Region& tropics = regionNamed(standard, "tropics");
    EXPECT_TRUE(tropics.containsLatitude(19.9));
    EXPECT_TRUE(tropics.containsLatitude(-19.9));
    EXPECT_FALSE(tropics.containsLatitude(20));
    EXPECT_FALSE(tropics.containsLatitude(-20));
    const Region& north = regionNamed(standard, "extratropics_north");
    EXPECT_TRUE(north.containsLatitude(20));
    EXPECT_TRUE(north.containsLatitude(90));
    EXPECT_FALSE(north.containsLatitude(-30));
    const Region& south = regionNamed(standard, "extratropics_south");
    EXPECT_TRUE(south.containsLatitude(-20));
    EXPECT_FALSE(south.containsLatitude(19));
    const Region& polar = regionNamed(standard, "polar");
    EXPECT_TRUE(polar.containsLatitude(60));
    EXPECT_TRUE(polar.containsLatitude(-60));
    EXPECT_TRUE(polar.containsLatitude(-90));
    EXPECT_FALSE(polar.containsLatitude(59.9));
    EXPECT_FALSE(polar.containsLatitude(-59.9));
    for (const Region& r : standard) EXPECT_TRUE(r.containsLongitude(-170)) << r.name;
}

TEST(Regions, BoxAcrossZeroLongitudeWrapsAtTheSeam) {
    const Region box = parseRegionBox("60,-10,35,30");
    EXPECT_FALSE(box.allLongitudes);
    for (double lon : {350.0, -10.0, 355.0, 0.0, 360.0, 15.0, 30.0, 390.0})
        EXPECT_TRUE(box.containsLongitude(lon)) << lon;
    for (double lon : {349.0, 31.0, 180.0, -11.0}) EXPECT_FALSE(box.containsLongitude(lon)) << lon;
    EXPECT_TRUE(box.containsLatitude(35));
    EXPECT_TRUE(box.containsLatitude(60));
    EXPECT_FALSE(box.containsLatitude(34.9));
    EXPECT_FALSE(box.containsLatitude(-45));
}

TEST(Regions, BoxAcrossTheDateLineAndBoxesWrittenBeyond180) {
    const Region pacific = parseRegionBox("10,170,-10,-170");
    for (double lon : {170.0, 180.0, -180.0, 185.0, -170.0}) EXPECT_TRUE(pacific.containsLongitude(lon)) << lon;
    for (double lon : {0.0, 169.0, 191.0}) EXPECT_FALSE(pacific.containsLongitude(lon)) << lon;
    const Region east = parseRegionBox("10,370,0,380");  // 10°E to 20°E
    EXPECT_TRUE(east.containsLongitude(15));
    EXPECT_FALSE(east.containsLongitude(25));
    const Region ring = parseRegionBox("10,0,-10,360");
    EXPECT_TRUE(ring.allLongitudes);
}

TEST(Regions, BadBoxesAreRefusedWithTheOptionAndTheProblem) {
    EXPECT_NE(parseProblem("1,2,3").find("needs four numbers"), std::string::npos) << parseProblem("1,2,3");
    EXPECT_NE(parseProblem("1,2,3,4,5").find("got 5"), std::string::npos);
    EXPECT_NE(parseProblem("a,0,0,0").find("\"a\" is not a number"), std::string::npos);
    EXPECT_NE(parseProblem("10x,0,0,0").find("not a number"), std::string::npos);
    EXPECT_NE(parseProblem("10,0,20,5").find("north bound lies south"), std::string::npos);
    EXPECT_NE(parseProblem("95,0,0,5").find("within"), std::string::npos);
    EXPECT_NE(parseProblem("nan,0,0,5").find("finite"), std::string::npos);
    EXPECT_NE(parseProblem("").find("four numbers"), std::string::npos);
    for (const char* bad : {"1,2,3", "a,0,0,0", "10,0,20,5"})
        EXPECT_EQ(parseProblem(bad).rfind("--region ", 0), 0u) << bad;
    EXPECT_EQ(parseProblem("60,-10,35,30"), "");
}

TEST(Regions, SelectionMarksComparedRowsAndColumns) {
    const LatLonGrid g = grid(30);  // rows −90, −60, …, 90; columns 0, 30, …, 330
    const GridAlignment al = alignGrids(g, g, "A", "A");
    const RegionSelection polar = selectRegion(regionNamed(standardRegions(), "polar"), g, al);
    EXPECT_EQ(polar.rows, (std::vector<std::uint8_t>{1, 1, 0, 0, 0, 1, 1}));
    EXPECT_TRUE(polar.columns.empty());
    const RegionSelection box = selectRegion(parseRegionBox("0,-30,-30,30"), g, al);
    EXPECT_EQ(box.rows, (std::vector<std::uint8_t>{0, 0, 1, 1, 0, 0, 0}));
    EXPECT_EQ(box.columns, (std::vector<std::uint8_t>{1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1}));
}

TEST(RegionMetrics, Float32OnOneGridMatchTheReference) {
    const LatLonGrid g = grid(2);
    std::mt19937 rng(32);
    std::normal_distribution<double> noise;
    const Field a = field<float>(
        g, [&](double lat, double) { return 250 + 40 * std::cos(lat * std::numbers::pi / 180) + 3 * noise(rng); });
    Field b = field<float>(g, [&](double lat, double) { return 0.02 + std::abs(lat) / 90 * noise(rng); });
    auto& vb = std::get<std::vector<float>>(b.values);
    const auto& va = std::get<std::vector<float>>(a.values);
    for (std::size_t k = 0; k < vb.size(); ++k) vb[k] += va[k];
    vb[5 * g.nlon() + 3] = std::numeric_limits<float>::quiet_NaN();     // NaN in B near the south pole
    vb[45 * g.nlon() + 179] = std::numeric_limits<float>::quiet_NaN();  // and on the equator
    vb[70 * g.nlon()] = std::numeric_limits<float>::quiet_NaN();        // and in the box at 50°N 0°E
    checkAgainstBruteForce(g, g, a, b);
}

TEST(RegionMetrics, Float64WithNaNsOnASubsampledGridMatchTheReference) {
    const LatLonGrid ga = grid(2), gb = grid(6);
    std::mt19937 rng(33);
    std::normal_distribution<double> noise;
    auto nanAt = [](double lat, double lon) { return lat > 70 && lon < 40; };
    const Field a = field<double>(ga, [&](double lat, double lon) {
        return nanAt(lat, lon) ? NAN : 1e-3 * (1 + std::cos(lat * std::numbers::pi / 180)) * (1 + 0.1 * noise(rng));
    });
    const Field b = field<double>(gb, [&](double lat, double lon) {
        return lon == 354 ? NAN : 1e-3 * (1 + std::cos(lat * std::numbers::pi / 180)) * (1 + 0.1 * noise(rng));
    });
    checkAgainstBruteForce(ga, gb, a, b);
}

TEST(RegionMetrics, ADifferenceOnlyInTheTropicsLeavesThePolesAtZero) {
    const LatLonGrid g = grid(1);
    const Field a = field<float>(g, [](double lat, double lon) { return 280 + lat / 10 + lon / 100; });
    const Field b = field<float>(
        g, [](double lat, double lon) { return 280 + lat / 10 + lon / 100 + (std::abs(lat) < 20 ? 0.5 : 0.0); });
    const GridAlignment al = alignGrids(g, g, "A", "B");
    std::vector<RegionSelection> selections;
    for (const Region& r : standardRegions()) selections.push_back(selectRegion(r, g, al));
    const FieldMetrics m = computeFieldMetrics(a, b, al, nullptr, 1, nullptr, &selections);
    EXPECT_EQ(m.regions[4].rms, 0.0);  // polar
    EXPECT_EQ(m.regions[2].rms, 0.0);  // extratropics
    EXPECT_EQ(m.regions[3].rms, 0.0);
    EXPECT_NEAR(m.regions[1].rms, 0.5, 1e-4);  // tropics: A − B = −0.5 at every point (float32 rounding)
    EXPECT_NEAR(m.regions[1].bias, -0.5, 1e-4);
    EXPECT_GT(m.regions[0].rms, 0.0);
}

TEST(RegionMetrics, GlobalEqualsAreaWeightedAndRegionsLeaveEveryOtherDigitAlone) {
    const LatLonGrid g = grid(2);
    std::mt19937 rng(34);
    std::normal_distribution<double> noise;
    const Field a = field<float>(g, [&](double, double) { return 5e4 + 300 * noise(rng); });
    const Field b = field<float>(g, [&](double, double) { return 5e4 + 300 * noise(rng); });
    const GridAlignment al = alignGrids(g, g, "A", "B");
    std::vector<RegionSelection> selections;
    for (const Case& c : cases()) selections.push_back(selectRegion(c.region, g, al));
    std::vector<double> rowsWith, rowsWithout;
    const FieldMetrics with = computeFieldMetrics(a, b, al, nullptr, 1, &rowsWith, &selections);
    const FieldMetrics without = computeFieldMetrics(a, b, al, nullptr, 1, &rowsWithout);
    EXPECT_TRUE(without.regions.empty());
    EXPECT_EQ(with.regions[0].rms, with.areaWeighted.rms);
    EXPECT_EQ(with.regions[0].relRms, with.areaWeighted.relRms);
    EXPECT_EQ(with.regions[0].bias, with.areaWeighted.bias);
    EXPECT_EQ(with.regions[0].stdA, with.areaWeighted.stdA);
    EXPECT_EQ(with.areaWeighted.rms, without.areaWeighted.rms);
    EXPECT_EQ(with.areaWeighted.stdA, without.areaWeighted.stdA);
    EXPECT_EQ(with.areaWeighted.bias, without.areaWeighted.bias);
    EXPECT_EQ(with.rms, without.rms);
    EXPECT_EQ(with.relRms, without.relRms);
    EXPECT_EQ(with.corr, without.corr);
    EXPECT_EQ(with.maxAbs, without.maxAbs);
    EXPECT_EQ(rowsWith, rowsWithout);
}

TEST(RegionMetrics, UnknownLatitudesLeaveEveryRegionUndefined) {
    const LatLonGrid g = grid(30);
    GridAlignment al = alignGrids(g, g, "A", "B");
    std::vector<RegionSelection> selections{selectRegion(standardRegions()[1], g, al)};
    al.lat.clear();
    const Field a = field<float>(g, [](double lat, double lon) { return lat + lon; });
    const Field b = field<float>(g, [](double lat, double) { return lat; });
    const FieldMetrics m = computeFieldMetrics(a, b, al, nullptr, 1, nullptr, &selections);
    ASSERT_EQ(m.regions.size(), 1u);
    EXPECT_TRUE(std::isnan(m.regions[0].rms));
    EXPECT_TRUE(std::isnan(m.regions[0].stdA));
}

TEST(RegionMetrics, ASelectionForAnotherGridIsAnError) {
    const LatLonGrid small = grid(30), large = grid(10);
    const GridAlignment al = alignGrids(small, small, "A", "B");
    const GridAlignment other = alignGrids(large, large, "A", "B");
    std::vector<RegionSelection> selections{selectRegion(standardRegions()[1], large, other)};
    const Field a = field<float>(small, [](double lat, double) { return lat; });
    EXPECT_THROW(computeFieldMetrics(a, a, al, nullptr, 1, nullptr, &selections), Error);
}
