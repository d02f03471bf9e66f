#pragma once
#include <QImage>
#include <QObject>

#include <memory>

#include "globe/GlobeRenderer.h"

class QOffscreenSurface;
class QOpenGLContext;
class vtkGenericOpenGLRenderWindow;

namespace meshdiff::views {

struct FrameRequest {
    GlobeCamera camera;
    int width = 1, height = 1;  // device pixels to render
};

struct RenderedFrame {
    QImage image;  // top row first; null when there is no OpenGL
    double milliseconds = 0;
    bool linesAsTexture = false;
};

// Owns the OpenGL context, the VTK render window and the GlobeRenderer on screen, and lives on
// a thread of its own: rendering never holds up the GUI thread. Everything here runs on that
// thread; the view talks to it through queued calls.
class RenderLoop : public QObject {
public:
    explicit RenderLoop(QOffscreenSurface* surface);
    ~RenderLoop() override;

    GlobeRenderer& globe();

    // keepAlive owns what the renderer's scene points into.
    void adopt(std::shared_ptr<GlobeRenderer> renderer, std::shared_ptr<const void> keepAlive);

    RenderedFrame render(const FrameRequest& request);
    // Every level of the line texture to OpenGL, between frames (GlobeRenderer::uploadLineTextures).
    void uploadLineTextures();

    // A picture the view is done with: its pixels are reused for the next frame, and are never
    // freed on the GUI thread (munmap there waits for the page faults of the loading threads).
    void recycle(QImage image) { spare_ = std::move(image); }

    // (x, y) and the tolerance as fractions of the view's width and height, from its top-left
    // corner, on the picture last rendered.
    GlobePick pick(double x, double y, double tolerance);

    void shutdown();

private:
    bool makeCurrent();

    QOffscreenSurface* surface_;
    std::unique_ptr<QOpenGLContext> context_;
    enum class Gl { NotYet, Ready, Failed } gl_ = Gl::NotYet;
    vtkGenericOpenGLRenderWindow* window_;  // owned
    std::shared_ptr<GlobeRenderer> globe_;
    std::shared_ptr<const void> keepAlive_;
    QImage spare_;
    QSize viewSize_{1, 1};  // of the picture last rendered, in device pixels
};

}  // namespace meshdiff::views
