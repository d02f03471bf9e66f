#pragma once
#include <cstdint>
#include <utility>
#include <vector>

namespace meshdiff::views {

// Unique undirected edges (smaller node first) of a face list of 3 node indices per face.
std::vector<std::pair<std::int32_t, std::int32_t>> uniqueEdges(const std::vector<std::int32_t>& faces);

}  // namespace meshdiff::views
