#pragma once
#include <array>
#include <cstdint>
#include <vector>

namespace meshdiff {

// A triangular mesh of the unit sphere; faces counter-clockwise seen from outside.
template <class Real>
struct SphereMesh {
    std::vector<std::array<Real, 3>> vertices;
    std::vector<std::array<std::int32_t, 3>> faces;
};

// Icosahedron with two faces parallel to the equator, split 2-way `splits` times. Float
// arithmetic follows the official NumPy code step by step (float32 vertices, float64
// rotation, float32 midpoints and norms); Real = double does every step in float64.
template <class Real>
SphereMesh<Real> buildIcosahedralMesh(int splits);

}  // namespace meshdiff
