#pragma once
#include <optional>

#include "geo/Vec3.h"
#include "globe/GlobeCamera.h"

namespace meshdiff::views {

// The perspective of a GlobeCamera on a picture of width×height pixels, as GlobeRenderer sets
// up VTK's camera: where a world point lands and which point of the globe a pixel shows.
// Picking uses it instead of a renderer, so that it needs no window.
class GlobeProjection {
public:
    GlobeProjection(const GlobeCamera& camera, int width, int height);

    const Vec3& eye() const { return eye_; }

    // Display coordinates (pixels, origin bottom-left) of world point p; false when p lies
    // beyond the horizon seen from the eye.
    bool toDisplay(const Vec3& p, double& x, double& y) const;

    // The point of the unit sphere under display point (x, y); none when the ray misses it.
    std::optional<Vec3> sphereHit(double x, double y) const;

private:
    Vec3 eye_, forward_, right_, up_;
    double width_, height_, halfHeight_, halfWidth_;  // half extents of the view at unit depth
};

}  // namespace meshdiff::views
