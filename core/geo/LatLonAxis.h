#pragma once
#include <cmath>
#include <cstddef>
#include <limits>
#include <vector>

namespace meshdiff {

// Longitude in degrees brought into [0, 360).
inline double wrapLongitude360(double lonDeg) {
    const double w = std::fmod(lonDeg, 360.0);
    return w < 0 ? w + 360.0 : w;
}

// Degrees between two longitudes the short way round (0 … 180).
inline double longitudeDistance(double a, double b) { return std::abs(std::remainder(a - b, 360.0)); }

// Index of the axis value nearest to `value` (the first of equals); 0 for an empty axis.
// Works on unsorted axes; latitude axes may run either way.
template <typename T>
std::size_t nearestIndex(const std::vector<T>& axis, double value) {
    std::size_t best = 0;
    double bestDistance = std::numeric_limits<double>::infinity();
    for (std::size_t i = 0; i < axis.size(); ++i) {
        const double d = std::abs(double(axis[i]) - value);
        if (d < bestDistance) bestDistance = d, best = i;
    }
    return best;
}

// The same on a longitude axis, where 359° and 1° are 2° apart.
template <typename T>
std::size_t nearestLongitudeIndex(const std::vector<T>& axis, double lonDeg) {
    std::size_t best = 0;
    double bestDistance = std::numeric_limits<double>::infinity();
    for (std::size_t i = 0; i < axis.size(); ++i) {
        const double d = longitudeDistance(double(axis[i]), lonDeg);
        if (d < bestDistance) bestDistance = d, best = i;
    }
    return best;
}

// The grid point (row-major: lat index × n_lon + lon index) nearest to (lat, lon) on a regular grid.
template <typename T>
std::size_t nearestGridPoint(const std::vector<T>& lat, const std::vector<T>& lon, double latDeg, double lonDeg) {
    return nearestIndex(lat, latDeg) * lon.size() + nearestLongitudeIndex(lon, lonDeg);
}

}  // namespace meshdiff
