#include "pointseries/PointSeriesCsv.h"

#include <charconv>
#include <cmath>
#include <fstream>

#include "common/Error.h"

namespace meshdiff::views {
namespace {

std::string number(double v) {
    if (std::isnan(v)) return "nan";
    char buffer[64];
    const auto end = std::to_chars(buffer, buffer + sizeof buffer, v).ptr;
    return std::string(buffer, end);
}

std::string csvText(const std::string& text) {
    if (text.find_first_of(",\"\n") == std::string::npos) return text;
    std::string out = "\"";
    for (char c : text) out += c == '"' ? std::string("\"\"") : std::string(1, c);
    return out + "\"";
}

}  // namespace

std::string pointSeriesCsv(const PointSeries& s) {
    std::string csv = "lead_hours,lead,a,b,a_minus_b,field,units,lat,lon,member\n";
    const std::string fixed = ',' + csvText(s.field) + ',' + csvText(s.units) + ',' + number(s.lat) + ',' +
                              number(s.lon) + ',' + csvText(s.memberLabel) + '\n';
    for (std::size_t i = 0; i < s.hours.size() && i < s.a.size() && i < s.b.size(); ++i)
        csv += (s.hoursKnown ? number(s.hours[i]) : std::string()) + ',' + std::to_string(i + 1) + ',' +
               number(s.a[i]) + ',' + number(s.b[i]) + ',' + number(s.a[i] - s.b[i]) + fixed;
    return csv;
}

void writePointSeriesCsv(const PointSeries& series, const std::string& path) {
    std::ofstream out(path, std::ios::binary);
    out << pointSeriesCsv(series);
    if (!out) throw Error(path, "cannot be written");
}

}  // namespace meshdiff::views
