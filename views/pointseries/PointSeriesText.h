#pragma once
#include <cstddef>
#include <string>

#include "pointseries/PointSeriesData.h"

namespace meshdiff::views {

// The grid point as "45.0°N 7.5°E" (core/geo latLonLabel without its comma), with the fewest
// decimals, one or two, that give it exactly: "45.25°N 7.5°E" on a 0.25° grid.
std::string pointSeriesPlace(double lat, double lon);

// "+12 h", or "lead 3" when the files give no hours.
std::string pointSeriesLeadName(const PointSeries& series, std::size_t lead);

// The tooltip of one lead: field, lead, place and member, then A, B and A − B with units:
// "2m_temperature at +12 h, 45.0°N 7.5°E\nA 287.1532 K\nB 287.1499 K\nA − B 0.003296 K".
std::string pointSeriesLeadText(const PointSeries& series, std::size_t lead);

// A figure's title: "2m_temperature at 45.0°N 7.5°E, A, B and A − B (K)", then the member.
std::string pointSeriesTitle(const PointSeries& series);

}  // namespace meshdiff::views
