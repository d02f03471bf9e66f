#include "geo/LatLonText.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace meshdiff {
namespace {

std::string degrees(double value, int decimals, char positive, char negative) {
    char number[48];
    std::snprintf(number, sizeof number, "%.*f", decimals, std::abs(value));
    const double shown = std::atof(number);
    std::string text = std::string(number) + "°";
    if (shown != 0) text += value < 0 ? negative : positive;
    return text;
}

}  // namespace

std::string latLonLabel(double lat, double lon, int decimals) {
    double east = std::remainder(lon, 360.0);  // [−180, 180]
    if (east == -180) east = 180;
    return degrees(lat, decimals, 'N', 'S') + ", " + degrees(east, decimals, 'E', 'W');
}

}  // namespace meshdiff
