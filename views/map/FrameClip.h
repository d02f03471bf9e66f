#pragma once
#include <vector>

#include <QLineF>
#include <QPolygonF>
#include <QRectF>

namespace meshdiff::views {

// Lines cut to a map frame by geometry, not by the painter's clip: SVG (Qt's generator keeps
// no clip) would otherwise show every coastline copy drawn across the seam, or outside a zoom.
// The parts of `polyline` inside `frame`, each a polyline of its own.
std::vector<QPolygonF> clipPolyline(const QPolygonF& polyline, const QRectF& frame);
// The part of segment `line` inside `frame`; false when none is.
bool clipLine(QLineF& line, const QRectF& frame);

}  // namespace meshdiff::views
