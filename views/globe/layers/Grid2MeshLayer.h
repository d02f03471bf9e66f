#pragma once
#include "globe/layers/ActorLayer.h"

namespace meshdiff::views {

// Grid→mesh edges only in one run (run 1: only in A, 2: only in B): tubes with balls at their
// ends and a ring around their middle, in the run's colour.
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
