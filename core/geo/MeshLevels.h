#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

namespace meshdiff {

// The faces of every level of a 2-way-split icosahedral mesh, recovered from its finest faces
// alone (node order does not matter: the permuted official order works). Element k holds the
// faces of level k (M0: 20 faces … finest), 3 finest-mesh node indices per face, same
// orientation as the input. When the faces are not such a mesh, holds only the finest level.
std::vector<std::vector<std::int32_t>> icosahedralLevels(const std::vector<std::int32_t>& finestFaces);

// Level k of an icosahedral mesh has 20·4^k faces; -1 when `faceCount` is no such number.
int icosahedralLevelOfFaceCount(std::size_t faceCount);

}  // namespace meshdiff
