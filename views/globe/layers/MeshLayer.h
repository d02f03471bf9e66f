#pragma once
#include <cstdint>
#include <vector>

#include "globe/layers/ActorLayer.h"

namespace meshdiff::views {

// The icosahedral mesh's wireframe at the scene's mesh level, as lines in tiles.
class MeshLayer : public ActorLayer {
public:
    // Recovers the mesh levels of scene.graphA, then draws the scene's level.
    void build(const GlobeScene& scene) override;
    // Draws the scene's mesh level again (the levels stay).
    void showLevel(const GlobeScene& scene);

    int levelCount() const { return static_cast<int>(levels_.size()); }
    int shownLevel() const { return shownLevel_; }
    const std::vector<std::int32_t>& shownFaces() const { return levels_.at(static_cast<std::size_t>(shownLevel_)); }

private:
    std::vector<std::vector<std::int32_t>> levels_;
    int shownLevel_ = 0;
};

}  // namespace meshdiff::views
