#include "fieldtable/NearDifferenceMask.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace meshdiff::views {
namespace {

constexpr double kDegree = std::numbers::pi / 180.0;

double greatCircleDegrees(double lat1, double lon1, double lat2, double lon2) {
    const double s = std::sin((lat2 - lat1) * kDegree / 2), t = std::sin((lon2 - lon1) * kDegree / 2);
    const double h = s * s + std::cos(lat1 * kDegree) * std::cos(lat2 * kDegree) * t * t;
    return 2 * std::asin(std::min(1.0, std::sqrt(h))) / kDegree;
}

}  // namespace

std::vector<LonLat> differenceLocations(const GraphDiff& diff, const MeshGraph& graphA) {
    std::vector<LonLat> out;
    const std::size_t nlon = graphA.gridLon.size();
    auto gridPoint = [&](std::int32_t grid) {
        const auto g = static_cast<std::size_t>(grid);
        return LonLat{graphA.gridLon[g % nlon], graphA.gridLat[g / nlon]};
    };
    auto meshNode = [&](std::int32_t mesh) {
        const auto m = static_cast<std::size_t>(mesh);
        return LonLat{graphA.meshLon[m], graphA.meshLat[m]};
    };
    for (const auto* edges : {&diff.g2mOnlyA, &diff.g2mOnlyB}) {
        for (const GridMeshEdge& e : *edges) {
            out.push_back(gridPoint(e.grid));
            out.push_back(meshNode(e.mesh));
        }
    }
    for (const TriangleChange& t : diff.m2gChanged) out.push_back(gridPoint(t.grid));
    return out;
}

double defaultNearRadiusDegrees(const LatLonGrid& fieldGrid) {
    double step = 0;
    if (fieldGrid.nlat() > 1)
        step = std::abs(fieldGrid.lat.back() - fieldGrid.lat.front()) / double(fieldGrid.nlat() - 1);
    return std::max(1.5, 2 * step);
}

std::vector<std::uint8_t> nearDifferenceMask(const LatLonGrid& gridA, const GridAlignment& alignment,
                                             const std::vector<LonLat>& locations, double radiusDegrees) {
    const std::size_t rows = alignment.latA.size(), columns = alignment.lonA.size();
    std::vector<std::uint8_t> mask(rows * columns, 0);
    for (const LonLat& p : locations) {
        const double cosLat = std::cos(p[1] * kDegree);
        const double lonReach = cosLat > 1e-6 ? std::min(180.0, radiusDegrees / cosLat) : 180.0;
        for (std::size_t i = 0; i < rows; ++i) {
            const double lat = gridA.lat[alignment.latA[i]];
            if (std::abs(lat - p[1]) > radiusDegrees) continue;
            for (std::size_t j = 0; j < columns; ++j) {
                const double lon = gridA.lon[alignment.lonA[j]];
                if (std::abs(std::remainder(lon - p[0], 360.0)) > lonReach + 1e-9 && std::abs(lat) < 90 - radiusDegrees)
                    continue;
                if (greatCircleDegrees(lat, lon, p[1], p[0]) <= radiusDegrees) mask[i * columns + j] = 1;
            }
        }
    }
    return mask;
}

}  // namespace meshdiff::views
