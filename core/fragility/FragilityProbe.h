#pragma once
#include <array>
#include <cstdint>
#include <vector>

#include "builder/ClosestFaces.h"
#include "builder/SphereCoordinates.h"
#include "fragility/Fragility.h"
#include "graph/GraphView.h"

namespace meshdiff {

// analyzeFragility's verdict on single items of one graph, without analysing every grid point:
// g2mPairAtRisk and m2gPointAtRisk answer exactly as the FragilityReport's functions of the same
// name (same coordinates, radius, distances and closest-face search), at a cost per item. For
// `compare`, which asks only about the few items that differ between two graphs.
class FragilityProbe {
public:
    // `graph` must be validated (its readers do) and outlive the probe. Throws meshdiff::Error
    // for negative thresholds.
    explicit FragilityProbe(const GraphView& graph, const FragilityOptions& options = {});
    FragilityProbe(const FragilityProbe&) = delete;
    FragilityProbe& operator=(const FragilityProbe&) = delete;

    bool g2mPairAtRisk(std::int32_t grid, std::int32_t mesh) const;
    bool m2gPointAtRisk(std::int32_t grid) const;
    double radius() const { return radius_; }

private:
    Vec3 gridPoint(std::int32_t grid) const;

    FragilityOptions options_;
    std::size_t nLon_ = 0;
    GridCartesianFactors grid_;
    std::vector<Vec3> mesh_;
    std::vector<std::array<std::int32_t, 3>> faces_;
    double longestEdge_ = 0, radius_ = 0;
    NumpyRadii radii_;
    ClosestFacesOfPoints closest_;
};

}  // namespace meshdiff
