#pragma once
#include <array>
#include <cstdint>
#include <utility>
#include <vector>

#include "builder/SphereCoordinates.h"
#include "graph/LargeVectors.h"

namespace meshdiff {

// For every grid point, the face whose surface holds the closest point (exact point–triangle
// distance in float64 on the given coordinates; exact ties go to the lowest face index), and
// the runner-up: the next closest other face (-1 when no other face lies within the search
// bound; its distance is then at least `searchBound`).
struct ClosestFaces {
    std::vector<std::int32_t> face;
    std::vector<double> distanceSq;
    std::vector<std::int32_t> runnerUp;
    std::vector<double> runnerUpDistanceSq;
    double searchBound = 0;  // every face closer than this to a point was examined for it
};

// Grid points are those of `axes` (lat_index × n_lon + lon_index) at positions `gridPoints`.
// Each face is tested only against grid points inside a latitude/longitude box around it that
// provably holds every point for which it can be the closest face.
ClosestFaces findClosestFaces(const std::vector<float>& gridLat, const std::vector<float>& gridLon,
                              const std::vector<Vec3>& gridPoints, const std::vector<Vec3>& meshNodes,
                              const std::vector<std::array<std::int32_t, 3>>& faces);

// How far findClosestFaces searches for runner-ups: twice the largest sagitta of a face.
double closestFaceSearchBound(const std::vector<Vec3>& meshNodes,
                              const std::vector<std::array<std::int32_t, 3>>& faces);

// findClosestFaces' answer for a few single points: the same face, runner-up and distances as
// findClosestFaces gives a grid point at the same position. Every face is a candidate; a bounding
// sphere per face skips the ones that cannot come within the search bound, and the spheres are
// filed by height (z) in buckets, so a point tests only the faces of a thin band instead of a
// raster over the whole grid. Filing is one counting pass: sorting 82 k faces by height was most
// of the at-risk analysis's set-up.
class ClosestFacesOfPoints {
public:
    struct Result {
        std::int32_t face = -1, runnerUp = -1;
        double distanceSq = 0, runnerUpDistanceSq = 0;
    };
    // Keeps references to both arguments.
    ClosestFacesOfPoints(const std::vector<Vec3>& meshNodes, const std::vector<std::array<std::int32_t, 3>>& faces);
    Result of(const Vec3& point) const;
    double searchBound() const { return searchBound_; }

private:
    const std::vector<Vec3>& nodes_;
    const std::vector<std::array<std::int32_t, 3>>& faces_;
    double searchBound_ = 0;
    std::size_t bucketOf(double z) const;

    LargeVector<std::array<double, 4>> spheres_;  // centroid, radius + search bound; by face
    std::vector<std::int32_t> byHeight_;          // faces by height bucket of their centroid, each bucket by index
    std::vector<std::size_t> bucketStart_;        // bucket b's faces: byHeight_[bucketStart_[b], bucketStart_[b + 1])
    double widestSphere_ = 0;
};

}  // namespace meshdiff
