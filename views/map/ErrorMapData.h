#pragma once
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "fields/LatLonGrid.h"

namespace meshdiff::views {

// A point on the map: longitude, latitude in degrees.
using LonLat = std::array<double, 2>;

// Where two graphs differ, as drawn on the 2-D map. run: 1 = only in A / A's face,
// 2 = only in B / B's face, 0 = both (e.g. a grid point whose triangle differs).
struct MapMarker {
    LonLat at{};
    int run = 0;
};
struct MapLine {
    LonLat from{}, to{};  // grid point → mesh node
    int run = 0;
};
struct MapTriangle {
    std::array<LonLat, 3> corners{};
    int run = 0;
};

// Everything the error map draws. `a` and `b` are the field on `grid`, row-major [nlat][nlon]
// (either may be empty when that run has no such field); NaN is drawn as missing.
struct ErrorMapData {
    LatLonGrid grid;
    std::vector<float> a, b;
    std::string fieldName, units;
    std::string labelA = "A", labelB = "B";
    std::vector<std::vector<LonLat>> coastlines;
    std::vector<MapMarker> markers;
    std::vector<MapLine> lines;
    std::vector<MapTriangle> triangles;
    std::vector<std::vector<LonLat>> neighbourhood;  // the diagnosis' "near": circles around the differences

    bool hasA() const { return !a.empty() && a.size() == grid.size(); }
    bool hasB() const { return !b.empty() && b.size() == grid.size(); }
};

}  // namespace meshdiff::views
