#pragma once
#include <vector>

#include "map/ErrorMapData.h"

namespace meshdiff::views {

// Makes consecutive longitudes differ by at most 180° (adds ±360 where a line crosses the seam),
// so that a polyline or polygon is continuous in longitude.
std::vector<LonLat> unwrapLongitudes(const std::vector<LonLat>& points);

// The multiples of 360° by which an unwrapped shape spanning [minLon, maxLon] must be shifted
// so that every part of it lands in the window [west, west + 360): drawing each shifted copy
// clipped to the window splits the shape at the seam.
std::vector<double> seamShifts(double minLon, double maxLon, double west);

}  // namespace meshdiff::views
