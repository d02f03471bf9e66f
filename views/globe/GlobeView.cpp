// VTK first: its OpenGL headers must come before any Qt OpenGL header.
#include <vtkCallbackCommand.h>
#include <vtkCommand.h>
#include <vtkGenericOpenGLRenderWindow.h>
#include <vtkNew.h>
#include <vtkOpenGLFramebufferObject.h>
#include <vtkOpenGLState.h>
#include <vtkRenderer.h>

#include "globe/GlobeView.h"

#include <QElapsedTimer>
#include <QMouseEvent>
#include <QOpenGLContext>
#include <QOpenGLExtraFunctions>
#include <QPainter>
#include <QSurfaceFormat>
#include <QTimer>
#include <QVariantAnimation>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

#include "globe/GlobeGeometry.h"
#include "globe/GlobeLegend.h"
#include "globe/GlobeRenderer.h"

namespace meshdiff::views {
namespace {

// Legend and colour bar, painted by Qt on top of the OpenGL picture (keeps QPainter's GL state
// changes away from VTK's cached state).
class LegendOverlay : public QWidget {
public:
    LegendOverlay(QWidget* parent, const GlobeRenderer& globe) : QWidget(parent), globe_(globe) {
        setAttribute(Qt::WA_TransparentForMouseEvents);
        setAttribute(Qt::WA_NoSystemBackground);
    }

protected:
    void paintEvent(QPaintEvent*) override {
        QPainter painter(this);
        paintGlobeLegend(painter, rect(), globe_.scene());
    }

private:
    const GlobeRenderer& globe_;
};

}  // namespace

struct GlobeView::Impl {
    GlobeRenderer globe;
    vtkNew<vtkGenericOpenGLRenderWindow> window;
    LegendOverlay* legend = nullptr;
    QVariantAnimation* flight = nullptr;
    bool initialized = false;
    QPoint pressPosition;
    GlobeCamera pressCamera;
    bool dragging = false;
    bool pressed = false;
    // While the camera moves, VTK renders at half the resolution and the blit scales it up
    // (software OpenGL fills 4x fewer pixels); a full-resolution frame follows when it stops.
    bool interactive = false;
    QTimer* settle = nullptr;
};

namespace {
constexpr double kInteractiveRenderScale = 0.5;
constexpr int kSettleMs = 250;
}  // namespace

GlobeView::GlobeView(QWidget* parent) : QOpenGLWidget(parent), impl_(std::make_unique<Impl>()) {
    QSurfaceFormat format = QSurfaceFormat::defaultFormat();
    format.setRenderableType(QSurfaceFormat::OpenGL);
    format.setVersion(3, 2);
    format.setProfile(QSurfaceFormat::CoreProfile);
    format.setDepthBufferSize(24);
    format.setStencilBufferSize(8);
    format.setSamples(0);
    setFormat(format);
    setMinimumSize(200, 150);
    setFocusPolicy(Qt::StrongFocus);

    Impl& d = *impl_;
    d.window->AddRenderer(d.globe.renderer());
    d.window->SetReadyForRendering(false);
    d.window->SetOwnContext(0);
    d.window->SetMultiSamples(0);
    d.window->SetForceMaximumHardwareLineWidth(1);
    // paintGL blits the picture into Qt's framebuffer itself; VTK's own blit to the context's
    // default framebuffer would be one more full-window copy per frame.
    d.window->SetFrameBlitModeToNoBlit();

    auto onMakeCurrent = vtkSmartPointer<vtkCallbackCommand>::New();
    onMakeCurrent->SetClientData(this);
    onMakeCurrent->SetCallback([](vtkObject*, unsigned long, void* self, void*) {
        auto* view = static_cast<GlobeView*>(self);
        // Not QOpenGLWidget::makeCurrent(): that would rebind Qt's framebuffer under VTK.
        if (QOpenGLContext* context = view->context()) context->makeCurrent(context->surface());
    });
    d.window->AddObserver(vtkCommand::WindowMakeCurrentEvent, onMakeCurrent);
    auto onIsCurrent = vtkSmartPointer<vtkCallbackCommand>::New();
    onIsCurrent->SetClientData(this);
    onIsCurrent->SetCallback([](vtkObject*, unsigned long, void* self, void* callData) {
        auto* view = static_cast<GlobeView*>(self);
        *static_cast<bool*>(callData) = view->context() && QOpenGLContext::currentContext() == view->context();
    });
    d.window->AddObserver(vtkCommand::WindowIsCurrentEvent, onIsCurrent);

    d.legend = new LegendOverlay(this, d.globe);
    d.legend->setGeometry(rect());

    d.settle = new QTimer(this);
    d.settle->setSingleShot(true);
    d.settle->setInterval(kSettleMs);
    connect(d.settle, &QTimer::timeout, this, [this] {
        impl_->interactive = false;
        update();
    });

    d.flight = new QVariantAnimation(this);
    d.flight->setStartValue(0.0);
    d.flight->setEndValue(1.0);
    d.flight->setEasingCurve(QEasingCurve::InOutCubic);
}

GlobeView::~GlobeView() {
    impl_->flight->stop();
    if (QOpenGLContext* c = context()) {
        disconnect(c, nullptr, this, nullptr);
        makeCurrent();
        impl_->window->Finalize();
        doneCurrent();
    }
}

void GlobeView::setScene(const GlobeScene& scene) {
    impl_->globe.setScene(scene);
    impl_->legend->update();
    update();
}

const GlobeScene& GlobeView::scene() const { return impl_->globe.scene(); }

void GlobeView::setFieldOverlay(const FieldOverlay& overlay) {
    impl_->globe.setFieldOverlay(overlay);
    impl_->legend->update();
    update();
}

void GlobeView::setLayerVisible(GlobeLayer layer, bool visible) {
    impl_->globe.setLayerVisible(layer, visible);
    impl_->legend->update();
    update();
}

bool GlobeView::layerVisible(GlobeLayer layer) const { return impl_->globe.scene().isVisible(layer); }

void GlobeView::setMeshLevel(int level) {
    impl_->globe.setMeshLevel(level);
    impl_->legend->update();
    update();
}

int GlobeView::availableMeshLevels() const { return impl_->globe.availableMeshLevels(); }

void GlobeView::highlight(const GlobePick& pick) {
    impl_->globe.setHighlight(pick);
    update();
}

void GlobeView::lookAt(double latDeg, double lonDeg, double distanceRadii) {
    impl_->flight->stop();
    impl_->globe.setCamera({latDeg, lonDeg, distanceRadii});
    update();
}

void GlobeView::rotateBy(double degrees) {
    markInteractive();
    GlobeCamera camera = impl_->globe.camera();
    camera.lon += degrees;
    impl_->globe.setCamera(camera);
    update();
}

void GlobeView::flyTo(double latDeg, double lonDeg, int durationMs) {
    Impl& d = *impl_;
    d.flight->stop();
    d.flight->disconnect(this);
    const GlobeCamera from = d.globe.camera();
    const Vec3 start = unitVector(from.lat, from.lon), end = unitVector(latDeg, lonDeg);
    const double endDistance = std::min(from.distance, 1.6);
    connect(d.flight, &QVariantAnimation::valueChanged, this, [this, start, end, from, endDistance](const QVariant& v) {
        const double t = v.toDouble();
        markInteractive();
        const Vec3 p = slerp(start, end, t);
        impl_->globe.setCamera({latitudeOf(p), longitudeOf(p), from.distance + (endDistance - from.distance) * t});
        update();
    });
    d.flight->setDuration(std::max(1, durationMs));
    d.flight->start();
}

bool GlobeView::saveImage(const QString& path, int width, int height) {
    const double dpr = devicePixelRatioF();
    const double windowW = std::max(1.0, this->width() * dpr), windowH = std::max(1.0, this->height() * dpr);
    const double scale = std::max(1.0, std::min(width / windowW, height / windowH));
    const QImage image = impl_->globe.renderImage(width, height, scale);
    update();
    return !image.isNull() && image.save(path);
}

void GlobeView::markInteractive() {
    impl_->interactive = true;
    impl_->settle->start();
}

void GlobeView::initializeGL() {
    Impl& d = *impl_;
    d.window->SetReadyForRendering(true);
    d.window->OpenGLInitContext();
    d.initialized = true;
    connect(context(), &QOpenGLContext::aboutToBeDestroyed, this, [this] {
        makeCurrent();
        impl_->window->ReleaseGraphicsResources(impl_->window);
        impl_->initialized = false;
        impl_->window->SetReadyForRendering(false);
    }, Qt::DirectConnection);
}

void GlobeView::resizeGL(int w, int h) {
    const double dpr = devicePixelRatioF();
    impl_->window->SetSize(std::max(1, int(std::lround(w * dpr))), std::max(1, int(std::lround(h * dpr))));
    impl_->legend->setGeometry(rect());
}

void GlobeView::paintGL() {
    Impl& d = *impl_;
    if (!d.initialized) return;
    QElapsedTimer timer;
    timer.start();
    const double dpr = devicePixelRatioF();
    const int w = std::max(1, int(std::lround(width() * dpr))), h = std::max(1, int(std::lround(height() * dpr)));
    const double renderScale = d.interactive ? kInteractiveRenderScale : 1.0;
    const int rw = std::max(1, int(std::lround(w * renderScale))), rh = std::max(1, int(std::lround(h * renderScale)));
    int* size = d.window->GetSize();
    if (size[0] != rw || size[1] != rh) d.window->SetSize(rw, rh);
    d.globe.setInteractive(d.interactive);
    d.window->Render();

    QOpenGLExtraFunctions* f = context()->extraFunctions();
    f->glBindFramebuffer(GL_DRAW_FRAMEBUFFER, defaultFramebufferObject());
    const GLenum buffers[1] = {GL_COLOR_ATTACHMENT0};
    f->glDrawBuffers(1, buffers);
    const GLboolean scissor = f->glIsEnabled(GL_SCISSOR_TEST);
    if (scissor) {
        d.window->GetState()->vtkglDisable(GL_SCISSOR_TEST);
        f->glDisable(GL_SCISSOR_TEST);
    }
    int* rendered = d.window->GetRenderFramebuffer()->GetLastSize();
    // Interactive frames are scaled up with GL_NEAREST: a scaled GL_LINEAR blit cost llvmpipe
    // 27 ms per frame, an unscaled one 12 ms; the settled frame is unscaled.
    const GLenum filter = GL_NEAREST;
    d.window->BlitDisplayFramebuffer(0, 0, 0, rendered[0], rendered[1], 0, 0, w, h, GL_COLOR_BUFFER_BIT, filter);
    // No alpha fix-up pass needed: the renderer's background alpha is 1, so every pixel is opaque.
    if (scissor) {
        d.window->GetState()->vtkglEnable(GL_SCISSOR_TEST);
        f->glEnable(GL_SCISSOR_TEST);
    }
    d.window->GetState()->ResetFramebufferBindings();
    emit frameRendered(timer.nsecsElapsed() / 1e6);
}

void GlobeView::mousePressEvent(QMouseEvent* event) {
    Impl& d = *impl_;
    d.flight->stop();
    d.pressed = event->button() == Qt::LeftButton;
    d.dragging = false;
    d.pressPosition = event->position().toPoint();
    d.pressCamera = d.globe.camera();
}

void GlobeView::mouseMoveEvent(QMouseEvent* event) {
    Impl& d = *impl_;
    if (!d.pressed) return;
    const QPoint delta = event->position().toPoint() - d.pressPosition;
    if (delta.manhattanLength() > 3) d.dragging = true;
    if (!d.dragging) return;
    markInteractive();
    const double degreesPerPixel = 70.0 * (d.pressCamera.distance - 1.0) / std::max(100, height());
    GlobeCamera camera = d.pressCamera;
    camera.lon -= delta.x() * degreesPerPixel;
    camera.lat += delta.y() * degreesPerPixel;
    d.globe.setCamera(camera);
    update();
}

void GlobeView::mouseReleaseEvent(QMouseEvent* event) {
    Impl& d = *impl_;
    if (!d.pressed || event->button() != Qt::LeftButton) return;
    d.pressed = false;
    if (d.dragging) return;
    const double dpr = devicePixelRatioF();
    const QPointF p = event->position();
    // The render window may still hold a reduced-resolution interactive frame.
    const double s = dpr * d.window->GetSize()[0] / std::max(1.0, width() * dpr);
    const GlobePick pick = d.globe.pick(p.x() * s, (height() - p.y()) * s, 8 * s);
    if (pick.kind == GlobePick::Kind::None) return;
    d.globe.setHighlight(pick);
    update();
    emit picked(pick);
}

void GlobeView::wheelEvent(QWheelEvent* event) {
    markInteractive();
    GlobeCamera camera = impl_->globe.camera();
    const double steps = event->angleDelta().y() / 120.0;
    camera.distance = 1.0 + (camera.distance - 1.0) * std::pow(0.87, steps);
    impl_->globe.setCamera(camera);
    update();
}

}  // namespace meshdiff::views
