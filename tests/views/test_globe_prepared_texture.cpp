#include <gtest/gtest.h>

#include <memory>

#include "core/TestPaths.h"
#include "globe/GlobeRenderer.h"
#include "io/GraphFiles.h"

namespace meshdiff::views {
namespace {

// The window draws the globe's mesh texture while the graphs are diffed: the renderer built
// for the scene afterwards must show that very texture, not draw its own.
TEST(GlobePreparedTexture, TheRendererOfTheSceneShowsTheTextureDrawnBeforeIt) {
    const MeshGraph graph = readGraphNpz(test::officialGraph("wn2_graph_1p0deg_default.npz").string());
    GlobeScene scene;
    scene.graphA = &graph;
    LineTextureLevels prepared = GlobeRenderer::lineTextureOf(scene);
    ASSERT_FALSE(prepared.empty());
    const std::weak_ptr<const LineRaster> finest = prepared.front();

    GlobeRenderer renderer;
    renderer.setScene(scene);
    renderer.setLineTextureAllowed(true);
    ASSERT_TRUE(renderer.linesAsTexture());  // the overview zoom of a new window
    prepared.clear();
    EXPECT_FALSE(finest.expired()) << "the renderer drew a texture of its own";

    // Another level is another texture.
    scene.meshLevel = kDefaultMeshLevel - 1;
    const LineTextureLevels coarser = GlobeRenderer::lineTextureOf(scene);
    ASSERT_FALSE(coarser.empty());
    EXPECT_NE(coarser.front(), finest.lock());
}

}  // namespace
}  // namespace meshdiff::views
