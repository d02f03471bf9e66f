#include "pointseries/PointSeriesText.h"

#include <cmath>
#include <cstdio>

#include "geo/LatLonText.h"

namespace meshdiff::views {
namespace {

std::string number(double v, int digits) {
    if (std::isnan(v)) return "missing";
    char text[32];
    std::snprintf(text, sizeof text, "%.*g", digits, v);
    return text;
}

std::string withUnits(const std::string& text, const std::string& units) {
    return units.empty() || text == "missing" ? text : text + " " + units;
}

}  // namespace

std::string pointSeriesPlace(double lat, double lon) {
    const auto exact = [](double v) { return std::abs(v * 10 - std::round(v * 10)) < 1e-6; };
    std::string label = latLonLabel(lat, lon, exact(lat) && exact(lon) ? 1 : 2);
    if (const auto comma = label.find(", "); comma != std::string::npos) label.erase(comma, 1);
    return label;
}

std::string pointSeriesLeadName(const PointSeries& series, std::size_t lead) {
    if (lead >= series.hours.size()) return {};
    if (!series.hoursKnown) return "lead " + std::to_string(lead + 1);
    return "+" + number(series.hours[lead], 6) + " h";
}

std::string pointSeriesLeadText(const PointSeries& series, std::size_t lead) {
    if (lead >= series.a.size() || lead >= series.b.size()) return {};
    std::string text =
        series.field + " at " + pointSeriesLeadName(series, lead) + ", " + pointSeriesPlace(series.lat, series.lon);
    if (!series.memberLabel.empty()) text += ", " + series.memberLabel;
    const double a = series.a[lead], b = series.b[lead];
    text += "\nA " + withUnits(number(a, 7), series.units);
    text += "\nB " + withUnits(number(b, 7), series.units);
    text += "\nA − B " + withUnits(number(a - b, 4), series.units);
    return text;
}

std::string pointSeriesTitle(const PointSeries& series) {
    std::string title = series.field + " at " + pointSeriesPlace(series.lat, series.lon) + ", A, B and A − B";
    if (!series.units.empty()) title += " (" + series.units + ")";
    if (!series.memberLabel.empty()) title += ", " + series.memberLabel;
    return title;
}

}  // namespace meshdiff::views
