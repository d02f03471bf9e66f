#pragma once
#include <QPainterPath>

#include "map/ErrorMapData.h"
#include "map/MapViewport.h"

class QPainter;

namespace meshdiff::views {

// Spotlight: the map is dimmed outside the places where the graphs differ, so that the local A−B
// cells stand out from the rest of the field. The lit region reaches kSpotlightSpacings mesh
// spacings from the differences: the diagnosis' "near" circles (one spacing) widened that much when
// the data has them, else circles around every marker, line and face.
constexpr double kSpotlightSpacings = 3;

// The lit region in page coordinates (empty when nothing differs: then nothing is dimmed).
QPainterPath spotlightRegion(const MapProjection& projection, const ErrorMapData& data);

// Veils the frame outside spotlightRegion() in translucent grey. Clip to the frame before calling.
void drawMapSpotlight(QPainter& painter, const MapProjection& projection, const ErrorMapData& data);

}  // namespace meshdiff::views
