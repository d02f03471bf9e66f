#include "fields/Regions.h"

#include <cmath>
#include <cstdio>
#include <sstream>

#include "common/Error.h"

namespace meshdiff {
namespace {

double normalisedLongitude(double lon) {
    const double wrapped = std::fmod(lon, 360.0);
    return wrapped < 0 ? wrapped + 360.0 : wrapped;
}

bool inBand(double lat, double south, double north, bool open) {
    return open ? (lat > south && lat < north) : (lat >= south && lat <= north);
}

std::string degrees(double value, char positive, char negative) {
    char text[32];
    std::snprintf(text, sizeof text, "%g%c", std::abs(value), value < 0 ? negative : positive);
    return text;
}

}  // namespace

bool Region::containsLatitude(double lat) const {
    return inBand(lat, south, north, openBand) || (bothHemispheres && inBand(-lat, south, north, openBand));
}

bool Region::containsLongitude(double lon) const {
    if (allLongitudes) return true;
    const double x = normalisedLongitude(lon);
    return west <= east ? (x >= west && x <= east) : (x >= west || x <= east);
}

std::vector<Region> standardRegions() {
    Region global{"global"};
    Region tropics{"tropics", -20, 20, true};
    Region north{"extratropics_north", 20, 90};
    Region south{"extratropics_south", -90, -20};
    Region polar{"polar", 60, 90, false, true};
    return {global, tropics, north, south, polar};
}

Region parseRegionBox(const std::string& text) {
    std::vector<double> values;
    std::stringstream in(text);
    std::string part;
    while (std::getline(in, part, ',')) {
        try {
            std::size_t used = 0;
            values.push_back(std::stod(part, &used));
            if (part.find_first_not_of(" \t", used) != std::string::npos) throw std::invalid_argument(part);
        } catch (const std::exception&) {
            throw Error("--region " + text, "\"" + part + "\" is not a number; give N,W,S,E in degrees");
        }
    }
    if (values.size() != 4)
        throw Error("--region " + text, "needs four numbers N,W,S,E in degrees, got " + std::to_string(values.size()));
    const double n = values[0], w = values[1], s = values[2], e = values[3];
    for (double v : values) {
        if (!std::isfinite(v)) throw Error("--region " + text, "every bound must be a finite number of degrees");
    }
    if (std::abs(n) > 90 || std::abs(s) > 90) throw Error("--region " + text, "latitudes must lie within ±90°");
    if (n < s) throw Error("--region " + text, "the north bound lies south of the south bound");
    Region box;
    box.name = "box " + degrees(n, 'N', 'S') + "," + degrees(w, 'E', 'W') + "," + degrees(s, 'N', 'S') + "," +
               degrees(e, 'E', 'W');
    box.south = s, box.north = n;
    const bool wholeCircle = std::abs(e - w) >= 360.0;
    box.allLongitudes = wholeCircle;
    box.west = wholeCircle ? 0 : normalisedLongitude(w);
    box.east = wholeCircle ? 360 : normalisedLongitude(e);
    return box;
}

RegionSelection selectRegion(const Region& region, const LatLonGrid& gridA, const GridAlignment& alignment) {
    RegionSelection selection;
    selection.rows.resize(alignment.latA.size());
    for (std::size_t i = 0; i < alignment.latA.size(); ++i) {
        const double lat = alignment.latA[i] < gridA.lat.size() ? gridA.lat[alignment.latA[i]] : NAN;
        selection.rows[i] = std::isfinite(lat) && region.containsLatitude(lat);
    }
    if (!region.allLongitudes) {
        selection.columns.resize(alignment.lonA.size());
        for (std::size_t j = 0; j < alignment.lonA.size(); ++j) {
            const double lon = alignment.lonA[j] < gridA.lon.size() ? gridA.lon[alignment.lonA[j]] : NAN;
            selection.columns[j] = std::isfinite(lon) && region.containsLongitude(lon);
        }
    }
    return selection;
}

}  // namespace meshdiff
