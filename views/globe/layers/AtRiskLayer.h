#pragma once
#include "globe/layers/ActorLayer.h"

namespace meshdiff::views {

// Grid→mesh edges and grid points the fragility analysis flags as at risk of differing.
class AtRiskLayer : public ActorLayer {
public:
    void build(const GlobeScene& scene) override;
};

}  // namespace meshdiff::views
