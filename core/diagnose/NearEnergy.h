#pragma once
#include <limits>

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
    // The field's rel RMS over the near points and over all others (NaN where undefined), as
    // FieldMetrics::relRms on those points: the field table's "near" and "elsewhere" columns.
    double relRmsNear = std::numeric_limits<double>::quiet_NaN();
    double relRmsElsewhere = std::numeric_limits<double>::quiet_NaN();
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

// One byte per aligned point (index i*alignment.lonA.size()+j, computeFieldMetrics's mask layout):
// 1 where `around` says Near, else 0.
std::vector<std::uint8_t> nearMask(const DiffNeighbourhood& around, const GridAlignment& alignment);

// measureNearEnergy plus the rel RMS near and elsewhere, over `mask` (nearMask of `around`).
NearEnergy measureNearAndElsewhere(const Field& a, const Field& b, const GridAlignment& alignment,
                                   const DiffNeighbourhood& around, const std::vector<std::uint8_t>& mask,
                                   const FieldMetrics& metrics);

}  // namespace meshdiff
