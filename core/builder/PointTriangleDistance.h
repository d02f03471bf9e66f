#pragma once
#include "builder/SphereCoordinates.h"

namespace meshdiff {

// Squared distance from p to the closest point of triangle abc (Ericson, "Real-Time Collision
// Detection" §5.1.5: Voronoi regions of vertices, edges, then the interior), in float64.
double pointTriangleDistanceSq(const Vec3& p, const Vec3& a, const Vec3& b, const Vec3& c);

}  // namespace meshdiff
