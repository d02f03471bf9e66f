#pragma once
#include <cstdint>
#include <span>
#include <vector>

#include "graph/GraphView.h"
#include "graph/MeshGraph.h"

namespace meshdiff {

// B in A's mesh numbering, for bToA from matchMeshNodesByPosition (MeshNodeMatching.h): B node j
// becomes node bToA[j] and keeps its own latitude and longitude, so a node matched within the
// tolerance still shows as moved; faces and edges follow their nodes. Grid→mesh edges that B groups by
// receiver ascending are regrouped by the new receivers, each receiver's senders in B's order;
// mesh→grid edges keep their order. Mesh→grid receivers are written out even when `b` holds them
// only as GraphView::m2gReceiversByPoint.
MeshGraph renumberMeshNodes(const GraphView& b, std::span<const std::int32_t> bToA);

// The nodes whose index differs between A and B (bToA[j] ≠ j), as A's indices, ascending.
std::vector<std::int32_t> renumberedMeshNodes(std::span<const std::int32_t> bToA);

}  // namespace meshdiff
