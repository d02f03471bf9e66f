#include "globe/GlobeProjection.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace meshdiff::views {

GlobeProjection::GlobeProjection(const GlobeCamera& camera, int width, int height)
    : width_(std::max(1, width)), height_(std::max(1, height)) {
    const GlobeCamera allowed = allowedCamera(camera);
    eye_ = scaled(unitVector(allowed.lat, allowed.lon), allowed.distance);
    // VTK's look-at frame: towards the focal point (the origin), view up orthogonalised to it.
    forward_ = scaled(eye_, -1.0 / allowed.distance);
    right_ = normalized(cross(forward_, {0, 0, 1}));
    up_ = cross(right_, forward_);
    halfHeight_ = std::tan(kGlobeViewAngleDegrees / 2 * std::numbers::pi / 180);
    halfWidth_ = halfHeight_ * width_ / height_;
}

bool GlobeProjection::toDisplay(const Vec3& p, double& x, double& y) const {
    if (dot(normalized(p), eye_) < 1.0) return false;  // beyond the horizon seen from the eye
    const Vec3 d = difference(p, eye_);
    const double depth = dot(d, forward_);
    if (depth <= 0) return false;
    x = (dot(d, right_) / depth / halfWidth_ + 1) * width_ / 2;
    y = (dot(d, up_) / depth / halfHeight_ + 1) * height_ / 2;
    return true;
}

std::optional<Vec3> GlobeProjection::sphereHit(double x, double y) const {
    const double u = (2 * x / width_ - 1) * halfWidth_, v = (2 * y / height_ - 1) * halfHeight_;
    const Vec3 dir = normalized({forward_[0] + u * right_[0] + v * up_[0], forward_[1] + u * right_[1] + v * up_[1],
                                 forward_[2] + u * right_[2] + v * up_[2]});
    const double b = dot(eye_, dir), c = dot(eye_, eye_) - 1.0, disc = b * b - c;
    if (disc < 0) return std::nullopt;
    const double t = -b - std::sqrt(disc);
    return normalized({eye_[0] + t * dir[0], eye_[1] + t * dir[1], eye_[2] + t * dir[2]});
}

}  // namespace meshdiff::views
