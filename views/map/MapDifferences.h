#pragma once
#include <QColor>
#include <QRectF>

#include "map/ErrorMapData.h"
#include "map/MapViewport.h"

class QPainter;

namespace meshdiff::views {

// Draws where the graphs differ over the field without looking like data or hiding it: rings
// and outlines, never filled, in colours no field map uses (DifferenceColors.h) over a white
// halo; only in A: magenta, solid, round; only in B: black, dashed, square; a grid point whose
// triangle differs: a black ring. A ring is wider than a grid cell and a grid→mesh line starts
// at its ring, so the pixel a marker marks stays visible. Clip to the frame before calling.
void drawMapDifferences(QPainter& painter, const MapProjection& projection, const ErrorMapData& data, double unit);

// Radius of the ring around a grid point: at least 5 units, and past the corners of the cell.
double mapMarkerRadius(const MapProjection& projection, const LatLonGrid& grid, double unit);

// One row of legend entries for the markers in `data` (only those present), right-aligned in
// `area`; returns the width it took (0 when there is nothing to explain).
double drawMapDifferencesLegend(QPainter& painter, const QRectF& area, const ErrorMapData& data, double unit,
                                const QColor& ink);

}  // namespace meshdiff::views
