#include "fragility/FragilityProbe.h"

#include <algorithm>

#include <cmath>

#include "common/Error.h"

namespace meshdiff {
namespace {

const FragilityOptions& checked(const FragilityOptions& options) {
    if (!(options.grid2meshThresholdUlps >= 0) || !(options.mesh2gridThresholdUlps >= 0))
        throw Error("", "fragility thresholds must be non-negative");
    return options;
}

std::vector<std::array<std::int32_t, 3>> facesOf(const GraphView& graph) {
    std::vector<std::array<std::int32_t, 3>> faces(graph.faceCount());
    for (std::size_t f = 0; f < faces.size(); ++f)
        faces[f] = {graph.meshFaces[3 * f], graph.meshFaces[3 * f + 1], graph.meshFaces[3 * f + 2]};
    return faces;
}

}  // namespace

// The same inputs as analyzeFragility: the float32 coordinates of the whole mesh and of the grid
// axes (cheap: 40,962 nodes and 721 + 1440 axis values at 0.25°), the radius from every face.
FragilityProbe::FragilityProbe(const GraphView& graph, const FragilityOptions& options)
    : options_(checked(options)),
      nLon_(graph.gridLon.size()),
      grid_(gridCartesianFactors(options.math, GridAxes{{graph.gridLat.begin(), graph.gridLat.end()},
                                                        {graph.gridLon.begin(), graph.gridLon.end()}})),
      mesh_(latLonToCartesian(options.math, {graph.meshLat.begin(), graph.meshLat.end()},
                              {graph.meshLon.begin(), graph.meshLon.end()})),
      faces_(facesOf(graph)),
      longestEdge_(longestEdge(mesh_, faces_, Precision::Float32)),
      radius_(options.radiusFraction * longestEdge_),
      radii_(numpyRadii(options.radiusFraction, longestEdge_)),
      closest_(mesh_, faces_) {}

Vec3 FragilityProbe::gridPoint(std::int32_t grid) const {
    const auto g = static_cast<std::size_t>(grid);
    return grid_.point(g / nLon_, g % nLon_);
}

// analyzeFragility lists a pair when the radius search (squared distance ≤ (radius + τ)²) finds
// it and its distance is within τ of the radius.
bool FragilityProbe::g2mPairAtRisk(std::int32_t grid, std::int32_t mesh) const {
    const double tau = options_.grid2meshThresholdUlps * kCoordinateUlp;
    const double reach = std::max({radius_, radii_.numpy1, radii_.numpy2}) + tau;
    const double distanceSq = squaredDistance(gridPoint(grid), mesh_[static_cast<std::size_t>(mesh)]);
    if (!(distanceSq <= reach * reach)) return false;
    return std::abs(std::sqrt(distanceSq) - radius_) <= tau || radii_.separate(distanceSq);
}

// analyzeFragility lists a point when it has a runner-up face within the gap threshold.
bool FragilityProbe::m2gPointAtRisk(std::int32_t grid) const {
    const ClosestFacesOfPoints::Result r = closest_.of(gridPoint(grid));
    if (r.runnerUp < 0) return false;
    const double gap = std::sqrt(r.runnerUpDistanceSq) - std::sqrt(r.distanceSq);
    return gap <= options_.mesh2gridThresholdUlps * kCoordinateUlp;
}

}  // namespace meshdiff
