#pragma once
#include <cstddef>
#include <cstdint>

#include "builder/BuildOptions.h"
#include "graph/LargeVectors.h"

namespace meshdiff {

// Reorders edges given in the official code's pre-sort order (`_get_edge_indices`: grid→mesh by
// grid point with mesh nodes ascending, as cKDTree.query_ball_point lists them; mesh→grid per grid
// point the three face nodes in face order) by receiver:
// - Canonical: stable, so equal receivers keep the pre-sort order (grid→mesh by (mesh, grid));
// - Official: NumPy 1.24's np.argsort(receivers), including its order of equal receivers, which
//   NumPy 2 keeps at its baseline dispatch.
void orderEdgesByReceiver(LargeVector<std::int32_t>& senders, LargeVector<std::int32_t>& receivers,
                          std::size_t receiverCount, EdgeOrder order);

}  // namespace meshdiff
