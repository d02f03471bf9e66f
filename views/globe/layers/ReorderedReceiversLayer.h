#pragma once
#include "globe/layers/ActorLayer.h"

namespace meshdiff::views {

// Receivers that sum the same incoming edges in another order (GraphDiff::g2mReordered mesh nodes,
// m2gReordered grid points): small muted dots under every set difference, larger when the order is
// the only graph difference. Grid points of fine grids are thinned to a regular lattice, so that a
// 0.25° pair where every receiver is reordered keeps the globe's frame rate.
class ReorderedReceiversLayer : public ActorLayer {
public:
    void build(const GlobeScene& scene) override;
};

}  // namespace meshdiff::views
