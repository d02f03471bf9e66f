#include "map/MapNeighbourhood.h"

#include <algorithm>
#include <cmath>
#include <numbers>

#include <QPainter>

#include "map/MapSeam.h"

namespace meshdiff::views {

std::vector<std::vector<LonLat>> neighbourhoodOutlines(const DiffPlaces& places, int steps) {
    constexpr double rad = std::numbers::pi / 180;
    const double delta = places.radiusDegrees * rad;
    std::vector<std::vector<LonLat>> outlines;
    if (!(delta > 0)) return outlines;
    outlines.reserve(places.latLon.size());
    for (const auto& [lat0, lon0] : places.latLon) {
        const double phi = lat0 * rad;
        std::vector<LonLat> circle;
        circle.reserve(std::size_t(steps));
        for (int i = 0; i < steps; ++i) {
            const double bearing = 2 * std::numbers::pi * i / steps;
            const double sinLat = std::clamp(
                std::sin(phi) * std::cos(delta) + std::cos(phi) * std::sin(delta) * std::cos(bearing), -1.0, 1.0);
            const double dLon = std::atan2(std::sin(bearing) * std::sin(delta) * std::cos(phi),
                                           std::cos(delta) - std::sin(phi) * sinLat);
            circle.push_back({lon0 + dLon / rad, std::asin(sinLat) / rad});
        }
        outlines.push_back(std::move(circle));
    }
    return outlines;
}

QPainterPath circlesOnMap(const MapProjection& projection, const std::vector<std::vector<LonLat>>& circles) {
    QPainterPath path;
    path.setFillRule(Qt::WindingFill);
    for (const std::vector<LonLat>& circle : circles) {
        if (circle.empty()) continue;
        double lo = circle.front()[0], hi = lo;
        for (const LonLat& p : circle) lo = std::min(lo, p[0]), hi = std::max(hi, p[0]);
        for (double shift : seamShifts(lo, hi, projection.west())) {
            QPolygonF polygon;
            for (const LonLat& p : circle) polygon << projection.at(p, shift);
            path.addPolygon(polygon);
            path.closeSubpath();
        }
    }
    return path.simplified();
}

bool neighbourhoodOutlined(const MapProjection& projection, const ErrorMapData& data, double unit) {
    if (data.neighbourhood.empty() || data.neighbourhood.front().empty()) return false;
    // A circle a few pixels wide would be all outline, over the very cells it rings (a 1° "near"
    // at world size): it waits for the zoom; the difference marks show the places meanwhile.
    const auto [south, north] =
        std::minmax_element(data.neighbourhood.front().begin(), data.neighbourhood.front().end(),
                            [](const LonLat& a, const LonLat& b) { return a[1] < b[1]; });
    return (north->at(1) - south->at(1)) / 2 * projection.pixelsPerDegree() >= kLeastNearRadius * unit;
}

void drawMapNeighbourhood(QPainter& painter, const MapProjection& projection, const ErrorMapData& data, double unit) {
    if (!neighbourhoodOutlined(projection, data, unit)) return;
    const QPainterPath merged = circlesOnMap(projection, data.neighbourhood);
    painter.save();
    painter.setRenderHint(QPainter::Antialiasing, true);
    painter.setBrush(Qt::NoBrush);  // a tint would change the colours of the cells within
    painter.setPen(QPen(QColor(230, 159, 0), 1.6 * unit));
    painter.drawPath(merged);
    painter.restore();
}

}  // namespace meshdiff::views
