#pragma once
#include <QPointF>
#include <QRectF>

#include "map/ErrorMapData.h"

namespace meshdiff::views {

// The part of the world an error map shows: a window of the equirectangular map around
// (centerLon, centerLat), `zoom` times closer than the whole world. The window always spans
// twice as many degrees of longitude as of latitude, so that the map frame keeps its 2:1 shape
// and a degree is as wide as it is tall. centerLon also places the seam at zoom 1.
struct MapViewport {
    double centerLon = 0, centerLat = 0;
    double zoom = 1;  // 1: the whole world, centerLon − 180 … centerLon + 180, −90 … 90

    double lonSpan() const { return 360.0 / zoom; }
    double latSpan() const { return 180.0 / zoom; }
    double west() const { return centerLon - lonSpan() / 2; }
    double east() const { return centerLon + lonSpan() / 2; }
    double south() const { return centerLat - latSpan() / 2; }
    double north() const { return centerLat + latSpan() / 2; }
    bool wholeWorld() const { return zoom <= 1.0; }
    bool operator==(const MapViewport&) const = default;
};

// 1° of longitude across the frame: a 0.25° grid shows cells 4 × 4 of them.
constexpr double kMaxMapZoom = 360;

// The viewport made valid: zoom within 1 … kMaxMapZoom, the window slid (never shrunk) to stay
// within ±90° latitude, centerLon brought into [−180, 180).
MapViewport clampedViewport(MapViewport viewport);

// Zooms by `factor` (> 1: closer) keeping the point at fraction (fx, fy) of the frame (from its
// top-left corner) where it is, unless the window must slide to stay within the poles.
MapViewport zoomedAt(const MapViewport& viewport, double fx, double fy, double factor);

// Moves the map content by (dfx, dfy) fractions of the frame (a drag to the right by a quarter
// of the frame: dfx = 0.25, the window moves west by a quarter of its span).
MapViewport pannedBy(const MapViewport& viewport, double dfx, double dfy);

// A viewport placed in a frame on the page: longitude/latitude ↔ page coordinates.
struct MapProjection {
    QRectF frame;
    MapViewport viewport;

    double west() const { return viewport.west(); }
    double x(double lon) const { return frame.left() + (lon - viewport.west()) / viewport.lonSpan() * frame.width(); }
    double y(double lat) const { return frame.top() + (viewport.north() - lat) / viewport.latSpan() * frame.height(); }
    QPointF at(const LonLat& p, double shift = 0) const { return {x(p[0] + shift), y(p[1])}; }
    // Longitude (in [west, west + lonSpan) for points in the frame) and latitude at a page point.
    LonLat lonLatAt(const QPointF& point) const;
    // `lon` moved by whole turns into [west, west + 360): where a point is drawn.
    double placed(double lon) const;
    double pixelsPerDegree() const { return frame.width() / viewport.lonSpan(); }
};

}  // namespace meshdiff::views
