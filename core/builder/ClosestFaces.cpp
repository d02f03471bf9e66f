#include "builder/ClosestFaces.h"

#include <tbb/parallel_for.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

#include "builder/CapRaster.h"
#include "builder/PointTriangleDistance.h"
#include "common/Error.h"

namespace meshdiff {
namespace {

// ClosestFacesOfPoints' height buckets: a band of a few hundredths of the radius spans tens of them.
constexpr std::size_t kHeightBuckets = 1024;

// A unit vector p with |p − centroid| ≤ centroid radius + searchBound lies in this cap.
SphericalCap capAround(const Vec3& a, const Vec3& b, const Vec3& c, double searchBound) {
    const Vec3 centroid{(a[0] + b[0] + c[0]) / 3, (a[1] + b[1] + c[1]) / 3, (a[2] + b[2] + c[2]) / 3};
    const double reach = std::sqrt(std::max({squaredDistance(a, centroid), squaredDistance(b, centroid),
                                             squaredDistance(c, centroid)})) +
                         searchBound;
    const double cn = std::sqrt(squaredDistance(centroid, Vec3{0, 0, 0}));
    const double cosAngle = std::clamp((1 + cn * cn - reach * reach) / (2 * cn), -1.0, 1.0);
    constexpr double kAngleMargin = 1e-4;  // covers |p| ≠ 1 and rounding in lat/lon → xyz
    return {centroid, std::acos(cosAngle) + kAngleMargin};
}

// Keeps the closest and the next closest other face as faces arrive in ascending index order
// (exact ties keep the lower index).
struct ClosestTwo {
    std::int32_t face = -1, runnerUp = -1;
    double distanceSq = std::numeric_limits<double>::infinity(), runnerUpDistanceSq = distanceSq;

    void offer(std::int32_t f, double d) {
        if (d < distanceSq) {
            runnerUpDistanceSq = distanceSq;
            runnerUp = face;
            distanceSq = d;
            face = f;
        } else if (d < runnerUpDistanceSq && f != face) {
            runnerUpDistanceSq = d;
            runnerUp = f;
        }
    }
};

}  // namespace

double closestFaceSearchBound(const std::vector<Vec3>& meshNodes,
                              const std::vector<std::array<std::int32_t, 3>>& faces) {
    // A point on the unit sphere inside the cone of a face lies within (1 − plane distance) of
    // it, so no closest face is farther than the largest such sagitta. Runner-ups are searched
    // to twice that.
    double sagitta = 0;
    for (const auto& f : faces) {
        const Vec3 &a = meshNodes[f[0]], &b = meshNodes[f[1]], &c = meshNodes[f[2]];
        const Vec3 u{b[0] - a[0], b[1] - a[1], b[2] - a[2]}, v{c[0] - a[0], c[1] - a[1], c[2] - a[2]};
        const Vec3 n{u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]};
        const double nn = std::sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
        const double planeDistance = nn > 0 ? std::abs(n[0] * a[0] + n[1] * a[1] + n[2] * a[2]) / nn : 0;
        sagitta = std::max(sagitta, 1 - planeDistance);
    }
    return 2 * sagitta + 1e-6;
}

ClosestFacesOfPoints::ClosestFacesOfPoints(const std::vector<Vec3>& meshNodes,
                                           const std::vector<std::array<std::int32_t, 3>>& faces)
    : nodes_(meshNodes), faces_(faces), searchBound_(closestFaceSearchBound(meshNodes, faces)) {
    spheres_.reserve(faces.size());
    for (const auto& f : faces) {
        const Vec3 &a = meshNodes[f[0]], &b = meshNodes[f[1]], &c = meshNodes[f[2]];
        const Vec3 centroid{(a[0] + b[0] + c[0]) / 3, (a[1] + b[1] + c[1]) / 3, (a[2] + b[2] + c[2]) / 3};
        const double radius = std::sqrt(
            std::max({squaredDistance(a, centroid), squaredDistance(b, centroid), squaredDistance(c, centroid)}));
        // The margin covers rounding in the centroid, the radius and the test: a skipped face is
        // provably farther than the search bound.
        spheres_.push_back({centroid[0], centroid[1], centroid[2], radius + searchBound_ + 1e-9});
        widestSphere_ = std::max(widestSphere_, spheres_.back()[3]);
    }
    // A counting sort by bucket, faces in index order within each.
    bucketStart_.assign(kHeightBuckets + 1, 0);
    for (const auto& s : spheres_) ++bucketStart_[bucketOf(s[2]) + 1];
    std::partial_sum(bucketStart_.begin(), bucketStart_.end(), bucketStart_.begin());
    byHeight_.resize(faces.size());
    std::vector<std::size_t> next(bucketStart_.begin(), bucketStart_.end() - 1);
    for (std::size_t f = 0; f < spheres_.size(); ++f) byHeight_[next[bucketOf(spheres_[f][2])]++] = std::int32_t(f);
}

// Buckets of equal height over [-1, 1]; heights beyond it (or NaN) go to the end buckets.
std::size_t ClosestFacesOfPoints::bucketOf(double z) const {
    const double at = std::floor((z + 1) * (kHeightBuckets / 2.0));
    if (!(at > 0)) return 0;
    return std::min(static_cast<std::size_t>(std::min(at, double(kHeightBuckets))), kHeightBuckets - 1);
}

ClosestFacesOfPoints::Result ClosestFacesOfPoints::of(const Vec3& point) const {
    // Faces whose sphere can hold the point, offered in ascending index order as findClosestFaces
    // offers them (the tie rule depends on it).
    std::vector<std::int32_t> candidates;
    const double low = point[2] - widestSphere_, high = point[2] + widestSphere_;
    const std::size_t first = bucketStart_[bucketOf(low)], end = bucketStart_[bucketOf(high) + 1];
    for (std::size_t k = first; k < end; ++k) {
        const auto& s = spheres_[std::size_t(byHeight_[k])];
        if (!(s[2] >= low && s[2] <= high)) continue;
        const double dx = point[0] - s[0], dy = point[1] - s[1], dz = point[2] - s[2];
        if (dx * dx + dy * dy + dz * dz <= s[3] * s[3]) candidates.push_back(byHeight_[k]);
    }
    std::sort(candidates.begin(), candidates.end());
    ClosestTwo best;
    for (const std::int32_t f : candidates) {
        const auto& t = faces_[std::size_t(f)];
        best.offer(f, pointTriangleDistanceSq(point, nodes_[t[0]], nodes_[t[1]], nodes_[t[2]]));
    }
    if (best.face < 0) throw Error("", "no mesh face found near a grid point");
    Result r{best.face, best.runnerUp, best.distanceSq, best.runnerUpDistanceSq};
    if (r.runnerUpDistanceSq > searchBound_ * searchBound_) {
        r.runnerUp = -1;
        r.runnerUpDistanceSq = std::numeric_limits<double>::infinity();
    }
    return r;
}

ClosestFaces findClosestFaces(const std::vector<float>& gridLat, const std::vector<float>& gridLon,
                              const std::vector<Vec3>& gridPoints, const std::vector<Vec3>& meshNodes,
                              const std::vector<std::array<std::int32_t, 3>>& faces) {
    const std::size_t nLon = gridLon.size();
    if (gridPoints.size() != gridLat.size() * nLon) throw Error("", "grid points do not match the grid axes");

    const double searchBound = closestFaceSearchBound(meshNodes, faces);
    std::vector<SphericalCap> caps(faces.size());
    for (std::size_t f = 0; f < faces.size(); ++f)
        caps[f] = capAround(meshNodes[faces[f][0]], meshNodes[faces[f][1]], meshNodes[faces[f][2]], searchBound);
    const CapRaster raster(gridLat, gridLon, caps);
    requireReasonableSearch(raster, "the closest-face search", 500'000'000);

    ClosestFaces out;
    out.searchBound = searchBound;
    const double inf = std::numeric_limits<double>::infinity();
    out.face.assign(gridPoints.size(), -1);
    out.distanceSq.assign(gridPoints.size(), inf);
    out.runnerUp.assign(gridPoints.size(), -1);
    out.runnerUpDistanceSq.assign(gridPoints.size(), inf);
    tbb::parallel_for(std::size_t(0), raster.rowCount(), [&](std::size_t r) {
        const std::size_t rowBase = raster.latIndexOfRow(r) * nLon;
        for (std::int32_t f : raster.capsOfRow(r)) {
            const auto& t = faces[std::size_t(f)];
            const Vec3 &a = meshNodes[t[0]], &b = meshNodes[t[1]], &c = meshNodes[t[2]];
            raster.forEachLonIndex(f, [&](std::size_t j) {
                const std::size_t g = rowBase + j;
                const double d = pointTriangleDistanceSq(gridPoints[g], a, b, c);
                if (d < out.distanceSq[g]) {  // faces come in ascending order: ties keep the lower
                    out.runnerUpDistanceSq[g] = out.distanceSq[g];
                    out.runnerUp[g] = out.face[g];
                    out.distanceSq[g] = d;
                    out.face[g] = f;
                } else if (d < out.runnerUpDistanceSq[g] && f != out.face[g]) {
                    out.runnerUpDistanceSq[g] = d;
                    out.runnerUp[g] = f;
                }
            });
        }
    });
    for (std::size_t g = 0; g < gridPoints.size(); ++g) {
        if (out.face[g] < 0) throw Error("", "no mesh face found near grid point " + std::to_string(g));
        if (out.runnerUpDistanceSq[g] > searchBound * searchBound) {
            out.runnerUp[g] = -1;
            out.runnerUpDistanceSq[g] = inf;
        }
    }
    return out;
}

}  // namespace meshdiff
