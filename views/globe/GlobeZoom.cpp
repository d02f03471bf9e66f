#include "globe/GlobeZoom.h"

#include <cmath>

#include "globe/GlobeProjection.h"

namespace meshdiff::views {

GlobeCamera zoomedAt(const GlobeCamera& camera, int width, int height, double x, double y, double steps) {
    const GlobeCamera from = allowedCamera(camera);
    GlobeCamera to = from;
    to.distance = 1.0 + (from.distance - 1.0) * std::pow(0.87, steps);
    to = allowedCamera(to);
    const double displayY = height - y;  // GlobeProjection counts from the bottom
    const auto target = GlobeProjection(from, width, height).sphereHit(x, displayY);
    if (!target) return to;
    // Turn the globe until the target is under the cursor again; the camera is north-up, so
    // latitude and longitude errors are corrected separately (converges in a few rounds).
    const double targetLat = latitudeOf(*target), targetLon = longitudeOf(*target);
    for (int round = 0; round < 8; ++round) {
        const auto seen = GlobeProjection(to, width, height).sphereHit(x, displayY);
        if (!seen) break;
        const double dLat = targetLat - latitudeOf(*seen);
        const double dLon = std::remainder(targetLon - longitudeOf(*seen), 360.0);
        if (std::abs(dLat) < 1e-7 && std::abs(dLon) < 1e-7) break;
        to.lat += dLat;
        to.lon += dLon;
        to = allowedCamera(to);
    }
    return to;
}

}  // namespace meshdiff::views
