#pragma once
#include <array>
#include <cstdint>
#include <vector>

#include "builder/SphereCoordinates.h"

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

}  // namespace meshdiff
