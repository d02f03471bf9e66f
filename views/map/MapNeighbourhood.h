#pragma once
#include <vector>

#include <QPainterPath>

#include "diagnose/DiffNeighbourhood.h"
#include "map/ErrorMapData.h"
#include "map/MapViewport.h"

class QPainter;

namespace meshdiff::views {

// The diagnosis' "near" on the map: a circle of its radius around every place where the graphs
// differ, as lon/lat polygons (longitudes unwrapped around the place's).
std::vector<std::vector<LonLat>> neighbourhoodOutlines(const DiffPlaces& places, int steps = 32);

// The union of lon/lat circles in page coordinates, each drawn again across the seam where it
// crosses it.
QPainterPath circlesOnMap(const MapProjection& projection, const std::vector<std::vector<LonLat>>& circles);

// The smallest circle outlined, in design units of radius (MapDifferences' units).
constexpr double kLeastNearRadius = 8;

// Whether drawMapNeighbourhood outlines anything in `projection`.
bool neighbourhoodOutlined(const MapProjection& projection, const ErrorMapData& data, double unit);

// Their union, outlined once in orange (not filled: the cells within keep their colours), once
// their radius on the map is kLeastNearRadius units or more.
void drawMapNeighbourhood(QPainter& painter, const MapProjection& projection, const ErrorMapData& data, double unit);

}  // namespace meshdiff::views
