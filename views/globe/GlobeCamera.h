#pragma once
#include <algorithm>

#include "geo/LatLonAxis.h"

namespace meshdiff::views {

// Where the camera looks from: above (lat, lon) at `distance` Earth radii from the centre,
// north up.
struct GlobeCamera {
    double lat = 20, lon = 0, distance = 4.2;  // 4.2: the whole globe in view
};

// The camera's vertical view angle.
constexpr double kGlobeViewAngleDegrees = 30;

// The camera moved into the range the globe allows: latitude within ±89.5°, longitude 0…360°,
// distance 1.05…12 radii.
inline GlobeCamera allowedCamera(const GlobeCamera& camera) {
    return {std::clamp(camera.lat, -89.5, 89.5), wrapLongitude360(camera.lon), std::clamp(camera.distance, 1.05, 12.0)};
}

}  // namespace meshdiff::views
