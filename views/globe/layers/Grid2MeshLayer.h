#pragma once
#include "globe/layers/ActorLayer.h"

namespace meshdiff::views {

// Grid→mesh edges only in one run (run 1: only in A, 2: only in B), drawn hollow so that the
// field draped under them stays visible: a tube from a ring around the grid point (wider than
// its cell) to the mesh node, and a larger mark around the edge's middle to find it from afar.
// A: magenta, solid, round marks; B: black, dashed, square marks (DifferenceColors.h).
class Grid2MeshLayer : public ActorLayer {
public:
    explicit Grid2MeshLayer(int run) : run_(run) {}

    void build(const GlobeScene& scene) override;
    std::optional<PickCandidate> pick(const GlobeScene& scene, const PickQuery& query) const override;

private:
    const MeshGraph* graphOf(const GlobeScene& scene) const;
    const std::vector<GridMeshEdge>* edgesOf(const GlobeScene& scene) const;

    int run_;
};

}  // namespace meshdiff::views
