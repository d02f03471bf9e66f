#include "pointseries/PointSeriesData.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <variant>

#include "common/Error.h"

namespace meshdiff::views {
namespace {

double valueAt(const Field& field, std::size_t index) {
    return std::visit([index](const auto& values) { return double(values[index]); }, field.values);
}

double lonDistance(double x, double y) {
    const double d = std::fmod(std::abs(x - y), 360.0);
    return std::min(d, 360.0 - d);
}

// The position in `rows` (indices into `coordinates`) whose coordinate is nearest `wanted`.
template <typename Distance>
std::size_t nearest(const std::vector<std::size_t>& rows, const std::vector<double>& coordinates, double wanted,
                    Distance distance) {
    std::size_t best = 0;
    double bestDistance = std::numeric_limits<double>::infinity();
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const double d = distance(coordinates[rows[i]], wanted);
        if (d < bestDistance) bestDistance = d, best = i;
    }
    return best;
}

}  // namespace

PointSeries readPointSeries(const FieldSource& a, const FieldSource& b, const GridAlignment& alignment,
                            const std::string& field, std::size_t member, const std::vector<PointSeriesLead>& leads,
                            double lat, double lon, std::mutex* sourcesLock) {
    std::unique_lock lock = sourcesLock ? std::unique_lock(*sourcesLock) : std::unique_lock<std::mutex>();
    if (alignment.latA.empty() || alignment.lonA.empty())
        throw Error(a.path(), "no grid points in common with " + b.path());
    const LatLonGrid& grid = a.grid();
    const std::size_t row = nearest(alignment.latA, grid.lat, lat, [](double x, double y) { return std::abs(x - y); });
    const std::size_t column = nearest(alignment.lonA, grid.lon, lon, lonDistance);
    PointSeries series;
    series.field = field;
    series.member = member;
    series.lat = grid.lat[alignment.latA[row]];
    series.lon = grid.lon[alignment.lonA[column]];
    const std::vector<LeadTime> leadTimes = a.leads();
    for (std::size_t i = 0; i < leads.size(); ++i) {
        if (!lock.owns_lock() && sourcesLock) lock.lock();
        const Field pointA = a.loadPointAt(field, leads[i].leadA, member, alignment.latA[row], alignment.lonA[column]);
        const Field pointB = b.loadPointAt(field, leads[i].leadB, member, alignment.latB[row], alignment.lonB[column]);
        if (lock.owns_lock()) lock.unlock();
        if (series.units.empty()) series.units = pointA.units;
        series.a.push_back(valueAt(pointA, 0));
        series.b.push_back(valueAt(pointB, 0));
        const std::optional<double> hours =
            leads[i].leadA < leadTimes.size() ? leadTimes[leads[i].leadA].hours : std::nullopt;
        series.hoursKnown = series.hoursKnown && hours.has_value();
        series.hours.push_back(hours.value_or(double(i + 1)));
    }
    if (!series.hoursKnown)
        for (std::size_t i = 0; i < series.hours.size(); ++i) series.hours[i] = double(i + 1);
    return series;
}

}  // namespace meshdiff::views
