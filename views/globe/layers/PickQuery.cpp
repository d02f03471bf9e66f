#include "globe/layers/PickQuery.h"

#include <algorithm>
#include <cmath>

#include "geo/LatLonAxis.h"

namespace meshdiff::views {

bool PickQuery::pointDistance(const Vec3& p, double& out) const {
    double px, py;
    if (!projection_.toDisplay(p, px, py)) return false;
    out = std::hypot(px - x_, py - y_);
    return true;
}

bool PickQuery::segmentDistance(const Vec3& p, const Vec3& q, double& out) const {
    double px, py, qx, qy;
    if (!projection_.toDisplay(p, px, py) || !projection_.toDisplay(q, qx, qy)) return false;
    const double vx = qx - px, vy = qy - py, len2 = vx * vx + vy * vy;
    const double s = len2 > 0 ? std::clamp(((x_ - px) * vx + (y_ - py) * vy) / len2, 0.0, 1.0) : 0.0;
    out = std::hypot(px + s * vx - x_, py + s * vy - y_);
    return true;
}

GlobePick nearestGridPointPick(const MeshGraph& graph, double lat, double lon) {
    GlobePick pick;
    pick.lat = lat;
    pick.lon = lon;
    if (graph.gridLat.empty() || graph.gridLon.empty()) return pick;
    pick.kind = GlobePick::Kind::GridPoint;
    pick.grid = static_cast<std::int32_t>(nearestGridPoint(graph.gridLat, graph.gridLon, lat, lon));
    return pick;
}

}  // namespace meshdiff::views
