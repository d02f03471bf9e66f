#pragma once
#include <cstddef>
#include <string>
#include <vector>

#include "fields/LatLonGrid.h"

namespace meshdiff {

class GribMessage;

// A regular lat/lon grid as a GRIB message describes it (grid definition template 0 / GRIB1 type 0).
struct GribGrid {
    long ni = 0, nj = 0;                            // points along a parallel, along a meridian
    double lat1 = 0, lat2 = 0, lon1 = 0, lon2 = 0;  // first and last grid points, degrees
    bool iScansNegatively = false;                  // longitudes run east → west
    bool jScansPositively = false;                  // latitudes run south → north
    bool jPointsAreConsecutive = false;             // columns, not rows, are contiguous
    friend bool operator==(const GribGrid&, const GribGrid&) = default;

    std::size_t size() const { return static_cast<std::size_t>(ni) * static_cast<std::size_t>(nj); }
    std::string describe() const;  // "5 × 8 from (90, 0) to (-90, 315)"
};

// The message's grid; throws meshdiff::Error naming `file` for a grid other than regular_ll, one that
// scans rows alternately, or sizes that cannot be right.
GribGrid readGribGrid(const GribMessage& message, const std::string& file, std::size_t index);

// Latitudes in the order the message scans them (north → south when jScansPositively is 0);
// longitudes always west → east, so that a message scanned east → west is mirrored on load.
LatLonGrid latLonGridOf(const GribGrid& grid);

// Values in scanning order → row-major [lat][lon] on latLonGridOf(grid).
template <class T>
void reorderGribValues(const GribGrid& grid, const std::vector<double>& scanned, std::vector<T>& out) {
    const std::size_t ni = static_cast<std::size_t>(grid.ni), nj = static_cast<std::size_t>(grid.nj);
    out.resize(ni * nj);
    for (std::size_t j = 0; j < nj; ++j) {
        for (std::size_t i = 0; i < ni; ++i) {
            const std::size_t from = grid.jPointsAreConsecutive ? i * nj + j : j * ni + i;
            const std::size_t column = grid.iScansNegatively ? ni - 1 - i : i;
            out[j * ni + column] = static_cast<T>(scanned[from]);
        }
    }
}

}  // namespace meshdiff
