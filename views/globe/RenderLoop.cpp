// VTK first: its OpenGL headers must come before any Qt OpenGL header.
#include <vtkCallbackCommand.h>
#include <vtkCommand.h>
#include <vtkGenericOpenGLRenderWindow.h>
#include <vtkOpenGLFramebufferObject.h>
#include <vtkOpenGLState.h>
#include <vtkRenderer.h>

#include "background/StartupTrace.h"
#include "globe/RenderLoop.h"

#include <QElapsedTimer>
#include <QOffscreenSurface>
#include <QOpenGLContext>
#include <QOpenGLExtraFunctions>

#include <algorithm>

#include <utility>

namespace meshdiff::views {

RenderLoop::RenderLoop(QOffscreenSurface* surface) : surface_(surface), window_(vtkGenericOpenGLRenderWindow::New()) {
    window_->SetReadyForRendering(false);
    window_->SetOwnContext(0);
    window_->SetMultiSamples(0);
    window_->SetForceMaximumHardwareLineWidth(1);
    // The picture is read back from VTK's display framebuffer; nothing is shown by OpenGL.
    window_->SetFrameBlitModeToNoBlit();
    auto onMakeCurrent = vtkSmartPointer<vtkCallbackCommand>::New();
    onMakeCurrent->SetClientData(this);
    onMakeCurrent->SetCallback([](vtkObject*, unsigned long, void* self, void*) {
        auto* loop = static_cast<RenderLoop*>(self);
        if (loop->context_) loop->context_->makeCurrent(loop->surface_);
    });
    window_->AddObserver(vtkCommand::WindowMakeCurrentEvent, onMakeCurrent);
    auto onIsCurrent = vtkSmartPointer<vtkCallbackCommand>::New();
    onIsCurrent->SetClientData(this);
    onIsCurrent->SetCallback([](vtkObject*, unsigned long, void* self, void* callData) {
        auto* loop = static_cast<RenderLoop*>(self);
        *static_cast<bool*>(callData) = loop->context_ && QOpenGLContext::currentContext() == loop->context_.get();
    });
    window_->AddObserver(vtkCommand::WindowIsCurrentEvent, onIsCurrent);
}

RenderLoop::~RenderLoop() {
    globe_.reset();  // the renderer before the window it is in, and before what its scene points into
    window_->Delete();
}

GlobeRenderer& RenderLoop::globe() {
    // Made here, on this thread, the first time it is needed: its coastlines and earth cost the
    // GUI thread ~0.1 s while it builds the window.
    if (!globe_) {
        globe_ = std::make_shared<GlobeRenderer>();  // empty until the first scene is adopted
        window_->AddRenderer(globe_->renderer());
    }
    return *globe_;
}

void RenderLoop::adopt(std::shared_ptr<GlobeRenderer> renderer, std::shared_ptr<const void> keepAlive) {
    if (globe_) {
        if (makeCurrent()) globe_->renderer()->ReleaseGraphicsResources(window_);
        window_->RemoveRenderer(globe_->renderer());
    }
    window_->AddRenderer(renderer->renderer());
    globe_ = std::move(renderer);  // the old renderer goes before what its scene pointed into
    keepAlive_ = std::move(keepAlive);
}

RenderedFrame RenderLoop::render(const FrameRequest& request) {
    RenderedFrame out;
    if (!makeCurrent()) return out;
    QElapsedTimer timer;
    timer.start();
    // The framebuffers only grow: a view made smaller (a layout that gives the map the room)
    // draws into the bottom-left corner of the ones it has. New ones cost llvmpipe ~30 ms of
    // clearing fresh pages at this size, while the window is busiest.
    const int* size = window_->GetSize();
    constexpr int kStep = 256;  // so that a view a little wider than before fits too
    const auto roundedUp = [](int pixels) { return (pixels + kStep - 1) / kStep * kStep; };
    const int capacityWidth = std::max(size[0], roundedUp(request.width));
    const int capacityHeight = std::max(size[1], roundedUp(request.height));
    if (capacityWidth != size[0] || capacityHeight != size[1]) window_->SetSize(capacityWidth, capacityHeight);
    globe().renderer()->SetViewport(0, 0, double(request.width) / capacityWidth,
                                    double(request.height) / capacityHeight);
    globe().setCamera(request.camera);
    globe().setViewportHeight(request.height);
    window_->Render();
    vtkOpenGLFramebufferObject* shown = window_->GetDisplayFramebuffer();
    const int* rendered = window_->GetRenderFramebuffer()->GetLastSize();
    const QSize pixels(std::min(rendered[0], request.width), std::min(rendered[1], request.height));
    viewSize_ = pixels;
    QImage spare = std::exchange(spare_, QImage());
    out.image = spare.size() == pixels && spare.isDetached() ? std::move(spare) : QImage(pixels, QImage::Format_RGB32);
    window_->GetState()->PushReadFramebufferBinding();
    shown->Bind(GL_READ_FRAMEBUFFER);
    shown->ActivateReadBuffer(0);
    QOpenGLExtraFunctions* f = context_->extraFunctions();
    f->glPixelStorei(GL_PACK_ALIGNMENT, 4);
    // BGRA bytes are QImage's RGB32 words on a little-endian machine; rows arrive bottom first.
    f->glReadPixels(0, 0, pixels.width(), pixels.height(), GL_BGRA, GL_UNSIGNED_BYTE, out.image.bits());
    window_->GetState()->PopReadFramebufferBinding();
    out.image.mirror(false, true);
    out.milliseconds = timer.nsecsElapsed() / 1e6;
    out.linesAsTexture = globe().linesAsTexture();
    return out;
}

void RenderLoop::uploadLineTextures() {
    if (!makeCurrent()) return;
    traceStartup("line textures: uploading");
    globe().uploadLineTextures();
    traceStartup("line textures: uploaded");
}

GlobePick RenderLoop::pick(double x, double y, double tolerance) {
    return globe().pick(x * viewSize_.width(), (1.0 - y) * viewSize_.height(), tolerance * viewSize_.width());
}

void RenderLoop::shutdown() {
    if (makeCurrent()) {
        if (globe_) globe_->renderer()->ReleaseGraphicsResources(window_);
        window_->Finalize();
        context_->doneCurrent();
    }
    context_.reset();
}

bool RenderLoop::makeCurrent() {
    if (gl_ == Gl::NotYet) {
        context_ = std::make_unique<QOpenGLContext>();
        context_->setFormat(surface_->format());
        gl_ = context_->create() && context_->makeCurrent(surface_) ? Gl::Ready : Gl::Failed;
        if (gl_ == Gl::Ready) {
            window_->SetReadyForRendering(true);
            window_->OpenGLInitContext();
            traceStartup("OpenGL context made");
            // The empty globe before the first scene draws its coastlines as lines: baking them
            // into a texture (~0.1 s of CPU) would compete with loading the runs at startup.
        }
    }
    return gl_ == Gl::Ready && context_->makeCurrent(surface_);
}

}  // namespace meshdiff::views
