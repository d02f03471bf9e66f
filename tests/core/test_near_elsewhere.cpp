// The one "near" (core/diagnose): the rel RMS near the graph differences and elsewhere that the
// field table shows and compare --json writes, against a reference that measures great-circle
// distances itself and computes rel RMS in plain double loops.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <vector>

#include "diagnose/NearEnergy.h"

using namespace meshdiff;

namespace {

double greatCircleDegrees(double lat1, double lon1, double lat2, double lon2) {
    const double r = std::numbers::pi / 180;
    const double c =
        std::sin(lat1 * r) * std::sin(lat2 * r) + std::cos(lat1 * r) * std::cos(lat2 * r) * std::cos((lon1 - lon2) * r);
    return std::acos(std::clamp(c, -1.0, 1.0)) / r;
}

struct Reference {
    double near = std::nan(""), elsewhere = std::nan("");
};

// rel RMS = sqrt(mean (A−B)²) / std(A) over the points within `radius` of a place, and over the others.
Reference reference(const LatLonGrid& grid, const std::vector<float>& a, const std::vector<float>& b,
                    const DiffPlaces& places) {
    std::vector<double> sa(2), saa(2), sdd(2), n(2);
    for (std::size_t i = 0; i < grid.nlat(); ++i)
        for (std::size_t j = 0; j < grid.nlon(); ++j) {
            const std::size_t p = i * grid.nlon() + j;
            if (!std::isfinite(a[p]) || !std::isfinite(b[p])) continue;
            bool isNear = false;
            for (const auto& [lat, lon] : places.latLon)
                isNear = isNear || greatCircleDegrees(grid.lat[i], grid.lon[j], lat, lon) <= places.radiusDegrees;
            const int k = isNear ? 0 : 1;
            sa[k] += a[p], saa[k] += double(a[p]) * a[p], sdd[k] += std::pow(double(a[p]) - b[p], 2), n[k] += 1;
        }
    auto relRms = [&](int k) {
        const double mean = sa[k] / n[k], var = saa[k] / n[k] - mean * mean;
        return std::sqrt(sdd[k] / n[k]) / std::sqrt(var);
    };
    return {n[0] > 0 ? relRms(0) : std::nan(""), n[1] > 0 ? relRms(1) : std::nan("")};
}

}  // namespace

TEST(NearAndElsewhere, MatchAPlainReferenceAcrossTheSeamAndWithNaNs) {
    LatLonGrid grid;
    for (int i = 0; i <= 90; ++i) grid.lat.push_back(-90.0 + 2 * i);
    for (int j = 0; j < 180; ++j) grid.lon.push_back(2.0 * j);
    DiffPlaces places;
    places.radiusDegrees = 5;
    places.farDegrees = 20;
    places.latLon = {{0.0, 0.0}, {50.0, 181.0}};  // one on the 0/360 seam
    const DiffNeighbourhood around = neighbourhoodOn(places, grid);
    std::vector<float> a(grid.size()), b(grid.size());
    for (std::size_t p = 0; p < a.size(); ++p) {
        a[p] = 250.0f + float((p * 37) % 101) * 0.3f;
        b[p] = a[p] + 1e-3f * float((p * 11) % 7);
    }
    for (std::size_t j = 0; j < grid.nlon(); ++j) b[45 * grid.nlon() + j] += 0.5f;  // a band through the first place
    a[45 * grid.nlon() + 1] = std::nanf("");
    const Field fa{"t", "", "", grid.nlat(), grid.nlon(), a}, fb{"t", "", "", grid.nlat(), grid.nlon(), b};
    const GridAlignment same = alignGrids(grid, grid, "A", "B");
    const NearEnergy e =
        measureNearAndElsewhere(fa, fb, same, around, nearMask(around, same), computeFieldMetrics(fa, fb, same));
    const Reference ref = reference(grid, a, b, places);
    ASSERT_TRUE(std::isfinite(ref.near));
    EXPECT_NEAR(e.relRmsNear, ref.near, 1e-9 * ref.near);
    EXPECT_NEAR(e.relRmsElsewhere, ref.elsewhere, 1e-9 * ref.elsewhere);
    EXPECT_GT(e.relRmsNear, 2 * e.relRmsElsewhere);  // the band's points near the place dominate
}

TEST(NearAndElsewhere, IdenticalElsewhereGivesExactlyZero) {
    LatLonGrid grid;
    for (int i = 0; i <= 36; ++i) grid.lat.push_back(-90.0 + 5 * i);
    for (int j = 0; j < 72; ++j) grid.lon.push_back(5.0 * j);
    DiffPlaces places;
    places.radiusDegrees = 6;
    places.farDegrees = 24;
    places.latLon = {{10.0, 100.0}};
    const DiffNeighbourhood around = neighbourhoodOn(places, grid);
    std::vector<float> a(grid.size()), b;
    for (std::size_t p = 0; p < a.size(); ++p) a[p] = float(p % 13);
    b = a;
    const std::size_t at = std::size_t((10 + 90) / 5) * grid.nlon() + 100 / 5;
    b[at] += 1;
    const Field fa{"t", "", "", grid.nlat(), grid.nlon(), a}, fb{"t", "", "", grid.nlat(), grid.nlon(), b};
    const GridAlignment same = alignGrids(grid, grid, "A", "B");
    const NearEnergy e =
        measureNearAndElsewhere(fa, fb, same, around, nearMask(around, same), computeFieldMetrics(fa, fb, same));
    EXPECT_GT(e.relRmsNear, 0);
    EXPECT_EQ(e.relRmsElsewhere, 0.0);  // not a rounding residue of total − near
}
