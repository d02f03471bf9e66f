#pragma once
#include <array>
#include <cstdint>
#include <vector>

#include "builder/BuildOptions.h"

namespace meshdiff {

// A triangular mesh of the unit sphere; faces counter-clockwise seen from outside.
template <class Real>
struct SphereMesh {
    std::vector<std::array<Real, 3>> vertices;
    std::vector<std::array<std::int32_t, 3>> faces;
};

// Icosahedron with two faces parallel to the equator, split 2-way `splits` times. Float
// arithmetic follows the official NumPy code step by step (float32 vertices, float64
// rotation, float32 midpoints and norms, the squares summed as `blas` sums them); Real = double
// does every step in float64 with sequential sums. The 12 icosahedron vertices come out the same
// under NumPy 1 and 2 and either BLAS (float32 after the float64 norm and rotation).
template <class Real>
SphereMesh<Real> buildIcosahedralMesh(int splits, BlasSum blas = BlasSum::Reference);

}  // namespace meshdiff
