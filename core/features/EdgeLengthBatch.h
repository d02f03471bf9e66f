#pragma once
#include <cstddef>

namespace meshdiff {

// Edges' squared lengths before any rotation, many at a time: float64 differences of float32
// positions given one row per coordinate (sender[k][e], receiver[k][e]). Writes `squared[e]` for
// e < n and returns the largest (0 when n = 0; a NaN is passed over).
constexpr std::size_t kEdgeLengthBatch = 256;
double unrotatedSquaredLengths(std::size_t n, const float (*sender)[kEdgeLengthBatch],
                               const float (*receiver)[kEdgeLengthBatch], double* squared);

}  // namespace meshdiff
