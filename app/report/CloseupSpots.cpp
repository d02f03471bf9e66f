#include "report/CloseupSpots.h"

#include <algorithm>
#include <cmath>
#include <numbers>

#include "geo/Vec3.h"

namespace meshdiff::report {

double angularDistanceDegrees(double lat1, double lon1, double lat2, double lon2) {
    const double c = std::clamp(dot(unitVector(lat1, lon1), unitVector(lat2, lon2)), -1.0, 1.0);
    return std::acos(c) * 180 / std::numbers::pi;
}

std::vector<FieldSpot> largestFieldDifferences(const std::vector<const views::ErrorMapData*>& fields, std::size_t count,
                                               double minDegrees) {
    struct Candidate {
        double share;
        std::size_t field, index;
        double difference;
    };
    // Enough candidates of each field that de-duplication still leaves `count` places: the
    // largest values of one bump crowd together.
    const std::size_t perField = std::max<std::size_t>(256, 64 * count);
    std::vector<Candidate> candidates;
    for (std::size_t f = 0; f < fields.size(); ++f) {
        const views::ErrorMapData& d = *fields[f];
        if (!d.hasA() || !d.hasB()) continue;
        std::vector<Candidate> own;
        own.reserve(d.a.size());
        double largest = 0;
        for (std::size_t i = 0; i < d.a.size(); ++i) {
            const double v = double(d.a[i]) - double(d.b[i]);
            if (!std::isfinite(v) || v == 0) continue;
            largest = std::max(largest, std::abs(v));
            own.push_back({std::abs(v), f, i, v});
        }
        if (own.empty()) continue;
        const auto before = [](const Candidate& x, const Candidate& y) {
            return x.share != y.share ? x.share > y.share : x.index < y.index;
        };
        const std::size_t keep = std::min(perField, own.size());
        std::partial_sort(own.begin(), own.begin() + std::ptrdiff_t(keep), own.end(), before);
        own.resize(keep);
        for (Candidate& c : own) c.share /= largest;
        candidates.insert(candidates.end(), own.begin(), own.end());
    }
    std::stable_sort(candidates.begin(), candidates.end(), [](const Candidate& x, const Candidate& y) {
        if (x.share != y.share) return x.share > y.share;
        return x.field != y.field ? x.field < y.field : x.index < y.index;
    });
    std::vector<FieldSpot> spots;
    for (const Candidate& c : candidates) {
        if (spots.size() >= count) break;
        const views::ErrorMapData& d = *fields[c.field];
        const std::size_t nlon = d.grid.nlon();
        const double lat = d.grid.lat[c.index / nlon], lon = d.grid.lon[c.index % nlon];
        const bool near = std::any_of(spots.begin(), spots.end(), [&](const FieldSpot& s) {
            return angularDistanceDegrees(s.lat, s.lon, lat, lon) < minDegrees;
        });
        if (!near) spots.push_back({d.fieldName, d.units, lat, lon, c.difference, c.share});
    }
    return spots;
}

}  // namespace meshdiff::report
