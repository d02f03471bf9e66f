#pragma once
#include <vector>

#include <QImage>
#include <QPointF>
#include <QRect>
#include <QRectF>

#include "globe/GlobeCamera.h"

namespace meshdiff::views {

// The bounding boxes of the separate painted (not transparent) panels of an overlay image: rows
// with paint split into bands, each band's columns with paint into panels.
std::vector<QRect> paintedPanels(const QImage& overlay);

// The largest rectangle of `view` that none of the `covered` panels (legend, colour bar)
// overlaps: each panel costs the view the strip on one of its four sides.
QRectF uncoveredArea(const QRectF& view, const std::vector<QRectF>& covered);

// The camera at `distance` radii, north up, under which (latDeg, lonDeg) lands at `point` (pixels
// from the top-left) of a width×height view; centred on the point when `point` misses the globe.
GlobeCamera cameraShowingAt(double latDeg, double lonDeg, double distance, const QPointF& point, int width, int height);

}  // namespace meshdiff::views
