#pragma once
#include "globe/layers/ActorLayer.h"

namespace meshdiff::views {

// The coastlines as lines, in tiles that the cullers can skip (none when GSHHG is missing).
class CoastlineLayer : public ActorLayer {
public:
    void build(const GlobeScene& scene) override;
};

}  // namespace meshdiff::views
