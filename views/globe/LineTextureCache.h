#pragma once
#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "globe/LineRaster.h"
#include "graph/MeshGraph.h"

namespace meshdiff::views {

// What a line texture shows: the mesh (by content, not address) at one level, and coastlines.
struct LineTextureKey {
    std::uint64_t meshContent = 0;  // meshFingerprint, 0 without a mesh
    int meshLevel = -1;
    bool coastlines = false;
    bool operator==(const LineTextureKey&) const = default;
};

std::uint64_t meshFingerprint(const MeshGraph& graph);  // of the node positions and faces

using LineTextureLevels = std::vector<std::shared_ptr<const LineRaster>>;  // finest first

// The levels of a texture some renderer still shows, so that the next scene on the same mesh
// (the at-risk layer arriving, a field or layer change) does not draw its 120k arcs again;
// `draw` makes them otherwise. The coastlines-only texture, once drawn, is kept for the process.
// Safe from any thread; callers wait for a drawing in progress.
LineTextureLevels cachedLineTexture(const LineTextureKey& key, const std::function<LineTextureLevels()>& draw);
// Keeps `levels` (drawn ahead for a scene not built yet) cached until the next call; an empty
// `levels` lets the last ones go.
void holdLineTexture(LineTextureLevels levels);

}  // namespace meshdiff::views
