#include "pair/FirstDivergentLead.h"

#include <cmath>
#include <cstdio>
#include <numbers>
#include <set>

namespace meshdiff::pair {
namespace {

double radians(double degrees) { return degrees * std::numbers::pi / 180; }

// Great-circle distance in degrees (haversine).
double arcDegrees(double lat1, double lon1, double lat2, double lon2) {
    const double dLat = radians(lat2 - lat1), dLon = radians(lon2 - lon1);
    const double h = std::pow(std::sin(dLat / 2), 2) +
                     std::cos(radians(lat1)) * std::cos(radians(lat2)) * std::pow(std::sin(dLon / 2), 2);
    return 2 * std::asin(std::min(1.0, std::sqrt(h))) * 180 / std::numbers::pi;
}

std::string degreesText(double value, char positive, char negative) {
    char text[32];
    std::snprintf(text, sizeof text, "%.1f°%c", std::abs(value), value < 0 ? negative : positive);
    return text;
}

}  // namespace

std::optional<DivergentLead> firstDivergentLead(const std::vector<const LeadComparison*>& leads) {
    for (std::size_t k = 0; k < leads.size(); ++k) {
        const std::vector<int>& members = leads[k]->members;
        const std::size_t memberCount = members.empty() ? 1 : std::set<int>(members.begin(), members.end()).size();
        std::optional<DivergentLead> found;
        for (std::size_t i = 0; i < leads[k]->perField.size(); ++i) {
            const FieldMetrics& m = leads[k]->perField[i];
            if (!(m.maxAbs > 0) && m.nanMasksEqual) continue;
            if (!found || m.maxAbs > found->maxAbs) found = DivergentLead{k, i % memberCount, m.name, m.maxAbs};
        }
        if (found) return found;
    }
    return std::nullopt;
}

std::optional<DivergenceSpot> largestDifference(const views::ErrorMapData& map) {
    if (!map.hasA() || !map.hasB()) return std::nullopt;
    std::optional<DivergenceSpot> best;
    const std::size_t nlon = map.grid.nlon();
    for (std::size_t i = 0; i < map.a.size(); ++i) {
        const double diff = std::abs(double(map.a[i]) - double(map.b[i]));
        if (!(diff > 0) || (best && diff <= best->absDiff)) continue;
        best = DivergenceSpot{map.grid.lat[i / nlon], map.grid.lon[i % nlon], diff, i};
    }
    return best;
}

bool nearPlaces(const DiffPlaces& places, double lat, double lon) {
    for (const auto& [placeLat, placeLon] : places.latLon)
        if (arcDegrees(lat, lon, placeLat, placeLon) <= places.radiusDegrees) return true;
    return false;
}

std::string divergenceText(const std::string& leadLabel, const std::string& field, const DivergenceSpot& spot,
                           std::optional<bool> nearGraphDifference) {
    const double lon = spot.lon > 180 ? spot.lon - 360 : spot.lon;
    char diff[32];
    std::snprintf(diff, sizeof diff, "%.2g", spot.absDiff);
    std::string text = "first divergence: " + leadLabel + ", " + field + " at " + degreesText(spot.lat, 'N', 'S') +
                       " " + degreesText(lon, 'E', 'W') + ", |A−B| " + diff;
    if (nearGraphDifference)
        text += *nearGraphDifference ? " (near a graph difference)" : " (away from the graph differences)";
    return text;
}

}  // namespace meshdiff::pair
