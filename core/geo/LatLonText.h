#pragma once
#include <string>

namespace meshdiff {

// "41.20°N, 12.50°W": latitude north or south, longitude east or west within (−180°, 180°], each
// with `decimals` digits after the point; a value that rounds to zero is "0.00°" with no letter.
std::string latLonLabel(double lat, double lon, int decimals = 2);

}  // namespace meshdiff
