#pragma once
#include <cstddef>
#include <string>
#include <vector>

#include "map/ErrorMapData.h"

namespace meshdiff::report {

// A place where a field differs most between A and B.
struct FieldSpot {
    std::string field, units;
    double lat = 0, lon = 0;
    double difference = 0;  // A−B there
    double share = 0;       // |A−B| ÷ the field's max |A−B| (1 at its largest)
};

// The grid points of largest |A−B| over `fields` (each field's values relative to its own
// largest, so that fields of any units compete), at least `minDegrees` of great circle apart,
// largest first; ties go to the earlier field, then the lower grid index, so that every run
// picks the same places. At most `count`.
std::vector<FieldSpot> largestFieldDifferences(const std::vector<const views::ErrorMapData*>& fields, std::size_t count,
                                               double minDegrees);

// Great-circle angle in degrees between two (lat, lon) points.
double angularDistanceDegrees(double lat1, double lon1, double lat2, double lon2);

}  // namespace meshdiff::report
