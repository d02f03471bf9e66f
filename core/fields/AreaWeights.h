#pragma once
#include <vector>

namespace meshdiff {

// WeatherBench 2's cell-area weights for the rows of a regular lat/lon grid: row i covers the band
// between the latitudes half-way to its neighbours (the outer rows half a spacing beyond, clipped at
// ±90°), and weighs sin(upper bound) − sin(lower bound), the band's share of the sphere's area.
// Normalised to mean 1 over the rows, so that the mean weight per grid point is 1. Latitudes in
// degrees, ascending or descending; one row weighs 1; empty gives empty.
std::vector<double> latitudeAreaWeights(const std::vector<double>& latDegrees);

}  // namespace meshdiff
