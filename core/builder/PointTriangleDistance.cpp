#include "builder/PointTriangleDistance.h"

namespace meshdiff {
namespace {

inline Vec3 sub(const Vec3& u, const Vec3& v) { return {u[0] - v[0], u[1] - v[1], u[2] - v[2]}; }
inline Vec3 along(const Vec3& origin, const Vec3& dir, double t) {
    return {origin[0] + t * dir[0], origin[1] + t * dir[1], origin[2] + t * dir[2]};
}
inline double distanceSq(const Vec3& p, const Vec3& q) {
    const Vec3 d = sub(p, q);
    return dot(d, d);
}

}  // namespace

double pointTriangleDistanceSq(const Vec3& p, const Vec3& a, const Vec3& b, const Vec3& c) {
    const Vec3 ab = sub(b, a), ac = sub(c, a), ap = sub(p, a);
    const double d1 = dot(ab, ap), d2 = dot(ac, ap);
    if (d1 <= 0 && d2 <= 0) return distanceSq(p, a);

    const Vec3 bp = sub(p, b);
    const double d3 = dot(ab, bp), d4 = dot(ac, bp);
    if (d3 >= 0 && d4 <= d3) return distanceSq(p, b);

    const double vc = d1 * d4 - d3 * d2;
    if (vc <= 0 && d1 >= 0 && d3 <= 0) return distanceSq(p, along(a, ab, d1 / (d1 - d3)));

    const Vec3 cp = sub(p, c);
    const double d5 = dot(ab, cp), d6 = dot(ac, cp);
    if (d6 >= 0 && d5 <= d6) return distanceSq(p, c);

    const double vb = d5 * d2 - d1 * d6;
    if (vb <= 0 && d2 >= 0 && d6 <= 0) return distanceSq(p, along(a, ac, d2 / (d2 - d6)));

    const double va = d3 * d6 - d5 * d4;
    if (va <= 0 && (d4 - d3) >= 0 && (d5 - d6) >= 0) {
        const double w = (d4 - d3) / ((d4 - d3) + (d5 - d6));
        return distanceSq(p, along(b, sub(c, b), w));
    }

    const double denom = 1.0 / (va + vb + vc);
    const double v = vb * denom, w = vc * denom;
    const Vec3 q{a[0] + ab[0] * v + ac[0] * w, a[1] + ab[1] * v + ac[1] * w, a[2] + ab[2] * v + ac[2] * w};
    return distanceSq(p, q);
}

}  // namespace meshdiff
