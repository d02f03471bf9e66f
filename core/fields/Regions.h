#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "fields/LatLonGrid.h"

namespace meshdiff {

// A part of the globe the forecasting community reports scores over: latitude bands and, for a
// box given on the command line, a longitude range. Every region is a set of grid rows times a
// set of grid columns, so a field's numbers over it come from the same pass as the global ones.
struct Region {
    std::string name;                // "global", "tropics", …, or "box 60N,10W,35N,30E"
    double south = -90, north = 90;  // degrees; a row belongs when south ≤ lat ≤ north (see openBand)
    bool openBand = false;           // south < lat < north (the tropics' |lat| < 20°)
    bool bothHemispheres = false;    // also −north ≤ lat ≤ −south (polar caps: |lat| ≥ 60°)
    bool allLongitudes = true;       // else west → east, eastwards, across 0/360 when west > east
    double west = 0, east = 360;     // degrees, normalised to [0, 360)

    bool containsLatitude(double lat) const;
    bool containsLongitude(double lon) const;
};

// global, tropics (|lat| < 20°), extratropics_north (lat ≥ 20°), extratropics_south (lat ≤ −20°),
// polar (|lat| ≥ 60°), in that order.
std::vector<Region> standardRegions();

// "N,W,S,E" in degrees (W and E may be negative or beyond 180, as longitudes are written);
// throws meshdiff::Error naming `text` and the problem (four numbers, N ≥ S, |lat| ≤ 90).
Region parseRegionBox(const std::string& text);

// A region on an alignment's compared points: one byte per compared row (alignment.latA) and per
// compared column (alignment.lonA); columns empty when the region takes every longitude.
struct RegionSelection {
    std::vector<std::uint8_t> rows, columns;
};
// `gridA` is A's grid, whose lat/lon the alignment's latA/lonA index.
RegionSelection selectRegion(const Region& region, const LatLonGrid& gridA, const GridAlignment& alignment);

}  // namespace meshdiff
