#pragma once
#include "globe/layers/ActorLayer.h"

namespace meshdiff::views {

// Mesh nodes whose position differs between A and B: small rings coloured by their shift in ULPs.
class MovedNodesLayer : public ActorLayer {
public:
    void build(const GlobeScene& scene) override;
    std::optional<PickCandidate> pick(const GlobeScene& scene, const PickQuery& query) const override;
    // Dots lie under the edges and triangles drawn over them.
    bool picksOnlyWhenNothingElseDoes() const override { return true; }
};

}  // namespace meshdiff::views
