#pragma once
#include <string>

#include "graph/CanonicalEdges.h"
#include "graph/MeshGraph.h"
#include "graph/ReceiverOrder.h"

namespace meshdiff {

// Canonical SHA-256 of a graph, independent of edge order inside a receiver and of the index
// dtypes of the file it came from (definition in docs/formats.md). Returns "sha256:<hex>".
std::string canonicalGraphHash(const MeshGraph& graph);
std::string canonicalGraphHash(const GraphView& graph, const CanonicalEdges& edges);

// SHA-256 over the set hash and every receiver's senders in their listed order ("sha256:<hex>";
// definition in docs/formats.md): equal only when the sets and every summation order are equal.
std::string orderedGraphHash(const std::string& setHash, const ReceiverOrder& order, const CanonicalEdges& edges);

}  // namespace meshdiff
