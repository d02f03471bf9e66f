#pragma once
#include <algorithm>
#include <array>
#include <cmath>
#include <numbers>

namespace meshdiff {

// A point or direction in 3-D; on the unit sphere x points to (0°N, 0°E) and z to the North Pole.
using Vec3 = std::array<double, 3>;

inline Vec3 unitVector(double latDeg, double lonDeg) {
    const double lat = latDeg * std::numbers::pi / 180.0, lon = lonDeg * std::numbers::pi / 180.0;
    return {std::cos(lat) * std::cos(lon), std::cos(lat) * std::sin(lon), std::sin(lat)};
}

inline Vec3 scaled(const Vec3& v, double s) { return {v[0] * s, v[1] * s, v[2] * s}; }
inline Vec3 difference(const Vec3& a, const Vec3& b) { return {a[0] - b[0], a[1] - b[1], a[2] - b[2]}; }
inline Vec3 cross(const Vec3& a, const Vec3& b) {
    return {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
}
inline double dot(const Vec3& a, const Vec3& b) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }
inline double norm(const Vec3& v) { return std::sqrt(dot(v, v)); }
inline Vec3 normalized(const Vec3& v) { return scaled(v, 1.0 / norm(v)); }

inline double latitudeOf(const Vec3& v) {
    return std::asin(std::clamp(v[2] / norm(v), -1.0, 1.0)) * 180.0 / std::numbers::pi;
}
inline double longitudeOf(const Vec3& v) {
    const double lon = std::atan2(v[1], v[0]) * 180.0 / std::numbers::pi;
    return lon < 0 ? lon + 360.0 : lon;
}

// Angle between two unit vectors, radians.
inline double angleBetween(const Vec3& a, const Vec3& b) { return std::acos(std::clamp(dot(a, b), -1.0, 1.0)); }

// Point at fraction t along the great circle from unit vector a to unit vector b.
inline Vec3 slerp(const Vec3& a, const Vec3& b, double t) {
    const double angle = angleBetween(a, b);
    if (angle < 1e-9) return a;
    const double s = std::sin(angle);
    const double wa = std::sin((1 - t) * angle) / s, wb = std::sin(t * angle) / s;
    return {wa * a[0] + wb * b[0], wa * a[1] + wb * b[1], wa * a[2] + wb * b[2]};
}

}  // namespace meshdiff
