#pragma once
#include "diagnose/DiffNeighbourhood.h"
#include "fields/Field.h"
#include "fields/FieldMetrics.h"
#include "fields/LatLonGrid.h"

namespace meshdiff {

// Σ(A−B)² of one field, and the parts of it near and far from where the graphs differ, over the
// aligned points finite in A and B; "area" counts those points (each grid point counts once, as
// in rel RMS). "Far" points (DiffNeighbourhood::Far) give the density of the part not caused by
// the graph.
struct NearEnergy {
    double total = 0, near = 0, far = 0;              // Σ (A−B)²
    double areaTotal = 0, areaNear = 0, areaFar = 0;  // points
    double energyShare() const { return total > 0 ? near / total : 0; }
    double areaShare() const { return areaTotal > 0 ? areaNear / areaTotal : 0; }
    double farEnergyShare() const { return total > 0 ? far / total : 0; }
    double farAreaShare() const { return areaTotal > 0 ? areaFar / areaTotal : 0; }
    // energyShare / areaShare: 1 for a difference spread evenly, ≫ 1 when it sits near the places.
    double concentration() const { return areaNear > 0 ? energyShare() / areaShare() : 0; }
};

// `around` lies on A's grid (the grid of `a`); `alignment` maps A onto B and `metrics` are A and
// B's computeFieldMetrics on it: its Σ(A−B)² and point count are the totals, so that only the
// points near the places are read again.
NearEnergy measureNearEnergy(const Field& a, const Field& b, const GridAlignment& alignment,
                             const DiffNeighbourhood& around, const FieldMetrics& metrics);

}  // namespace meshdiff
