#pragma once
#include <string>

#include "graph/CanonicalEdges.h"
#include "graph/MeshGraph.h"

namespace meshdiff {

// Canonical SHA-256 of a graph, independent of edge order inside a receiver and of the index
// dtypes of the file it came from (definition in docs/formats.md). Returns "sha256:<hex>".
std::string canonicalGraphHash(const MeshGraph& graph);
std::string canonicalGraphHash(const GraphView& graph, const CanonicalEdges& edges);

}  // namespace meshdiff
