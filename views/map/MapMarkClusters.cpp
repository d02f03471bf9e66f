#include "map/MapMarkClusters.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <map>
#include <numeric>
#include <unordered_map>

#include "map/MapDifferences.h"
#include "map/MapSeam.h"

namespace meshdiff::views {
namespace {

// Where a mark is, for grouping, and the points its ring must keep clear of.
struct Anchor {
    QPointF at;
    std::vector<QPointF> extent;
    int run = 0;
    bool gridPoint = false;  // a marked grid point: what a cluster counts
};

class DisjointSets {
public:
    explicit DisjointSets(std::size_t n) : parent_(n) { std::iota(parent_.begin(), parent_.end(), std::size_t{0}); }
    std::size_t find(std::size_t i) {
        while (parent_[i] != i) i = parent_[i] = parent_[parent_[i]];
        return i;
    }
    void unite(std::size_t i, std::size_t j) { parent_[find(i)] = find(j); }

private:
    std::vector<std::size_t> parent_;
};

std::vector<Anchor> anchorsOf(const MapProjection& projection, const ErrorMapData& data) {
    auto pointAt = [&](const LonLat& p) { return QPointF(projection.x(projection.placed(p[0])), projection.y(p[1])); };
    std::vector<Anchor> anchors;
    anchors.reserve(data.markers.size() + data.lines.size() + data.triangles.size());
    for (const MapMarker& m : data.markers) anchors.push_back({pointAt(m.at), {pointAt(m.at)}, m.run, true});
    for (const MapLine& l : data.lines) anchors.push_back({pointAt(l.from), {pointAt(l.from)}, l.run, false});
    for (const MapTriangle& t : data.triangles) {
        const std::vector<LonLat> corners = unwrapLongitudes({t.corners.begin(), t.corners.end()});
        const double lon = (corners[0][0] + corners[1][0] + corners[2][0]) / 3;
        const double lat = (corners[0][1] + corners[1][1] + corners[2][1]) / 3;
        const double shift = projection.placed(lon) - lon;
        Anchor anchor{projection.at({lon, lat}, shift), {}, t.run, false};
        for (const LonLat& c : corners) anchor.extent.push_back(projection.at(c, shift));
        anchors.push_back(std::move(anchor));
    }
    return anchors;
}

// Links every two anchors closer than `distance`. Anchors share a square bucket two thirds of
// `distance` wide only when closer than it, so each bucket is linked at once; then each pair of
// buckets near enough, not yet linked, is searched for one close pair. Dense sites cost little.
void linkNeighbours(const std::vector<Anchor>& anchors, double distance, DisjointSets& sets) {
    const double side = distance / 1.5;
    using Key = std::pair<std::int64_t, std::int64_t>;
    std::map<Key, std::vector<std::size_t>> buckets;
    for (std::size_t i = 0; i < anchors.size(); ++i) {
        const QPointF& p = anchors[i].at;
        std::vector<std::size_t>& bucket =
            buckets[{std::int64_t(std::floor(p.x() / side)), std::int64_t(std::floor(p.y() / side))}];
        if (!bucket.empty()) sets.unite(i, bucket.front());
        bucket.push_back(i);
    }
    for (const auto& [key, members] : buckets) {
        for (std::int64_t dx = -2; dx <= 2; ++dx) {
            for (std::int64_t dy = -2; dy <= 2; ++dy) {
                const Key other{key.first + dx, key.second + dy};
                if (!(key < other)) continue;  // each pair of buckets once
                const auto found = buckets.find(other);
                if (found == buckets.end() || sets.find(members.front()) == sets.find(found->second.front())) continue;
                const auto close = [&] {
                    for (std::size_t i : members) {
                        for (std::size_t j : found->second) {
                            const QPointF d = anchors[j].at - anchors[i].at;
                            if (std::hypot(d.x(), d.y()) < distance) return true;
                        }
                    }
                    return false;
                };
                if (close()) sets.unite(members.front(), found->second.front());
            }
        }
    }
}

}  // namespace

double markClusterDistance(double unit) { return 2 * std::max(4.0, 5.0 * unit) + markerStroke(0, unit).haloWidth; }

MarkLayout layoutMarks(const MapProjection& projection, const ErrorMapData& data, double unit) {
    MarkLayout layout;
    layout.markerAlone.assign(data.markers.size(), true);
    layout.lineAlone.assign(data.lines.size(), true);
    layout.triangleAlone.assign(data.triangles.size(), true);
    const std::vector<Anchor> anchors = anchorsOf(projection, data);
    DisjointSets sets(anchors.size());
    linkNeighbours(anchors, markClusterDistance(unit), sets);

    std::unordered_map<std::size_t, std::vector<std::size_t>> groups;
    for (std::size_t i = 0; i < anchors.size(); ++i) groups[sets.find(i)].push_back(i);
    const double clearance = markerClearance(mapCellPixels(projection, data.grid), unit);
    const double leastRadius = mapMarkerRadius(projection, data.grid, unit);
    const std::size_t lines = data.markers.size(), triangles = lines + data.lines.size();
    for (const auto& [root, members] : groups) {
        const auto count =
            std::count_if(members.begin(), members.end(), [&](std::size_t i) { return anchors[i].gridPoint; });
        // A grid point's line starts at its ring: only rings and faces pile up.
        const auto piled =
            std::count_if(members.begin(), members.end(), [&](std::size_t i) { return i < lines || i >= triangles; });
        if (piled < 2) continue;
        // The ring holds the marked grid points' cells (the faces, hidden in it, only when the
        // group has no grid point): rings as small as the cells that differ allow.
        const bool gridPoints =
            std::any_of(members.begin(), members.end(), [&](std::size_t i) { return i < triangles; });
        const auto held = [&](std::size_t i) { return !gridPoints || i < triangles; };
        double left = std::numeric_limits<double>::max(), top = left, right = -left, bottom = -left;
        for (std::size_t i : members) {
            if (!held(i)) continue;
            for (const QPointF& p : anchors[i].extent) {
                left = std::min(left, p.x()), right = std::max(right, p.x());
                top = std::min(top, p.y()), bottom = std::max(bottom, p.y());
            }
        }
        MarkCluster cluster;
        cluster.centre = QPointF((left + right) / 2, (top + bottom) / 2);
        cluster.count = int(count);
        cluster.run = anchors[members.front()].run;
        double reach = 0;
        for (std::size_t i : members) {
            if (anchors[i].run != cluster.run) cluster.run = 0;
            for (const QPointF& p : held(i) ? anchors[i].extent : std::vector<QPointF>{})
                reach = std::max(reach, std::hypot(p.x() - cluster.centre.x(), p.y() - cluster.centre.y()));
            if (i < lines) layout.markerAlone[i] = false;
            else if (i < triangles) layout.lineAlone[i - lines] = false;
            else layout.triangleAlone[i - triangles] = false;
        }
        cluster.radius = std::max(leastRadius, reach + clearance);
        layout.clusters.push_back(cluster);
    }
    // The same picture every time, whatever the hash order.
    std::sort(layout.clusters.begin(), layout.clusters.end(), [](const MarkCluster& a, const MarkCluster& b) {
        return std::pair(a.centre.x(), a.centre.y()) < std::pair(b.centre.x(), b.centre.y());
    });
    return layout;
}

}  // namespace meshdiff::views
