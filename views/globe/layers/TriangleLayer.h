#pragma once
#include "globe/layers/ActorLayer.h"

namespace meshdiff::views {

// Differing mesh→grid triangles, drawn hollow over the draped field: A's face outlined in
// magenta, B's dashed in black, and black rings around the grid point whose triangle differs
// (one clearing its cell, one to find it from afar).
class TriangleLayer : public ActorLayer {
public:
    void build(const GlobeScene& scene) override;
    // A click inside A's or B's face picks that face; near its grid point, the change.
    std::optional<PickCandidate> pick(const GlobeScene& scene, const PickQuery& query) const override;
};

}  // namespace meshdiff::views
