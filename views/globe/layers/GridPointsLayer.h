#pragma once
#include "globe/layers/ActorLayer.h"

namespace meshdiff::views {

// A's grid points as dots, thinned to at most 150,000.
class GridPointsLayer : public ActorLayer {
public:
    void build(const GlobeScene& scene) override;
};

}  // namespace meshdiff::views
