#pragma once
#include <vtkSmartPointer.h>

#include "fields/LatLonGrid.h"

class vtkPolyData;

namespace meshdiff::views {

// The point array of the line texture's coordinates (u = lon/360°, v = (lat + 90°)/180°) and
// the name the Earth's property gives that texture (it sorts after the actor's own texture).
constexpr const char* kLineTCoords = "lineTCoords";
constexpr const char* kLineTextureName = "meshLines";

// A unit latitude/longitude sphere with texture coordinates u = (lon − lonAtU0)/360°
// and v = (lat − latAtV0)/(latAtV1 − latAtV0), clamped to 0…1, and the line texture's.
vtkSmartPointer<vtkPolyData> texturedSphere(double lonAtU0, double latAtV0, double latAtV1);

// The Earth sphere whose texture coordinates address a grid's cells: u across 360° of
// longitude starting half a cell west of lon[0], v across the latitude rows. Null grid: the
// whole globe in one texture.
vtkSmartPointer<vtkPolyData> earthSphere(const LatLonGrid* grid);

}  // namespace meshdiff::views
