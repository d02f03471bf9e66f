#pragma once
#include <memory>

#include <QImage>

#include "globe/GlobeCamera.h"
#include "globe/GlobeProjection.h"
#include "globe/GlobeScene.h"
#include "globe/LineTextureCache.h"

class vtkRenderer;

namespace meshdiff::views {

// The VTK pipeline behind the globe: a stack of layers (globe/layers) whose actors share one
// vtkRenderer; it forwards scene, visibility and style changes to them, asks them for picks and
// renders offscreen images. No Qt widgets: the window and the headless report both use it.
class GlobeRenderer {
public:
    // lineScale multiplies line widths and point sizes (exports larger than the window).
    explicit GlobeRenderer(double lineScale = 1.0);
    // Built for `scene` at once (the same as setScene after the constructor above, which would
    // build every layer twice: for the empty scene, then for this one).
    explicit GlobeRenderer(const GlobeScene& scene, double lineScale = 1.0);
    ~GlobeRenderer();
    GlobeRenderer(const GlobeRenderer&) = delete;
    GlobeRenderer& operator=(const GlobeRenderer&) = delete;

    vtkRenderer* renderer() const;
    // Line widths and point sizes of every layer times lineScale from now on.
    void setLineScale(double lineScale);
    // Runs every actor's pipeline (tubes, glyphs) now, so that the first render only uploads;
    // safe on a worker thread while this renderer is in no render window.
    void updatePipelines();

    void setScene(const GlobeScene& scene);
    const GlobeScene& scene() const;
    void setFieldOverlay(const FieldOverlay& overlay);
    void setLayerVisible(GlobeLayer layer, bool visible);
    // Actors of a layer in the renderer (0 for the legend and colour bar, which are painted).
    int layerActorCount(GlobeLayer layer) const;
    void setMeshLevel(int level);
    int availableMeshLevels() const;
    void setHighlight(const GlobePick& pick);
    const GlobePick& highlight() const;

    // Allows drawing the mesh and coastlines as a texture while the view is zoomed out so far
    // that a screen pixel spans a texel (the interactive window; off for exports, which draw
    // every line). The height of the render window decides how large a pixel is.
    void setLineTextureAllowed(bool allowed);
    // The texture of the mesh and coastlines that a renderer of `scene` shows at overview zoom,
    // drawn now unless a renderer still shows it; shared with the renderers that ask for it while
    // it is alive. Any thread.
    static LineTextureLevels lineTextureOf(const GlobeScene& scene);
    void setViewportHeight(int pixels);
    bool linesAsTexture() const;
    // Uploads every level of the line texture to OpenGL, so that zooming never waits for one;
    // on the thread whose context of the render window this renderer is in is current.
    void uploadLineTextures();
    bool lineTexturesUploaded() const;
    // Skipping props wholly behind the horizon (on by default) must not change the picture.
    void setHorizonCulling(bool on);

    void setCamera(const GlobeCamera& camera);
    const GlobeCamera& camera() const;

    // What lies under pixel (x, y) (device pixels, origin bottom-left) of this renderer's
    // viewport in the render window it is in; `tolerance` in pixels.
    GlobePick pick(double x, double y, double tolerance = 8) const;
    // The same on a picture seen through `projection`: needs no window.
    GlobePick pick(const GlobeProjection& projection, double x, double y, double tolerance = 8) const;

    // Renders the scene and camera in a new offscreen VTK window of width×height pixels
    // (needs an X display: VTK renders through GLX), legend and colour bar included.
    // Null image on failure.
    QImage renderImage(int width, int height, double lineScale) const;
    static QImage renderImage(const GlobeScene& scene, const GlobeCamera& camera, const GlobePick& highlight,
                              bool horizonCulling, int width, int height, double lineScale);

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace meshdiff::views
