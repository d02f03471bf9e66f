#include "diagnose/DiffNeighbourhood.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace meshdiff {
namespace {

constexpr double kDegree = std::numbers::pi / 180;

double wrap360(double lon) {
    const double w = std::fmod(lon, 360.0);
    return w < 0 ? w + 360.0 : w;
}

std::array<double, 2> gridPlace(const GraphView& g, std::int32_t index) {
    const std::size_t nlon = g.gridLon.size();
    const auto p = std::size_t(index);
    return {double(g.gridLat[p / nlon]), double(g.gridLon[p % nlon])};
}

// Sets the columns of one row whose longitude lies within `half` degrees of `centre` to `zone`,
// unless they are nearer already.
void markColumns(const std::vector<std::pair<double, std::size_t>>& columns, double centre, double half,
                 std::uint8_t zone, std::uint8_t* row) {
    auto mark = [&](double from, double to) {
        auto it = std::lower_bound(columns.begin(), columns.end(), std::pair{from, std::size_t(0)});
        for (; it != columns.end() && it->first <= to; ++it)
            if (row[it->second] != DiffNeighbourhood::Near) row[it->second] = zone;
    };
    const double from = wrap360(centre - half), to = from + 2 * half;
    mark(from, std::min(to, 360.0));
    if (to > 360.0) mark(0.0, to - 360.0);
}

}  // namespace

double meshSpacingDegrees(std::size_t meshNodes) {
    if (meshNodes == 0) return 0;
    return std::sqrt(8 * std::numbers::pi / (std::sqrt(3.0) * double(meshNodes))) / kDegree;
}

DiffPlaces placesOf(const GraphDiff& diff, const GraphView& a, const GraphView& b) {
    DiffPlaces places;
    places.radiusDegrees = meshSpacingDegrees(a.meshCount());
    places.farDegrees = kFarSpacings * places.radiusDegrees;
    for (const TriangleChange& t : diff.m2gChanged) places.latLon.push_back(gridPlace(a, t.grid));
    for (const GridMeshEdge& e : diff.g2mOnlyA) places.latLon.push_back(gridPlace(a, e.grid));
    for (const GridMeshEdge& e : diff.g2mOnlyB) places.latLon.push_back(gridPlace(b, e.grid));
    places.triangles = diff.m2gChanged.size();
    places.grid2meshEdges = diff.g2mOnlyA.size() + diff.g2mOnlyB.size();
    places.movedNodes = diff.movedNodes.size();
    // A one-ULP move of half the mesh (AVX-512 vs AVX2 hosts) touches the whole globe and acts
    // through edge features only; the places are then the edges and triangles that differ.
    places.movedNodesPlaced = places.triangles + places.grid2meshEdges == 0;
    if (!places.movedNodesPlaced) return places;
    for (const MovedNode& n : diff.movedNodes) {
        const auto m = std::size_t(n.mesh);
        places.latLon.push_back({double(a.meshLat[m]), double(a.meshLon[m])});
    }
    return places;
}

DiffNeighbourhood neighbourhoodOn(const DiffPlaces& places, const LatLonGrid& grid) {
    DiffNeighbourhood n;
    n.nlat = grid.nlat();
    n.nlon = grid.nlon();
    n.zone.assign(grid.size(), DiffNeighbourhood::Far);

    std::vector<std::pair<double, std::size_t>> columns(n.nlon);
    for (std::size_t j = 0; j < n.nlon; ++j) columns[j] = {wrap360(grid.lon[j]), j};
    std::sort(columns.begin(), columns.end());
    std::vector<std::array<double, 2>> centres = places.latLon;
    std::sort(centres.begin(), centres.end());

    // The places within `r` degrees of each row, and their points within `r` set to `zone`.
    auto markWithin = [&](double r, std::uint8_t zone) {
        const double cosR = std::cos(r * kDegree);
        for (std::size_t i = 0; i < n.nlat; ++i) {
            const double lat = grid.lat[i];
            std::uint8_t* row = n.zone.data() + i * n.nlon;
            const double sinLat = std::sin(lat * kDegree), cosLat = std::cos(lat * kDegree);
            auto it = std::lower_bound(centres.begin(), centres.end(), std::array<double, 2>{lat - r, -1e9});
            for (; it != centres.end() && (*it)[0] <= lat + r; ++it) {
                const double lat0 = (*it)[0] * kDegree;
                const double across = cosLat * std::cos(lat0);
                // Great-circle distance ≤ r ⇔ cos Δlon ≥ (cos r − sin φ sin φ0) / (cos φ cos φ0).
                const double bound = across > 1e-12 ? (cosR - sinLat * std::sin(lat0)) / across : -2.0;
                if (bound > 1) continue;
                const double half = bound <= -1 ? 180.0 : std::acos(bound) / kDegree;
                markColumns(columns, (*it)[1], half, zone, row);
            }
        }
    };
    markWithin(places.radiusDegrees, DiffNeighbourhood::Near);
    if (places.farDegrees > places.radiusDegrees) markWithin(places.farDegrees, DiffNeighbourhood::Between);
    std::size_t near = 0;
    for (std::size_t p = 0; p < n.zone.size(); ++p) {
        if (n.zone[p] == DiffNeighbourhood::Far) continue;
        n.zonePoints.push_back(std::uint32_t(p));
        near += n.zone[p] == DiffNeighbourhood::Near;
    }
    n.areaShare = n.zone.empty() ? 0 : double(near) / double(n.zone.size());
    return n;
}

}  // namespace meshdiff
