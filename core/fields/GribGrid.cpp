#include "fields/GribGrid.h"

#include <sstream>

#include "common/Error.h"
#include "fields/GribMessage.h"

namespace meshdiff {
namespace {

constexpr long kMaxPointsPerAxis = 1L << 24;
constexpr std::size_t kMaxPoints = std::size_t(1) << 30;

// Evenly spaced from `first` to `last` (both included).
std::vector<double> axis(double first, double last, long n) {
    std::vector<double> values(static_cast<std::size_t>(n));
    for (long k = 0; k < n; ++k)
        values[std::size_t(k)] = n == 1 ? first : first + (last - first) * double(k) / double(n - 1);
    return values;
}

}  // namespace

std::string GribGrid::describe() const {
    std::ostringstream text;
    text << nj << " × " << ni << " from (" << lat1 << ", " << lon1 << ") to (" << lat2 << ", " << lon2 << ")";
    return text.str();
}

GribGrid readGribGrid(const GribMessage& message, const std::string& file, std::size_t index) {
    const std::string where = "GRIB message " + std::to_string(index);
    const std::string type = message.stringKey("gridType");
    if (type != "regular_ll")
        throw Error(file, where + " is on a " + type +
                              " grid; meshdiff reads regular latitude/longitude grids (regular_ll) only");
    if (message.optionalLong("alternativeRowScanning").value_or(0) != 0)
        throw Error(file, where + " scans rows in alternate directions, which meshdiff does not read");
    GribGrid grid;
    grid.ni = message.optionalLong("Ni").value_or(0);
    grid.nj = message.optionalLong("Nj").value_or(0);
    if (grid.ni < 1 || grid.nj < 1 || grid.ni > kMaxPointsPerAxis || grid.nj > kMaxPointsPerAxis ||
        grid.size() > kMaxPoints)
        throw Error(file, where + " claims a grid of " + std::to_string(grid.nj) + " × " + std::to_string(grid.ni) +
                              " points, which cannot be right");
    grid.lat1 = message.doubleKey("latitudeOfFirstGridPointInDegrees");
    grid.lat2 = message.doubleKey("latitudeOfLastGridPointInDegrees");
    grid.lon1 = message.doubleKey("longitudeOfFirstGridPointInDegrees");
    grid.lon2 = message.doubleKey("longitudeOfLastGridPointInDegrees");
    grid.iScansNegatively = message.longKey("iScansNegatively") != 0;
    grid.jScansPositively = message.longKey("jScansPositively") != 0;
    grid.jPointsAreConsecutive = message.longKey("jPointsAreConsecutive") != 0;
    return grid;
}

LatLonGrid latLonGridOf(const GribGrid& grid) {
    LatLonGrid out;
    out.lat = axis(grid.lat1, grid.lat2, grid.nj);
    // Longitudes wrap: a grid from 180° to 179° east, or scanned east → west from 0° to 1°.
    const double west = grid.iScansNegatively ? grid.lon2 : grid.lon1;
    double east = grid.iScansNegatively ? grid.lon1 : grid.lon2;
    if (east < west) east += 360.0;
    out.lon = axis(west, east, grid.ni);
    return out;
}

}  // namespace meshdiff
