#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace meshdiff {

// Shorelines as polylines in degrees. Polyline k is points [start[k], start[k+1]).
struct Coastlines {
    std::vector<float> lat;
    std::vector<float> lon;            // [0, 360]
    std::vector<std::uint32_t> start;  // one more entry than there are polylines

    std::size_t lineCount() const { return start.empty() ? 0 : start.size() - 1; }
    std::size_t pointCount() const { return lat.size(); }
};

// Reads GMT's binned GSHHG shoreline file (binned_GSHHS_[cli h f].nc, NetCDF-4) through HDF5.
// Keeps segments of hierarchy level <= maxLevel (1 land/ocean, 2 lakes, 3 islands in lakes...);
// Antarctic ice-front/grounding-line levels (5, 6) are kept with level 1. Throws meshdiff::Error.
Coastlines readGshhgCoastlines(const std::string& path, int maxLevel = 1);

// The installed binned GSHHG shoreline file of the given resolution ('c' crude, 'l' low, 'i'...):
// $MESHDIFF_GSHHG_DIR, then /usr/share/gmt-gshhg (Debian gmt-gshhg-*). Empty when none exists.
std::optional<std::string> findGshhgFile(char resolution = 'l');

}  // namespace meshdiff
