#pragma once
#include <array>
#include <cstdint>
#include <optional>
#include <vector>

namespace meshdiff {

// SciPy's `reverse_cuthill_mckee(adjacency, symmetric_mode=True)` for the adjacency of a
// triangle mesh (edge a→b, b→c, c→a per face; CSR rows with ascending column indices):
// breadth-first search from the first node of NumPy's argsort of the degrees, each level's
// newly found nodes insertion-sorted by degree, the whole order reversed.
// `seed` replaces that first node (a search started from another node, as another sort or SciPy
// version may pick among tied degrees); further components still start as SciPy starts them.
// Returns permutation[newIndex] = oldIndex.
std::vector<std::int32_t> reverseCuthillMcKee(const std::vector<std::array<std::int32_t, 3>>& faces,
                                              std::size_t nodeCount, std::optional<std::int32_t> seed = std::nullopt);

// inverse[oldIndex] = newIndex.
std::vector<std::int32_t> invertPermutation(const std::vector<std::int32_t>& permutation);

}  // namespace meshdiff
