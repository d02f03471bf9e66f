#pragma once
#include <cstdint>
#include <vector>

#include "builder/SphereCoordinates.h"

namespace meshdiff {

// For every point, the mesh nodes within `radius` under SciPy's cKDTree.query_ball_point test
// (squaredDistance ≤ radius·radius), with their squared distances. Grouped by point (CSR),
// nodes ascending within a point.
struct NearbyMeshNodes {
    std::vector<std::int64_t> start;  // points + 1
    std::vector<std::int32_t> node;
    std::vector<double> distanceSq;
};

// KD-tree (nanoflann) over the mesh nodes, points queried in parallel. Any point set.
NearbyMeshNodes findMeshNodesWithinRadius(const std::vector<Vec3>& points, const std::vector<Vec3>& meshNodes,
                                          double radius);

// Same result for the points of a latitude/longitude grid (index = lat_index × n_lon +
// lon_index), found by testing each mesh node against the grid points in a box around it:
// several times faster than the KD-tree when the points form a grid.
NearbyMeshNodes findMeshNodesWithinRadiusOnGrid(const std::vector<float>& gridLat, const std::vector<float>& gridLon,
                                                const std::vector<Vec3>& gridPoints, const std::vector<Vec3>& meshNodes,
                                                double radius);

}  // namespace meshdiff
