#include <vtkNew.h>
#include <vtkRenderWindow.h>

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

// A level's texels reach OpenGL in the first frame that shows it (the finest, 64 MB, stalled
// that frame), unless the renderer uploaded every level beforehand.
TEST(GlobePreparedTexture, EveryLevelIsUploadedBeforeAFrameShowsIt) {
    const MeshGraph graph = readGraphNpz(test::officialGraph("wn2_graph_1p0deg_default.npz").string());
    GlobeScene scene;
    scene.graphA = &graph;
    GlobeRenderer renderer;
    renderer.setScene(scene);
    renderer.setLineTextureAllowed(true);
    vtkNew<vtkRenderWindow> window;
    window->SetOffScreenRendering(1);
    window->SetSize(640, 480);
    window->AddRenderer(renderer.renderer());
    renderer.setViewportHeight(480);
    window->Render();
    ASSERT_TRUE(renderer.linesAsTexture());
    EXPECT_FALSE(renderer.lineTexturesUploaded()) << "the overview shows one coarse level, not all of them";
    window->MakeCurrent();
    renderer.uploadLineTextures();
    EXPECT_TRUE(renderer.lineTexturesUploaded());
    window->Render();  // and the frame after still draws
    EXPECT_TRUE(renderer.lineTexturesUploaded());
    window->RemoveRenderer(renderer.renderer());
}

}  // namespace
}  // namespace meshdiff::views
