#pragma once
#include <QColor>
#include <QRectF>

#include "map/ErrorMapData.h"
#include "map/MapMarkClusters.h"
#include "map/MapViewport.h"

class QPainter;

namespace meshdiff::views {

// Draws where the graphs differ over the field without looking like data or hiding it: rings
// and outlines, never filled, in colours no field map uses (DifferenceColors.h) over a white
// halo; only in A: magenta, solid, round; only in B: black, dashed, square; a grid point whose
// triangle differs: a black ring. Every marker passes outside the cells it marks: a ring's or
// square's inner edge (halo included) lies beyond the corners of its grid point's cell, a face's
// outline is grown outwards by as much, and a grid→mesh line starts at its ring; the distance
// grows with the zoom, and the strokes fade as the cells grow. Marks that `layout` gathers into
// a cluster are drawn as its ring (as far outside the cells) with their number beside it, outside
// the ring. Clip to the frame before calling.
void drawMapDifferences(QPainter& painter, const MapProjection& projection, const ErrorMapData& data,
                        const MarkLayout& layout, double unit);

// How strong the markers are drawn: opacities and widths (device units) of stroke and halo.
struct MarkerStroke {
    double opacity = 1;
    double haloOpacity = 0.8;
    double width = 1.4;
    double haloWidth = 3;
};
// Full strength while a grid cell is at most 3 pixels wide; thinner, with a fainter halo, as the
// cells grow to 30 pixels and more.
MarkerStroke markerStroke(double cellPixels, double unit);
// The width of a grid cell (its larger side) on the map, in device units.
double mapCellPixels(const MapProjection& projection, const LatLonGrid& grid);
// How far a marker's inner edge (halo included) keeps from a grid point: past the corners of its
// cell (half the diagonal) by a gap.
double markerClearance(double cellPixels, double unit);

// Radius of the ring (half-side of the square) around a grid point: at least 5 units, with its
// inner edge, halo included, past the corners of the cell.
double mapMarkerRadius(const MapProjection& projection, const LatLonGrid& grid, double unit);

// One row of legend entries for the markers in `data` (only those present; the cluster ring when
// `clusters`), right-aligned in `area`; returns the width it took (0 when there is nothing to
// explain).
double drawMapDifferencesLegend(QPainter& painter, const QRectF& area, const ErrorMapData& data, double unit,
                                const QColor& ink, bool clusters = false);

// What a legend swatch shows: a grid point's ring, a grid→mesh edge (its ring with the line) or
// a mesh→grid face (a triangle outline).
enum class MapMark { GridPoint, Edge, Face };
// The mark of `run` (1: A, 2: B, 0: both) drawn in `box` as the map draws it.
void drawMapMarkSwatch(QPainter& painter, const QRectF& box, MapMark mark, int run, double unit);

}  // namespace meshdiff::views
