#pragma once
#include "globe/layers/ActorLayer.h"

namespace meshdiff::views {

// The selected item drawn over everything in the highlight colour (cyan over a dark halo: no
// field map has it): an edge, both faces of a triangle change, a mesh node, and a ring around
// the grid point involved.
class HighlightLayer : public ActorLayer {
public:
    void build(const GlobeScene& scene) override;
    void show(const GlobeScene& scene, const GlobePick& pick);
    const GlobePick& shown() const { return pick_; }

private:
    GlobePick pick_;
};

}  // namespace meshdiff::views
