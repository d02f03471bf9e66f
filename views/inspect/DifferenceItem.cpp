#include "inspect/DifferenceItem.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <numbers>

namespace meshdiff::views {
namespace {

std::array<double, 3> unitVector(double latDeg, double lonDeg) {
    const double lat = latDeg * std::numbers::pi / 180.0, lon = lonDeg * std::numbers::pi / 180.0;
    return {std::cos(lat) * std::cos(lon), std::cos(lat) * std::sin(lon), std::sin(lat)};
}

double chord(const std::array<double, 3>& p, const std::array<double, 3>& q) {
    return std::sqrt((p[0] - q[0]) * (p[0] - q[0]) + (p[1] - q[1]) * (p[1] - q[1]) + (p[2] - q[2]) * (p[2] - q[2]));
}

}  // namespace

GlobePick DifferenceItem::toPick() const {
    GlobePick pick;
    pick.kind = kind == Kind::Triangle    ? GlobePick::Kind::Triangle
                : kind == Kind::MovedNode ? GlobePick::Kind::MeshNode
                                          : GlobePick::Kind::G2mEdge;
    pick.grid = grid;
    pick.mesh = mesh;
    pick.run = kind == Kind::EdgeOnlyA ? 1 : kind == Kind::EdgeOnlyB ? 2 : 0;
    pick.diffIndex = diffIndex;
    pick.lat = lat;
    pick.lon = lon;
    return pick;
}

std::vector<DifferenceItem> listDifferences(const GraphDiff& diff, const MeshGraph& graphA) {
    std::vector<DifferenceItem> items;
    const std::size_t nlon = graphA.gridLon.size();
    auto locate = [&](DifferenceItem& item) {
        if (nlon == 0 || item.grid < 0) return;
        const auto g = static_cast<std::size_t>(item.grid);
        item.lat = graphA.gridLat[g / nlon];
        item.lon = graphA.gridLon[g % nlon];
    };
    for (int k = 0; k < int(diff.g2mOnlyA.size()); ++k) {
        DifferenceItem item{DifferenceItem::Kind::EdgeOnlyA, k, diff.g2mOnlyA[std::size_t(k)].grid,
                            diff.g2mOnlyA[std::size_t(k)].mesh};
        locate(item);
        items.push_back(item);
    }
    for (int k = 0; k < int(diff.g2mOnlyB.size()); ++k) {
        DifferenceItem item{DifferenceItem::Kind::EdgeOnlyB, k, diff.g2mOnlyB[std::size_t(k)].grid,
                            diff.g2mOnlyB[std::size_t(k)].mesh};
        locate(item);
        items.push_back(item);
    }
    for (int k = 0; k < int(diff.m2gChanged.size()); ++k) {
        DifferenceItem item{DifferenceItem::Kind::Triangle, k, diff.m2gChanged[std::size_t(k)].grid, -1};
        locate(item);
        items.push_back(item);
    }
    const std::size_t firstMoved = items.size();
    for (int k = 0; k < int(diff.movedNodes.size()); ++k) {
        const MovedNode& node = diff.movedNodes[std::size_t(k)];
        if (node.mesh < 0 || std::size_t(node.mesh) >= graphA.meshCount()) continue;
        DifferenceItem item{DifferenceItem::Kind::MovedNode, k, -1, node.mesh};
        item.lat = graphA.meshLat[std::size_t(node.mesh)];
        item.lon = graphA.meshLon[std::size_t(node.mesh)];
        item.movedUlps = std::max(node.ulpLat, node.ulpLon);
        items.push_back(item);
    }
    std::stable_sort(items.begin() + std::ptrdiff_t(firstMoved), items.end(),
                     [&diff](const DifferenceItem& p, const DifferenceItem& q) {
                         const MovedNode &np = diff.movedNodes[std::size_t(p.diffIndex)],
                                         &nq = diff.movedNodes[std::size_t(q.diffIndex)];
                         return np.shiftDegrees != nq.shiftDegrees ? np.shiftDegrees > nq.shiftDegrees
                                                                   : p.movedUlps > q.movedUlps;
                     });
    return items;
}

int findDifference(const std::vector<DifferenceItem>& items, const GlobePick& pick) {
    for (int i = 0; i < int(items.size()); ++i) {
        const DifferenceItem& item = items[std::size_t(i)];
        const bool edge = item.kind == DifferenceItem::Kind::EdgeOnlyA || item.kind == DifferenceItem::Kind::EdgeOnlyB;
        if (pick.kind == GlobePick::Kind::G2mEdge && edge) {
            const bool sameRun = (pick.run == 1) == (item.kind == DifferenceItem::Kind::EdgeOnlyA);
            if (pick.diffIndex >= 0 ? (sameRun && pick.diffIndex == item.diffIndex)
                                    : (item.grid == pick.grid && item.mesh == pick.mesh)) {
                return i;
            }
        }
        if (pick.kind == GlobePick::Kind::Triangle && item.kind == DifferenceItem::Kind::Triangle) {
            if (pick.diffIndex >= 0 ? pick.diffIndex == item.diffIndex : pick.grid == item.grid) return i;
        }
        if (pick.kind == GlobePick::Kind::MeshNode && item.kind == DifferenceItem::Kind::MovedNode &&
            pick.mesh == item.mesh) {
            return i;
        }
        if (pick.kind == GlobePick::Kind::GridPoint && item.kind == DifferenceItem::Kind::Triangle &&
            pick.grid == item.grid) {
            return i;
        }
    }
    return -1;
}

double gridMeshDistance(const MeshGraph& graph, std::int32_t grid, std::int32_t mesh) {
    const std::size_t nlon = graph.gridLon.size();
    const auto g = static_cast<std::size_t>(grid);
    const auto m = static_cast<std::size_t>(mesh);
    return chord(unitVector(graph.gridLat[g / nlon], graph.gridLon[g % nlon]),
                 unitVector(graph.meshLat[m], graph.meshLon[m]));
}

}  // namespace meshdiff::views
