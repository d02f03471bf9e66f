#pragma once
#include <cstdint>
#include <optional>
#include <vector>

#include "graph/GraphView.h"

namespace meshdiff {

// How far apart (great-circle angle, degrees) two mesh nodes may lie and still be one node: 16 float32
// steps of a longitude near 360° (2^-11° ≈ 54 m), about 1/1600 of the finest mesh spacing. Measured on
// the sphere, not per coordinate: longitude wraps at 0/360 and means nothing at the poles.
inline constexpr double kMeshNodeMatchToleranceDegrees = 0x1p-11;

// The cheap test of whether matching is worth trying: the node counts are equal and at least two mesh
// nodes lie farther apart than the tolerance at the same index (a renumbering moves two nodes or more).
// False for graphs whose nodes are merely moved by a few float32 steps at their own indices.
bool meshNodesMayBeRenumbered(const GraphView& a, const GraphView& b,
                              double toleranceDegrees = kMeshNodeMatchToleranceDegrees);

// bToA[j] = the A node at B node j's position, when every B node has exactly one A node within the
// tolerance (bit-equal positions included) and no two B nodes share one; nullopt otherwise (at once when
// the node counts differ). Identity for graphs with the same numbering.
std::optional<std::vector<std::int32_t>> matchMeshNodesByPosition(
    const GraphView& a, const GraphView& b, double toleranceDegrees = kMeshNodeMatchToleranceDegrees);

// What a diff asks: B's mesh is A's with its nodes numbered differently. bToA as above when
// meshNodesMayBeRenumbered and the match succeed; nullopt otherwise, never for an identity mapping.
std::optional<std::vector<std::int32_t>> findMeshRenumbering(const GraphView& a, const GraphView& b,
                                                             double toleranceDegrees = kMeshNodeMatchToleranceDegrees);

}  // namespace meshdiff
