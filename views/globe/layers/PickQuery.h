#pragma once
#include <optional>

#include "geo/Vec3.h"
#include "globe/GlobeProjection.h"
#include "globe/GlobeScene.h"

namespace meshdiff::views {

// What a layer offers for a click: its item nearest the click, `distance` pixels away.
struct PickCandidate {
    GlobePick pick;
    double distance = 0;
};

// A click to pick for: display point (x, y) on a picture seen through `projection`, the
// tolerance in pixels, and `hit`, where the click's ray meets the unit sphere.
class PickQuery {
public:
    PickQuery(const GlobeProjection& projection, double x, double y, double tolerance, const Vec3& hit)
        : projection_(projection), x_(x), y_(y), tolerance_(tolerance), hit_(hit) {}

    const Vec3& hit() const { return hit_; }
    double tolerance() const { return tolerance_; }

    // Pixels from the click to world point p; false when p is out of sight.
    bool pointDistance(const Vec3& p, double& out) const;
    // Pixels from the click to the screen segment between world points p and q.
    bool segmentDistance(const Vec3& p, const Vec3& q, double& out) const;

private:
    const GlobeProjection& projection_;
    double x_, y_, tolerance_;
    Vec3 hit_;
};

// Keeps the nearest candidate within the tolerance; of equally near ones the later one wins.
class NearestCandidate {
public:
    explicit NearestCandidate(double tolerance) : bestDistance_(tolerance) {}
    void consider(double distance, const GlobePick& pick) {
        if (distance > bestDistance_) return;
        bestDistance_ = distance;
        best_ = PickCandidate{pick, distance};
    }
    const std::optional<PickCandidate>& result() const { return best_; }

private:
    double bestDistance_;
    std::optional<PickCandidate> best_;
};

// The grid point of `graph` nearest to (lat, lon): what a click picks when no item is near it.
GlobePick nearestGridPointPick(const MeshGraph& graph, double lat, double lon);

}  // namespace meshdiff::views
