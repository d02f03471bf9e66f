#pragma once
#include <optional>
#include <string>

namespace meshdiff {

// A CF time `units` attribute: "hours", "days since 2020-01-01", "seconds since 2020-01-01T06:00:00".
// xarray writes timedeltas as plain units ("hours", "days", "nanoseconds") and datetimes as "… since …".
struct CfTimeUnits {
    double hoursPerUnit = 1;
    std::optional<double> epochHours;  // the "since" date, in hours since 1970-01-01; none for durations
};

// Empty when the text is no time unit meshdiff knows (calendars other than the proleptic Gregorian
// one are read as Gregorian: leads are differences, off by nothing within a forecast).
std::optional<CfTimeUnits> parseCfTimeUnits(const std::string& units);

}  // namespace meshdiff
