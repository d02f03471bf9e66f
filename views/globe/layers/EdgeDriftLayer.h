#pragma once
#include "globe/layers/ActorLayer.h"

namespace meshdiff::views {

// The edges A and B share whose recomputed features drift (core/features), as lines on A's
// positions coloured by ULPs on a log scale. Built only while shown: a 0.25° pair can have
// millions of them, of which the kManyDriftingEdges most drifting are drawn.
class EdgeDriftLayer : public ActorLayer {
public:
    void build(const GlobeScene& scene) override;
};

}  // namespace meshdiff::views
