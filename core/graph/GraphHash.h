#pragma once
#include <string>

#include "graph/MeshGraph.h"

namespace meshdiff {

// Canonical SHA-256 of a graph, independent of edge order inside a receiver and of index
// dtypes (definition in docs/formats.md). Hex string "sha256:…".
std::string canonicalGraphHash(const MeshGraph& graph);

}  // namespace meshdiff
