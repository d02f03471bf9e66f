#pragma once
#include "globe/layers/ActorLayer.h"

namespace meshdiff::views {

// Differing mesh→grid triangles: A's and B's face (translucent, outlined in each run's
// colour) and a ring and dot on the grid point whose triangle differs.
class TriangleLayer : public ActorLayer {
public:
    void build(const GlobeScene& scene) override;
    // A click inside A's or B's face picks that face; near its grid point, the change.
    std::optional<PickCandidate> pick(const GlobeScene& scene, const PickQuery& query) const override;
};

}  // namespace meshdiff::views
