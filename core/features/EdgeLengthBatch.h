#pragma once
#include <cstddef>

namespace meshdiff {

// Edges' squared lengths before any rotation, many at a time: float64 differences of float32
// positions given one row per coordinate (sender[k][e], receiver[k][e]), into `squared[e]`, e < n.
constexpr std::size_t kEdgeLengthBatch = 256;
void unrotatedSquaredLengths(std::size_t n, const float (*sender)[kEdgeLengthBatch],
                             const float (*receiver)[kEdgeLengthBatch], double* squared);

}  // namespace meshdiff
