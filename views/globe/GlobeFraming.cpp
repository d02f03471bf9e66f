#include "globe/GlobeFraming.h"

#include <cmath>

#include "globe/GlobeProjection.h"

namespace meshdiff::views {

QRectF uncoveredArea(const QRectF& view, const std::vector<QRectF>& covered) {
    std::vector<QRectF> panels;
    for (const QRectF& panel : covered)
        if (panel.intersects(view)) panels.push_back(panel & view);
    QRectF best = view;
    double bestArea = -1;
    // Every choice of one side per panel (4^n; n is 2 at most here).
    std::size_t choices = 1;
    for (std::size_t k = 0; k < panels.size(); ++k) choices *= 4;
    for (std::size_t choice = 0; choice < choices; ++choice) {
        QRectF area = view;
        std::size_t code = choice;
        for (const QRectF& p : panels) {
            switch (code % 4) {
                case 0: area.setLeft(std::max(area.left(), p.right())); break;
                case 1: area.setRight(std::min(area.right(), p.left())); break;
                case 2: area.setTop(std::max(area.top(), p.bottom())); break;
                default: area.setBottom(std::min(area.bottom(), p.top())); break;
            }
            code /= 4;
        }
        if (area.width() <= 0 || area.height() <= 0) continue;
        const double a = area.width() * area.height();
        if (a > bestArea) best = area, bestArea = a;
    }
    return best;
}

GlobeCamera cameraShowingAt(double latDeg, double lonDeg, double distance, const QPointF& point, int width,
                            int height) {
    const GlobeCamera centred = allowedCamera({latDeg, lonDeg, distance});
    GlobeCamera camera = centred;
    // Moves the camera by the lat/lon error of the point it shows there until it shows the target.
    for (int step = 0; step < 12; ++step) {
        const GlobeProjection projection(camera, width, height);
        const std::optional<Vec3> hit = projection.sphereHit(point.x(), height - point.y());
        if (!hit) return centred;
        const double dLat = latDeg - latitudeOf(*hit);
        double dLon = std::remainder(lonDeg - longitudeOf(*hit), 360.0);
        if (std::abs(dLat) < 1e-4 && std::abs(dLon) < 1e-4) break;
        camera = allowedCamera({camera.lat + dLat, camera.lon + dLon, camera.distance});
    }
    return camera;
}

}  // namespace meshdiff::views
