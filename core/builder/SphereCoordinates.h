#pragma once
#include <array>
#include <cstdint>
#include <vector>

#include "builder/BuildOptions.h"
#include "geo/Vec3.h"

namespace meshdiff {

// 1-D grid axes in degrees: latitude from −90 to 90 (or reversed), longitude 0 … 360 − res.
struct GridAxes {
    std::vector<float> lat;
    std::vector<float> lon;
    std::size_t size() const { return lat.size() * lon.size(); }
};
// Throws meshdiff::Error unless 180 / resolutionDeg is a whole number n (within 1e-9), n ≤ 1800
// (0.1°: 6.5 M grid points).
GridAxes makeGridAxes(double resolutionDeg, LatOrder order);

// The official conversions in float32, each operation rounded as NumPy rounds it:
// lat = 90 − deg(acos z), lon = mod(deg(atan2(y, x)), 360), and back with
// x = cos φ sin θ, y = sin φ sin θ, z = cos θ for φ = rad(lon), θ = rad(90 − lat).
void cartesianToLatLon(FloatMath math, const std::vector<std::array<float, 3>>& xyz, std::vector<float>& lat,
                       std::vector<float>& lon);
std::vector<Vec3> latLonToCartesian(FloatMath math, const std::vector<float>& lat, const std::vector<float>& lon);
// Every grid point (index = lat_index × n_lon + lon_index) with the float32 formula above.
std::vector<Vec3> gridCartesian(FloatMath math, const GridAxes& axes);
// The same formula's factors, once per axis value: point(i, j) is gridCartesian's point i × n_lon + j,
// for reading a few grid points without computing all of them.
struct GridCartesianFactors {
    std::vector<float> cosPhi, sinPhi, cosTheta, sinTheta;  // per longitude, per latitude
    Vec3 point(std::size_t latIndex, std::size_t lonIndex) const {
        return {double(cosPhi[lonIndex] * sinTheta[latIndex]), double(sinPhi[lonIndex] * sinTheta[latIndex]),
                double(cosTheta[latIndex])};
    }
};
GridCartesianFactors gridCartesianFactors(FloatMath math, const GridAxes& axes);

// The same formulas evaluated in float64.
void cartesianToLatLon64(const std::vector<Vec3>& xyz, std::vector<double>& lat, std::vector<double>& lon);
std::vector<Vec3> latLonToCartesian64(const std::vector<double>& lat, const std::vector<double>& lon);
std::vector<Vec3> gridCartesian64(const GridAxes& axes);

// Longest edge of the faces: NumPy's float32 norm of float32 differences, or plain float64.
double longestEdge(const std::vector<Vec3>& nodes, const std::vector<std::array<std::int32_t, 3>>& faces,
                   Precision precision);

// SciPy's cKDTree distance: float64 differences, squares summed x, y, z in order.
inline double squaredDistance(const Vec3& a, const Vec3& b) {
    const double dx = a[0] - b[0], dy = a[1] - b[1], dz = a[2] - b[2];
    return (dx * dx + dy * dy) + dz * dz;
}

}  // namespace meshdiff
