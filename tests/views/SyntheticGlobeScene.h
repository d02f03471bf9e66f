#pragma once
#include <cstdint>

#include "globe/GlobeScene.h"
#include "graph/GraphDiff.h"
#include "graph/MeshGraph.h"

namespace meshdiff::test {

// A small pair of graphs with one difference of each kind, for the globe's layers and picking:
// grid 30°S…30°N × 0…60°E every degree; mesh nodes 0 (0°, 10°E), 1 (0°, 20°E), 2 (10°N, 15°E),
// 3 (10°S, 15°E), 4 (20°S, 40°E), 5 (20°N, 40°E); faces (0 1 2) and (0 3 1).
struct SyntheticPair {
    MeshGraph graph;  // A and B alike: the differences are listed in `diff`
    GraphDiff diff;
    views::AtRiskItems atRisk;

    SyntheticPair();
    // Row-major index of the grid point at whole degrees (lat, lon).
    std::int32_t gridIndex(int lat, int lon) const;
    // Both runs on the globe, every layer shown that the pair has something for.
    views::GlobeScene scene() const;
};

// The differences in `diff`:
//   g2mOnlyA[0]: grid (5°N, 5°E) → mesh 0;  g2mOnlyB[0]: grid (25°N, 50°E) → mesh 5
//   m2gChanged[0]: grid (3°N, 15°E), A's face (0 1 2), B's face (0 1 3)
//   movedNodes[0]: mesh 4
// and at risk: the edge grid (5°S, 30°E) → mesh 4 and the grid point (25°S, 5°E).

}  // namespace meshdiff::test
