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
#include <QOffscreenSurface>
#include <QOpenGLContext>
#include <QOpenGLExtraFunctions>
#include <QPainter>
#include <QPointer>
#include <QThreadPool>
#include <QSurfaceFormat>
#include <QTimer>
#include <QVariantAnimation>
#include <QWheelEvent>

#include <algorithm>
#include <vector>
#include <cmath>

#include "globe/GlobeGeometry.h"
#include "globe/GlobeLegend.h"
#include "globe/GlobeRenderer.h"

namespace meshdiff::views {

struct GlobeView::Impl {
    std::shared_ptr<GlobeRenderer> globe = newRenderer({});  // the renderer on screen
    std::shared_ptr<const void> keepAlive;  // what the scene on screen points into
    // A scene set while the view is on screen is built on a worker thread, then swapped in.
    GlobeScene latestScene;
    std::shared_ptr<const void> latestKeepAlive;
    int sceneGeneration = 0, fieldGeneration = 0;
    bool sceneBuilding = false;

    static std::shared_ptr<GlobeRenderer> newRenderer(const GlobeScene& scene) {
        auto renderer = std::make_shared<GlobeRenderer>();
        renderer->setLineTextureAllowed(true);
        renderer->setScene(scene);
        return renderer;
    }
    vtkNew<vtkGenericOpenGLRenderWindow> window;
    QOpenGLContext context;
    QOffscreenSurface surface;
    enum class Gl { NotYet, Ready, Failed } gl = Gl::NotYet;
    QImage frame;  // the last rendered picture, top row first
    // The legend and colour bar, painted once per change; only their panels are drawn per frame.
    QImage legend;
    std::vector<QRect> legendPanels;
    bool legendDirty = true;
    bool frameDirty = true;
    QVariantAnimation* flight = nullptr;
    QPoint pressPosition;
    GlobeCamera pressCamera;
    bool dragging = false;
    bool pressed = false;
    // While the camera moves, VTK renders at half the resolution and the painter scales it up
    // (software OpenGL fills 4x fewer pixels); a full-resolution frame follows when it stops.
    bool interactive = false;
    QTimer* settle = nullptr;

    bool makeContext() {
        QSurfaceFormat format;
        format.setRenderableType(QSurfaceFormat::OpenGL);
        format.setVersion(3, 2);
        format.setProfile(QSurfaceFormat::CoreProfile);
        format.setSamples(0);
        surface.setFormat(format);
        surface.create();
        context.setFormat(format);
        if (!surface.isValid() || !context.create() || !context.makeCurrent(&surface)) return false;
        window->SetReadyForRendering(true);
        window->OpenGLInitContext();
        return true;
    }
};

namespace {
constexpr double kInteractiveRenderScale = 0.5;
constexpr int kSettleMs = 250;

// The bounding box of the pixels with any alpha in `area` of `image`.
QRect paintedBounds(const QImage& image, const QRect& area) {
    int left = area.right() + 1, right = area.left() - 1, top = area.bottom() + 1, bottom = area.top() - 1;
    for (int y = area.top(); y <= area.bottom(); ++y) {
        const auto* row = reinterpret_cast<const QRgb*>(image.constScanLine(y));
        for (int x = area.left(); x <= area.right(); ++x)
            if (qAlpha(row[x]) != 0) {
                left = std::min(left, x), right = std::max(right, x);
                top = std::min(top, y), bottom = std::max(bottom, y);
            }
    }
    return left <= right ? QRect(QPoint(left, top), QPoint(right, bottom)) : QRect();
}
}  // namespace

GlobeView::GlobeView(QWidget* parent) : QWidget(parent), impl_(std::make_unique<Impl>()) {
    setMinimumSize(200, 150);
    setFocusPolicy(Qt::StrongFocus);
    setAttribute(Qt::WA_OpaquePaintEvent);

    Impl& d = *impl_;
    d.window->AddRenderer(d.globe->renderer());
    d.window->SetReadyForRendering(false);
    d.window->SetOwnContext(0);
    d.window->SetMultiSamples(0);
    d.window->SetForceMaximumHardwareLineWidth(1);
    // The picture is read back from VTK's display framebuffer; nothing is shown by OpenGL.
    d.window->SetFrameBlitModeToNoBlit();

    auto onMakeCurrent = vtkSmartPointer<vtkCallbackCommand>::New();
    onMakeCurrent->SetClientData(&d);
    onMakeCurrent->SetCallback([](vtkObject*, unsigned long, void* impl, void*) {
        auto* d = static_cast<Impl*>(impl);
        if (d->gl == Impl::Gl::Ready) d->context.makeCurrent(&d->surface);
    });
    d.window->AddObserver(vtkCommand::WindowMakeCurrentEvent, onMakeCurrent);
    auto onIsCurrent = vtkSmartPointer<vtkCallbackCommand>::New();
    onIsCurrent->SetClientData(&d);
    onIsCurrent->SetCallback([](vtkObject*, unsigned long, void* impl, void* callData) {
        auto* d = static_cast<Impl*>(impl);
        *static_cast<bool*>(callData) = QOpenGLContext::currentContext() == &d->context;
    });
    d.window->AddObserver(vtkCommand::WindowIsCurrentEvent, onIsCurrent);

    d.settle = new QTimer(this);
    d.settle->setSingleShot(true);
    d.settle->setInterval(kSettleMs);
    connect(d.settle, &QTimer::timeout, this, [this] {
        impl_->interactive = false;
        requestFrame();
    });

    d.flight = new QVariantAnimation(this);
    d.flight->setStartValue(0.0);
    d.flight->setEndValue(1.0);
    d.flight->setEasingCurve(QEasingCurve::InOutCubic);
}

GlobeView::~GlobeView() {
    impl_->flight->stop();
    if (impl_->gl == Impl::Gl::Ready && impl_->context.makeCurrent(&impl_->surface)) {
        impl_->window->Finalize();
        impl_->context.doneCurrent();
    }
}

void GlobeView::requestFrame() {
    impl_->frameDirty = true;
    update();
}

void GlobeView::setScene(const GlobeScene& scene, std::shared_ptr<const void> keepAlive) {
    Impl& d = *impl_;
    d.legendDirty = true;
    d.latestScene = scene;
    d.latestKeepAlive = keepAlive;
    const int generation = ++d.sceneGeneration;
    if (!isVisible()) {  // nothing on screen to keep responsive: build it now
        d.sceneBuilding = false;
        d.globe->setScene(scene);
        d.keepAlive = std::move(keepAlive);
        requestFrame();
        emit sceneShown();
        return;
    }
    d.sceneBuilding = true;
    const GlobeCamera camera = d.globe->camera();
    const int viewportHeight = std::max(1, int(std::lround(height() * devicePixelRatioF())));
    const int fieldGeneration = d.fieldGeneration;
    QPointer<GlobeView> view(this);
    QThreadPool::globalInstance()->start([view, scene, keepAlive, camera, viewportHeight, generation, fieldGeneration] {
        auto renderer = std::make_shared<GlobeRenderer>();
        renderer->setLineTextureAllowed(true);
        renderer->setViewportHeight(viewportHeight);
        renderer->setCamera(camera);
        renderer->setScene(scene);  // also builds the line texture if this view needs it
        renderer->updatePipelines();
        QMetaObject::invokeMethod(view, [view, renderer, keepAlive, generation, fieldGeneration] {
            if (view) view->adoptRenderer(renderer, keepAlive, generation, fieldGeneration);
        }, Qt::QueuedConnection);
    });
}

void GlobeView::adoptRenderer(std::shared_ptr<GlobeRenderer> renderer, std::shared_ptr<const void> keepAlive,
                              int generation, int fieldGeneration) {
    Impl& d = *impl_;
    if (generation != d.sceneGeneration) return;  // a newer scene is on its way
    // What changed while it was built: the camera, layers, mesh level, field overlay.
    renderer->setCamera(d.globe->camera());
    for (int layer = 0; layer < kGlobeLayerCount; ++layer)
        if (renderer->scene().visible[layer] != d.latestScene.visible[layer])
            renderer->setLayerVisible(static_cast<GlobeLayer>(layer), d.latestScene.visible[layer]);
    if (renderer->scene().meshLevel != d.latestScene.meshLevel) renderer->setMeshLevel(d.latestScene.meshLevel);
    if (fieldGeneration != d.fieldGeneration) renderer->setFieldOverlay(d.latestScene.field);

    if (d.gl == Impl::Gl::Ready && d.context.makeCurrent(&d.surface)) d.globe->renderer()->ReleaseGraphicsResources(d.window);
    d.window->RemoveRenderer(d.globe->renderer());
    d.window->AddRenderer(renderer->renderer());
    d.globe = std::move(renderer);  // the old renderer goes before what its scene pointed into
    d.keepAlive = std::move(keepAlive);
    d.sceneBuilding = false;
    d.legendDirty = true;
    requestFrame();
    emit sceneShown();
}

bool GlobeView::sceneReady() const { return !impl_->sceneBuilding; }

const GlobeScene& GlobeView::scene() const { return impl_->latestScene; }

void GlobeView::setFieldOverlay(const FieldOverlay& overlay) {
    impl_->legendDirty = true;
    impl_->latestScene.field = overlay;
    ++impl_->fieldGeneration;
    impl_->globe->setFieldOverlay(overlay);
    requestFrame();
}

void GlobeView::setLayerVisible(GlobeLayer layer, bool visible) {
    impl_->legendDirty = true;
    impl_->latestScene.setVisible(layer, visible);
    impl_->globe->setLayerVisible(layer, visible);
    requestFrame();
}

bool GlobeView::layerVisible(GlobeLayer layer) const { return impl_->latestScene.isVisible(layer); }

void GlobeView::setMeshLevel(int level) {
    impl_->legendDirty = true;
    impl_->latestScene.meshLevel = level;
    impl_->globe->setMeshLevel(level);
    requestFrame();
}

int GlobeView::availableMeshLevels() const { return impl_->globe->availableMeshLevels(); }

bool GlobeView::linesAsTexture() const { return impl_->globe->linesAsTexture(); }

void GlobeView::setHorizonCulling(bool on) {
    impl_->globe->setHorizonCulling(on);
    requestFrame();
}

void GlobeView::highlight(const GlobePick& pick) {
    impl_->globe->setHighlight(pick);
    requestFrame();
}

void GlobeView::lookAt(double latDeg, double lonDeg, double distanceRadii) {
    impl_->flight->stop();
    impl_->globe->setCamera({latDeg, lonDeg, distanceRadii});
    requestFrame();
}

void GlobeView::rotateBy(double degrees) {
    markInteractive();
    GlobeCamera camera = impl_->globe->camera();
    camera.lon += degrees;
    impl_->globe->setCamera(camera);
    requestFrame();
}

void GlobeView::flyTo(double latDeg, double lonDeg, int durationMs) {
    Impl& d = *impl_;
    d.flight->stop();
    d.flight->disconnect(this);
    const GlobeCamera from = d.globe->camera();
    const Vec3 start = unitVector(from.lat, from.lon), end = unitVector(latDeg, lonDeg);
    const double endDistance = std::min(from.distance, 1.6);
    connect(d.flight, &QVariantAnimation::valueChanged, this, [this, start, end, from, endDistance](const QVariant& v) {
        const double t = v.toDouble();
        markInteractive();
        const Vec3 p = slerp(start, end, t);
        impl_->globe->setCamera({latitudeOf(p), longitudeOf(p), from.distance + (endDistance - from.distance) * t});
        requestFrame();
    });
    d.flight->setDuration(std::max(1, durationMs));
    d.flight->start();
}

bool GlobeView::saveImage(const QString& path, int width, int height) {
    const double dpr = devicePixelRatioF();
    const double windowW = std::max(1.0, this->width() * dpr), windowH = std::max(1.0, this->height() * dpr);
    const double scale = std::max(1.0, std::min(width / windowW, height / windowH));
    const QImage image = impl_->globe->renderImage(width, height, scale);
    requestFrame();
    return !image.isNull() && image.save(path);
}

void GlobeView::markInteractive() {
    impl_->interactive = true;
    impl_->settle->start();
}

bool GlobeView::renderFrame() {
    Impl& d = *impl_;
    if (d.gl == Impl::Gl::NotYet) d.gl = d.makeContext() ? Impl::Gl::Ready : Impl::Gl::Failed;
    if (d.gl != Impl::Gl::Ready || !d.context.makeCurrent(&d.surface)) return false;
    const double dpr = devicePixelRatioF();
    const double renderScale = d.interactive ? kInteractiveRenderScale : 1.0;
    const int rw = std::max(1, int(std::lround(width() * dpr * renderScale)));
    const int rh = std::max(1, int(std::lround(height() * dpr * renderScale)));
    int* size = d.window->GetSize();
    if (size[0] != rw || size[1] != rh) d.window->SetSize(rw, rh);
    d.globe->setViewportHeight(rh);
    d.window->Render();

    vtkOpenGLFramebufferObject* shown = d.window->GetDisplayFramebuffer();
    const int* rendered = d.window->GetRenderFramebuffer()->GetLastSize();
    if (d.frame.width() != rendered[0] || d.frame.height() != rendered[1])
        d.frame = QImage(rendered[0], rendered[1], QImage::Format_RGB32);
    d.window->GetState()->PushReadFramebufferBinding();
    shown->Bind(GL_READ_FRAMEBUFFER);
    shown->ActivateReadBuffer(0);
    QOpenGLExtraFunctions* f = d.context.extraFunctions();
    f->glPixelStorei(GL_PACK_ALIGNMENT, 4);
    // BGRA bytes are QImage's RGB32 words on a little-endian machine; rows arrive bottom first.
    f->glReadPixels(0, 0, rendered[0], rendered[1], GL_BGRA, GL_UNSIGNED_BYTE, d.frame.bits());
    d.window->GetState()->PopReadFramebufferBinding();
    d.frame.mirror(false, true);
    d.frame.setDevicePixelRatio(dpr * renderScale);
    d.frameDirty = false;
    return true;
}

void GlobeView::paintEvent(QPaintEvent*) {
    Impl& d = *impl_;

    QElapsedTimer timer;
    timer.start();
    const double dpr = devicePixelRatioF();
    const bool stale = d.frame.isNull() ||
                       (!d.interactive && (d.frame.width() != std::lround(width() * dpr) ||
                                           d.frame.height() != std::lround(height() * dpr)));
    const bool rendered = (d.frameDirty || stale) && renderFrame();
    QPainter painter(this);
    if (d.frame.isNull()) {
        painter.fillRect(rect(), QColor(31, 33, 41));
        painter.setPen(Qt::white);
        painter.drawText(rect(), Qt::AlignCenter, tr("No OpenGL context: the globe cannot be drawn."));
        return;
    }
    painter.drawImage(rect(), d.frame);
    paintLegend(painter);
    if (rendered) emit frameRendered(timer.nsecsElapsed() / 1e6);
}

void GlobeView::paintLegend(QPainter& painter) {
    Impl& d = *impl_;
    const double dpr = devicePixelRatioF();
    const QSize pixels(std::max(1, int(std::lround(width() * dpr))), std::max(1, int(std::lround(height() * dpr))));
    if (d.legendDirty || d.legend.size() != pixels) {
        d.legend = QImage(pixels, QImage::Format_ARGB32_Premultiplied);
        d.legend.fill(Qt::transparent);
        d.legend.setDevicePixelRatio(dpr);
        QPainter legendPainter(&d.legend);
        paintGlobeLegend(legendPainter, rect(), d.globe->scene());
        legendPainter.end();
        // The legend sits in the left half, the colour bar in the right: two small panels.
        const QRect left(0, 0, pixels.width() / 2, pixels.height());
        d.legendPanels = {paintedBounds(d.legend, left),
                          paintedBounds(d.legend, QRect(left.width(), 0, pixels.width() - left.width(), pixels.height()))};
        d.legendDirty = false;
    }
    for (const QRect& panel : d.legendPanels)
        if (!panel.isEmpty()) painter.drawImage(QRectF(QPointF(panel.topLeft()) / dpr, QSizeF(panel.size()) / dpr), d.legend, panel);
}

QImage GlobeView::grabFramebuffer() {
    return grab().toImage();
}

void GlobeView::mousePressEvent(QMouseEvent* event) {
    Impl& d = *impl_;
    d.flight->stop();
    d.pressed = event->button() == Qt::LeftButton;
    d.dragging = false;
    d.pressPosition = event->position().toPoint();
    d.pressCamera = d.globe->camera();
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
    d.globe->setCamera(camera);
    requestFrame();
}

void GlobeView::mouseReleaseEvent(QMouseEvent* event) {
    Impl& d = *impl_;
    if (!d.pressed || event->button() != Qt::LeftButton) return;
    d.pressed = false;
    if (d.dragging || d.sceneBuilding) return;  // the picture on screen is about to be replaced
    const double dpr = devicePixelRatioF();
    const QPointF p = event->position();
    // The render window may still hold a reduced-resolution interactive frame.
    const double s = dpr * d.window->GetSize()[0] / std::max(1.0, width() * dpr);
    const GlobePick pick = d.globe->pick(p.x() * s, (height() - p.y()) * s, 8 * s);
    if (pick.kind == GlobePick::Kind::None) return;
    d.globe->setHighlight(pick);
    requestFrame();
    emit picked(pick);
}

void GlobeView::wheelEvent(QWheelEvent* event) {
    markInteractive();
    GlobeCamera camera = impl_->globe->camera();
    const double steps = event->angleDelta().y() / 120.0;
    camera.distance = 1.0 + (camera.distance - 1.0) * std::pow(0.87, steps);
    impl_->globe->setCamera(camera);
    requestFrame();
}

}  // namespace meshdiff::views
