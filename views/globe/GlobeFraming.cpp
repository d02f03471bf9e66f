#include "globe/GlobeFraming.h"

#include <algorithm>
#include <cmath>
#include <utility>

#include "globe/GlobeProjection.h"

namespace meshdiff::views {

namespace {

// Runs of consecutive true values, as [first, last] pairs.
std::vector<std::pair<int, int>> runsOf(const std::vector<bool>& on) {
    std::vector<std::pair<int, int>> runs;
    for (int i = 0; i < int(on.size()); ++i) {
        if (!on[std::size_t(i)]) continue;
        if (!runs.empty() && runs.back().second == i - 1) runs.back().second = i;
        else runs.emplace_back(i, i);
    }
    return runs;
}

}  // namespace

std::vector<QRect> paintedPanels(const QImage& overlay) {
    std::vector<QRect> panels;
    if (overlay.isNull()) return panels;
    const QImage image = overlay.convertToFormat(QImage::Format_ARGB32_Premultiplied);
    const int width = image.width(), height = image.height();
    const auto painted = [&image](int x, int y) {
        return qAlpha(reinterpret_cast<const QRgb*>(image.constScanLine(y))[x]) != 0;
    };
    std::vector<bool> rows(std::size_t(height), false);
    for (int y = 0; y < height; ++y)
        for (int x = 0; x < width && !rows[std::size_t(y)]; ++x) rows[std::size_t(y)] = painted(x, y);
    for (const auto& [top, bottom] : runsOf(rows)) {
        std::vector<bool> columns(std::size_t(width), false);
        for (int y = top; y <= bottom; ++y)
            for (int x = 0; x < width; ++x)
                if (painted(x, y)) columns[std::size_t(x)] = true;
        for (const auto& [left, right] : runsOf(columns)) {
            int first = bottom, last = top;
            for (int y = top; y <= bottom; ++y)
                for (int x = left; x <= right; ++x)
                    if (painted(x, y)) {
                        first = std::min(first, y), last = std::max(last, y);
                        break;
                    }
            panels.emplace_back(QPoint(left, first), QPoint(right, last));
        }
    }
    return panels;
}

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
