#pragma once
#include <optional>
#include <string>

#include <QString>

namespace meshdiff::views {

// The one-line readout of a field at a grid point, the same under the map's cursor and the
// globe's: "lat 30.00°, lon 90.00° (grid point 43290):  A 290.1 K   B 288.1 K   A−B 2 K".
// NaN values read "—"; empty units are left out (a file without units shows none, not a guess).
QString fieldReadout(double lat, double lon, double a, double b, const std::string& units,
                     std::optional<std::size_t> gridIndex = std::nullopt);
// Its values part alone: "A 290.1 K   B 288.1 K   A−B 2 K".
QString fieldValuesReadout(double a, double b, const std::string& units);

}  // namespace meshdiff::views
