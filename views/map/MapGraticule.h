#pragma once
#include <vector>

#include <QColor>
#include <QString>

#include "map/MapViewport.h"

class QPainter;

namespace meshdiff::views {

// The graticule's step in degrees for a window `spanDegrees` wide: the finest of 90°, 60°, 30°,
// 10°, 5°, 2°, 1°, 0.5°, 0.25°, 0.1° that draws at most `maxLines` lines across it (a narrow
// figure's frame gets 60° or 90°, so that its labels do not run into each other).
double graticuleStep(double spanDegrees, double maxLines);

// The multiples of `step` within [from, to].
std::vector<double> graticuleValues(double from, double to, double step);

// "60°N", "0°", "12.5°S"; "120°E", "60°W", "180°" (longitudes wrapped into (−180, 180]).
// Decimals as many as `step` needs.
QString latitudeLabel(double lat, double step);
QString longitudeLabel(double lon, double step);

// Room the labels take outside the frame, in page units at `unit`: left of it and below it.
double graticuleLabelWidth(double unit);
double graticuleLabelHeight(double unit);

// Thin lines across the frame and labels outside it, left and below (room from the two
// functions above). The painter's font is left as it was.
void drawGraticule(QPainter& painter, const MapProjection& projection, double unit, const QColor& ink);

}  // namespace meshdiff::views
