#pragma once
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace meshdiff {

// A regular or irregular product grid of latitudes × longitudes (degrees).
struct LatLonGrid {
    std::vector<double> lat;
    std::vector<double> lon;
    // Empty when the coordinates were read from the file; otherwise how they were inferred,
    // e.g. "regular global 1° grid (= 0.25° every 4th point), latitude ascending".
    std::string inference;

    std::size_t nlat() const { return lat.size(); }
    std::size_t nlon() const { return lon.size(); }
    std::size_t size() const { return lat.size() * lon.size(); }
    bool inferred() const { return !inference.empty(); }
};

// Infers a global regular grid from a [nlat, nlon] shape, as written by scripts that subsample a
// 0.25°/0.5°/1° grid every k-th point from -90° and 0°. Returns nullopt when no such grid fits.
std::optional<LatLonGrid> inferGlobalGrid(std::size_t nlat, std::size_t nlon, bool latAscending = true);

// Throws meshdiff::Error naming `file` when a latitude or longitude is not finite or a latitude lies
// outside [-90°, 90°]: coordinates a reader took from a file that cannot place its values.
void requireUsableCoordinates(const LatLonGrid& grid, const std::string& file);

// How grid `a` maps onto grid `b`: compare values a[latA[i], lonA[j]] with b[latB[i], lonB[j]].
struct GridAlignment {
    std::vector<std::size_t> latA, lonA, latB, lonB;
    // Latitude (degrees) of each compared row, A's lat[latA[i]]: the rows' area weights come from
    // these (fields/AreaWeights.h). Empty when unknown: area-weighted metrics are then undefined.
    std::vector<double> lat;
    std::string description;  // "identical grids" or "B is A every 4th point; compared on 181×360 common points"
    bool identical = false;
    std::size_t size() const { return latA.size() * lonA.size(); }
};

// Identity when the grids are equal; the common points when one is a regular subsample of the
// other (lon compared modulo 360, latitude order may differ). Throws meshdiff::Error otherwise.
GridAlignment alignGrids(const LatLonGrid& a, const LatLonGrid& b, const std::string& fileA, const std::string& fileB);

}  // namespace meshdiff
