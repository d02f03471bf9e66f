#include "map/MapSeam.h"

#include <cmath>

namespace meshdiff::views {

std::vector<LonLat> unwrapLongitudes(const std::vector<LonLat>& points) {
    std::vector<LonLat> out(points);
    for (std::size_t k = 1; k < out.size(); ++k) {
        const double step = out[k][0] - out[k - 1][0];
        out[k][0] -= 360.0 * std::round(step / 360.0);
    }
    return out;
}

std::vector<double> seamShifts(double minLon, double maxLon, double west) {
    std::vector<double> shifts;
    const double east = west + 360.0;
    const int first = static_cast<int>(std::floor((west - maxLon) / 360.0));
    const int last = static_cast<int>(std::ceil((east - minLon) / 360.0));
    for (int k = first; k <= last; ++k) {
        const double shift = 360.0 * k;
        if (maxLon + shift >= west && minLon + shift < east) shifts.push_back(shift);
    }
    return shifts;
}

}  // namespace meshdiff::views
