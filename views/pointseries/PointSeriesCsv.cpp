#include "pointseries/PointSeriesCsv.h"

#include <cmath>
#include <fstream>

#include "common/Error.h"
#include "export/CsvText.h"

namespace meshdiff::views {

std::string pointSeriesCsv(const PointSeries& s) {
    std::string csv = "lead_hours,lead,a,b,a_minus_b,field,units,lat,lon,member\n";
    const std::string fixed = ',' + csvText(s.field) + ',' + csvText(s.units) + ',' + csvRoundTrip(s.lat) + ',' +
                              csvRoundTrip(s.lon) + ',' + csvText(s.memberLabel) + '\n';
    for (std::size_t i = 0; i < s.hours.size() && i < s.a.size() && i < s.b.size(); ++i)
        csv += (s.hoursKnown ? csvRoundTrip(s.hours[i]) : std::string()) + ',' + std::to_string(i + 1) + ',' +
               csvRoundTrip(s.a[i]) + ',' + csvRoundTrip(s.b[i]) + ',' + csvRoundTrip(s.a[i] - s.b[i]) + fixed;
    return csv;
}

void writePointSeriesCsv(const PointSeries& series, const std::string& path) {
    std::ofstream out(path, std::ios::binary);
    out << pointSeriesCsv(series);
    if (!out) throw Error(path, "cannot be written");
}

}  // namespace meshdiff::views
