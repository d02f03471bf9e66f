#pragma once
#include "diagnose/DiffNeighbourhood.h"
#include "fields/Field.h"
#include "fields/LatLonGrid.h"

namespace meshdiff {

// Σ(A−B)² of one field and the part of it near where the graphs differ, both weighted by the
// area a grid point stands for (cos latitude), over the aligned points finite in A and B.
// "Far" points (DiffNeighbourhood::Far) give the density of the part not caused by the graph.
struct NearEnergy {
    double total = 0, near = 0, far = 0;              // Σ w·(A−B)²
    double areaTotal = 0, areaNear = 0, areaFar = 0;  // Σ w
    double energyShare() const { return total > 0 ? near / total : 0; }
    double areaShare() const { return areaTotal > 0 ? areaNear / areaTotal : 0; }
    double farEnergyShare() const { return total > 0 ? far / total : 0; }
    double farAreaShare() const { return areaTotal > 0 ? areaFar / areaTotal : 0; }
    // energyShare / areaShare: 1 for a difference spread evenly, ≫ 1 when it sits near the places.
    double concentration() const { return areaNear > 0 ? energyShare() / areaShare() : 0; }
};

// `around` lies on A's grid (the grid of `a`); `alignment` maps A onto B as in computeFieldMetrics.
NearEnergy measureNearEnergy(const Field& a, const Field& b, const GridAlignment& alignment,
                             const DiffNeighbourhood& around);

}  // namespace meshdiff
