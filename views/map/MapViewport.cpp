#include "map/MapViewport.h"

#include <algorithm>
#include <cmath>

#include "geo/LatLonAxis.h"

namespace meshdiff::views {

MapViewport clampedViewport(MapViewport viewport) {
    if (!std::isfinite(viewport.zoom)) viewport.zoom = 1;
    viewport.zoom = std::clamp(viewport.zoom, 1.0, kMaxMapZoom);
    const double halfLat = viewport.latSpan() / 2;
    if (!std::isfinite(viewport.centerLat)) viewport.centerLat = 0;
    viewport.centerLat = std::clamp(viewport.centerLat, -90.0 + halfLat, 90.0 - halfLat);
    if (!std::isfinite(viewport.centerLon)) viewport.centerLon = 0;
    viewport.centerLon = wrapLongitude360(viewport.centerLon + 180.0) - 180.0;
    return viewport;
}

MapViewport zoomedAt(const MapViewport& viewport, double fx, double fy, double factor) {
    const double lon = viewport.west() + fx * viewport.lonSpan();
    const double lat = viewport.north() - fy * viewport.latSpan();
    MapViewport zoomed = viewport;
    zoomed.zoom = std::clamp(viewport.zoom * factor, 1.0, kMaxMapZoom);
    zoomed.centerLon = lon - (fx - 0.5) * zoomed.lonSpan();
    zoomed.centerLat = lat + (fy - 0.5) * zoomed.latSpan();
    return clampedViewport(zoomed);
}

MapViewport pannedBy(const MapViewport& viewport, double dfx, double dfy) {
    MapViewport panned = viewport;
    panned.centerLon -= dfx * viewport.lonSpan();
    panned.centerLat += dfy * viewport.latSpan();
    return clampedViewport(panned);
}

LonLat MapProjection::lonLatAt(const QPointF& point) const {
    const double fx = frame.width() > 0 ? (point.x() - frame.left()) / frame.width() : 0;
    const double fy = frame.height() > 0 ? (point.y() - frame.top()) / frame.height() : 0;
    return {viewport.west() + fx * viewport.lonSpan(), viewport.north() - fy * viewport.latSpan()};
}

double MapProjection::placed(double lon) const { return viewport.west() + wrapLongitude360(lon - viewport.west()); }

}  // namespace meshdiff::views
