#pragma once
#include <string>

#include "pointseries/PointSeriesData.h"

namespace meshdiff::views {

// The series as CSV, one row per lead: lead_hours (empty when the files give none), lead (1, 2,
// …), a, b, a_minus_b ("nan" where missing), then field, units, lat, lon (the grid point) and
// member (the window's label; empty without members) repeated on every row. Numbers in the
// shortest form that reads back to the same double.
std::string pointSeriesCsv(const PointSeries& series);
// Throws meshdiff::Error naming the file when it cannot be written.
void writePointSeriesCsv(const PointSeries& series, const std::string& path);

}  // namespace meshdiff::views
