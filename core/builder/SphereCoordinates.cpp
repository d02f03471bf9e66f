#include "builder/SphereCoordinates.h"

#include <cmath>
#include <numbers>

#include "builder/Float32Math.h"
#include "common/Error.h"

namespace meshdiff {
namespace {

// NumPy's float32 deg2rad / rad2deg factors: π and 180 each rounded to float32 first.
const float kDegToRad = std::numbers::pi_v<float> / 180.0f;
const float kRadToDeg = 180.0f / std::numbers::pi_v<float>;
constexpr double kDegToRad64 = std::numbers::pi / 180.0;
constexpr double kRadToDeg64 = 180.0 / std::numbers::pi;

// NumPy's float remainder: fmod, then shifted into the divisor's sign.
template <class Real>
Real floorMod(Real a, Real b) {
    Real m = std::fmod(a, b);
    if (m != Real(0)) {
        if ((b < 0) != (m < 0)) m += b;
    } else {
        m = std::copysign(Real(0), b);
    }
    return m;
}

}  // namespace

GridAxes makeGridAxes(double resolutionDeg, LatOrder order) {
    if (!(resolutionDeg > 0) || !std::isfinite(resolutionDeg))
        throw Error("", "grid resolution must be a positive number of degrees");
    const double steps = 180.0 / resolutionDeg;
    const double n = std::round(steps);
    if (n < 1 || n > 1800 || std::abs(steps - n) > 1e-9 * n)
        throw Error("", "grid resolution must be 180/n degrees for a whole n up to 1800 (0.1 degrees)");
    const auto nLat = static_cast<std::size_t>(n) + 1, nLon = 2 * static_cast<std::size_t>(n);
    GridAxes axes;
    axes.lat.resize(nLat);
    axes.lon.resize(nLon);
    for (std::size_t i = 0; i < nLat; ++i) {
        const double lat = -90.0 + 180.0 * double(i) / n;
        axes.lat[order == LatOrder::Ascending ? i : nLat - 1 - i] = float(lat);
    }
    for (std::size_t j = 0; j < nLon; ++j) axes.lon[j] = float(360.0 * double(j) / (2.0 * n));
    return axes;
}

void cartesianToLatLon(FloatMath math, const std::vector<std::array<float, 3>>& xyz, std::vector<float>& lat,
                       std::vector<float>& lon) {
    std::vector<float> x(xyz.size()), y(xyz.size()), z(xyz.size());
    for (std::size_t i = 0; i < xyz.size(); ++i) {
        x[i] = xyz[i][0];
        y[i] = xyz[i][1];
        z[i] = xyz[i][2];
    }
    const std::vector<float> phi = atan2Array(math, y, x);
    const std::vector<float> theta = acosArray(math, z);
    lat.resize(xyz.size());
    lon.resize(xyz.size());
    for (std::size_t i = 0; i < xyz.size(); ++i) {
        lon[i] = floorMod(phi[i] * kRadToDeg, 360.0f);
        lat[i] = 90.0f - theta[i] * kRadToDeg;
    }
}

std::vector<Vec3> latLonToCartesian(FloatMath math, const std::vector<float>& lat, const std::vector<float>& lon) {
    std::vector<float> phi(lat.size()), theta(lat.size());
    for (std::size_t i = 0; i < lat.size(); ++i) {
        phi[i] = lon[i] * kDegToRad;
        theta[i] = (90.0f - lat[i]) * kDegToRad;
    }
    const auto cosPhi = cosArray(math, phi), sinPhi = sinArray(math, phi);
    const auto cosTheta = cosArray(math, theta), sinTheta = sinArray(math, theta);
    std::vector<Vec3> out(lat.size());
    for (std::size_t i = 0; i < lat.size(); ++i)
        out[i] = {double(cosPhi[i] * sinTheta[i]), double(sinPhi[i] * sinTheta[i]), double(cosTheta[i])};
    return out;
}

GridCartesianFactors gridCartesianFactors(FloatMath math, const GridAxes& axes) {
    std::vector<float> phi(axes.lon.size()), theta(axes.lat.size());
    for (std::size_t j = 0; j < axes.lon.size(); ++j) phi[j] = axes.lon[j] * kDegToRad;
    for (std::size_t i = 0; i < axes.lat.size(); ++i) theta[i] = (90.0f - axes.lat[i]) * kDegToRad;
    return {cosArray(math, phi), sinArray(math, phi), cosArray(math, theta), sinArray(math, theta)};
}

std::vector<Vec3> gridCartesian(FloatMath math, const GridAxes& axes) {
    const GridCartesianFactors factors = gridCartesianFactors(math, axes);
    std::vector<Vec3> out(axes.size());
    const std::size_t nLon = axes.lon.size();
    for (std::size_t i = 0; i < axes.lat.size(); ++i)
        for (std::size_t j = 0; j < nLon; ++j) out[i * nLon + j] = factors.point(i, j);
    return out;
}

void cartesianToLatLon64(const std::vector<Vec3>& xyz, std::vector<double>& lat, std::vector<double>& lon) {
    lat.resize(xyz.size());
    lon.resize(xyz.size());
    for (std::size_t i = 0; i < xyz.size(); ++i) {
        lon[i] = floorMod(std::atan2(xyz[i][1], xyz[i][0]) * kRadToDeg64, 360.0);
        lat[i] = 90.0 - std::acos(xyz[i][2]) * kRadToDeg64;
    }
}

std::vector<Vec3> latLonToCartesian64(const std::vector<double>& lat, const std::vector<double>& lon) {
    std::vector<Vec3> out(lat.size());
    for (std::size_t i = 0; i < lat.size(); ++i) {
        const double phi = lon[i] * kDegToRad64, theta = (90.0 - lat[i]) * kDegToRad64;
        out[i] = {std::cos(phi) * std::sin(theta), std::sin(phi) * std::sin(theta), std::cos(theta)};
    }
    return out;
}

std::vector<Vec3> gridCartesian64(const GridAxes& axes) {
    const std::size_t nLon = axes.lon.size();
    std::vector<double> cosPhi(nLon), sinPhi(nLon);
    for (std::size_t j = 0; j < nLon; ++j) {
        const double phi = double(axes.lon[j]) * kDegToRad64;
        cosPhi[j] = std::cos(phi);
        sinPhi[j] = std::sin(phi);
    }
    std::vector<Vec3> out(axes.size());
    for (std::size_t i = 0; i < axes.lat.size(); ++i) {
        const double theta = (90.0 - double(axes.lat[i])) * kDegToRad64;
        const double sinTheta = std::sin(theta), cosTheta = std::cos(theta);
        for (std::size_t j = 0; j < nLon; ++j)
            out[i * nLon + j] = {cosPhi[j] * sinTheta, sinPhi[j] * sinTheta, cosTheta};
    }
    return out;
}

double longestEdge(const std::vector<Vec3>& nodes, const std::vector<std::array<std::int32_t, 3>>& faces,
                   Precision precision) {
    double longest = 0;
    for (const auto& f : faces) {
        for (int k = 0; k < 3; ++k) {
            const Vec3& a = nodes[f[k]];
            const Vec3& b = nodes[f[(k + 1) % 3]];
            if (precision == Precision::Float32) {
                float s[3];
                for (int i = 0; i < 3; ++i) {
                    const float d = float(a[i]) - float(b[i]);
                    s[i] = d * d;
                }
                longest = std::max(longest, double(std::sqrt((s[0] + s[1]) + s[2])));
            } else {
                longest = std::max(longest, std::sqrt(squaredDistance(a, b)));
            }
        }
    }
    return longest;
}

}  // namespace meshdiff
