#pragma once
#include "globe/layers/ActorLayer.h"

namespace meshdiff::views {

// The diagnosis' "near" (core/diagnose): a translucent cap of its radius around every place where
// the graphs differ, with a thin rim, so that an error sitting there is seen to sit there.
class DiffNeighbourhoodLayer : public ActorLayer {
public:
    void build(const GlobeScene& scene) override;
};

}  // namespace meshdiff::views
