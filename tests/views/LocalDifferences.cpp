#include "LocalDifferences.h"

#include <cmath>
#include <cstdint>
#include <numbers>

namespace meshdiff::test {

LocalDifferencesPair::LocalDifferencesPair() : data(std::make_shared<views::ErrorMapData>()) {
    views::ErrorMapData& d = *data;
    for (int i = 0; i <= 720; ++i) d.grid.lat.push_back(90.0 - 0.25 * i);
    for (int j = 0; j < 1440; ++j) d.grid.lon.push_back(0.25 * j);
    d.a.resize(d.grid.size());
    d.b.resize(d.grid.size());
    std::uint32_t seed = 7;
    auto noise = [&seed] {
        seed = seed * 1664525u + 1013904223u;
        return 1e-6 * (double(seed >> 8) / double(1u << 24) * 2 - 1);
    };
    constexpr double kDegree = std::numbers::pi / 180;
    for (std::size_t i = 0; i < d.grid.nlat(); ++i) {
        const double lat = d.grid.lat[i];
        for (std::size_t j = 0; j < d.grid.nlon(); ++j) {
            const double lon = d.grid.lon[j];
            const std::size_t k = i * d.grid.nlon() + j;
            const double value = 1.0 + 0.3 * std::cos(lat * kDegree) * std::sin(2 * lon * kDegree);
            double spots = 0;
            for (const Spot& s : kSpots) {
                const double dLon = std::remainder(lon - s.lon, 360.0), dLat = lat - s.lat;
                const double r2 = dLat * dLat + dLon * dLon;  // a spot of about 1° radius
                if (r2 < 9) spots += s.amplitude * std::exp(-r2);
            }
            d.a[k] = float(value + noise());
            d.b[k] = float(value - spots + noise());
        }
    }
    d.fieldName = "specific_humidity";
    d.units = "kg kg-1";
}

}  // namespace meshdiff::test
