#include "globe/GlobeView.h"

#include <QMouseEvent>
#include <QOffscreenSurface>
#include <QPainter>
#include <QPointer>
#include <QSurfaceFormat>
#include <QThread>
#include <QTimer>
#include <QVariantAnimation>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>
#include <functional>
#include <utility>
#include <vector>

#include "background/BackgroundWork.h"
#include "background/StartupTrace.h"
#include "geo/MeshLevels.h"
#include "geo/Vec3.h"
#include "globe/GlobeFraming.h"
#include "globe/GlobeHoverReadout.h"
#include "globe/GlobeLegend.h"
#include "globe/GlobeRenderer.h"
#include "globe/GlobeZoom.h"
#include "globe/RenderLoop.h"

namespace meshdiff::views {
namespace {

constexpr double kInteractiveRenderScale = 0.5;
constexpr int kSettleMs = 250;
// How long the view must have asked for no frame before the line textures are uploaded.
constexpr int kIdleUploadMs = 500;

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

struct GlobeView::Impl {
    QOffscreenSurface surface;
    QThread thread;
    RenderLoop* loop = nullptr;

    // What the view shows, as the GUI thread knows it; the render loop gets copies.
    GlobeScene scene;
    std::shared_ptr<const void> keepAlive;  // what the scene's pointers point into
    GlobeCamera camera;
    GlobePick highlight;
    bool horizonCulling = true;
    int sceneGeneration = 0, fieldGeneration = 0;
    int adoptedGeneration = 0;  // the newest scene build handed to the render loop
    bool sceneBuilding = false;
    int meshLevelsGeneration = -1, meshLevels = 0;

    QImage frame;  // the last rendered picture
    bool frameInFlight = false, frameWanted = true, linesAsTexture = false;
    bool pumpPosted = false;
    // The legend and colour bar, painted once per change; only their panels are drawn per frame.
    QImage legend;
    std::vector<QRect> legendPanels;
    bool legendDirty = true;

    QVariantAnimation* flight = nullptr;
    QPoint pressPosition;
    GlobeCamera pressCamera;
    bool dragging = false;
    bool pressed = false;
    // While the camera moves, VTK renders at half the resolution and the painter scales it up
    // (software OpenGL fills 4x fewer pixels); a full-resolution frame follows when it stops.
    bool interactive = false;
    QTimer* settle = nullptr;
    // Each level of the line texture reaches OpenGL once the view is idle, not in the frame that
    // first shows it (the finest, at 1.8 Earth radii while dragging, took 0.2–0.3 s there).
    QTimer* idleUpload = nullptr;
    bool lineTexturesUploaded = false;

    GlobeHoverReadout hover;

    // Runs `work` on the render thread, after everything posted before it.
    template <typename Work>
    void post(Work&& work) {
        postTo(loop, std::forward<Work>(work));
    }
};

GlobeView::GlobeView(QWidget* parent) : QWidget(parent), impl_(std::make_unique<Impl>()) {
    setMinimumSize(200, 150);
    setFocusPolicy(Qt::StrongFocus);
    setAttribute(Qt::WA_OpaquePaintEvent);
    setMouseTracking(true);  // the hover readout

    Impl& d = *impl_;
    QSurfaceFormat format;
    format.setRenderableType(QSurfaceFormat::OpenGL);
    format.setVersion(3, 2);
    format.setProfile(QSurfaceFormat::CoreProfile);
    format.setSamples(0);
    d.surface.setFormat(format);
    d.surface.create();  // on the GUI thread; the render thread makes its context current on it
    d.loop = new RenderLoop(&d.surface);
    d.loop->moveToThread(&d.thread);
    d.thread.setObjectName(QStringLiteral("globe render loop"));
    d.thread.start();

    d.settle = new QTimer(this);
    d.settle->setSingleShot(true);
    d.settle->setInterval(kSettleMs);
    connect(d.settle, &QTimer::timeout, this, [this] {
        impl_->interactive = false;
        requestFrame();
    });

    d.idleUpload = new QTimer(this);
    d.idleUpload->setSingleShot(true);
    d.idleUpload->setInterval(kIdleUploadMs);
    connect(d.idleUpload, &QTimer::timeout, this, [this] { uploadLineTexturesWhenIdle(); });

    d.hover.attach(this, [this] { updateHover(); });

    d.flight = new QVariantAnimation(this);
    d.flight->setStartValue(0.0);
    d.flight->setEndValue(1.0);
    d.flight->setEasingCurve(QEasingCurve::InOutCubic);
}

GlobeView::~GlobeView() {
    Impl& d = *impl_;
    d.flight->stop();
    RenderLoop* loop = d.loop;
    runAndWait(loop, [loop] { loop->shutdown(); });
    d.thread.quit();
    d.thread.wait();
    delete loop;
}

void GlobeView::requestFrame() {
    impl_->frameWanted = true;
    if (!impl_->lineTexturesUploaded) impl_->idleUpload->start();
    pumpFrames();
}

// A layout that moves the view (into a dock, then to the dock's size) resizes it more than once
// in one event: only the size it is left with is rendered (one frame at a size it had for a
// moment cost the render thread ~0.1 s, while the window was busiest).
void GlobeView::requestFrameOnceLaidOut() {
    const bool posted = std::exchange(impl_->pumpPosted, true);
    requestFrame();  // wanted now, asked for when the posted call runs
    if (posted) return;
    QTimer::singleShot(0, this, [this] {
        impl_->pumpPosted = false;
        pumpFrames();
    });
}

// One frame in flight at a time; changes made meanwhile are collected into the next one.
void GlobeView::pumpFrames() {
    Impl& d = *impl_;
    if (d.frameInFlight || d.pumpPosted || !d.frameWanted || !isVisible())
        return;  // while a scene builds, the old one turns
    d.frameWanted = false;
    d.frameInFlight = true;
    const double dpr = devicePixelRatioF();
    const double scale = d.interactive ? kInteractiveRenderScale : 1.0;
    FrameRequest request;
    request.camera = d.camera;
    request.width = std::max(1, int(std::lround(width() * dpr * scale)));
    request.height = std::max(1, int(std::lround(height() * dpr * scale)));
    QPointer<GlobeView> view(this);
    RenderLoop* loop = d.loop;
    d.post([loop, request, view, pixelRatio = dpr * scale] {
        RenderedFrame frame = loop->render(request);
        frame.image.setDevicePixelRatio(pixelRatio);
        postTo(view, [view, frame] {
            if (view) view->frameArrived(frame.image, frame.milliseconds, frame.linesAsTexture);
        });
    });
}

void GlobeView::frameArrived(const QImage& image, double milliseconds, bool linesAsTexture) {
    Impl& d = *impl_;
    d.frameInFlight = false;
    traceStartup("globe frame shown");
    d.linesAsTexture = linesAsTexture;
    if (!image.isNull()) {
        RenderLoop* loop = d.loop;
        d.post([loop, previous = std::exchange(d.frame, image)]() mutable { loop->recycle(std::move(previous)); });
    }
    update();
    emit frameRendered(milliseconds);
    pumpFrames();
}

void GlobeView::setScene(const GlobeScene& scene, std::shared_ptr<const void> keepAlive) {
    Impl& d = *impl_;
    d.legendDirty = true;
    d.scene = scene;
    d.keepAlive = keepAlive;
    d.highlight = {};
    d.sceneBuilding = true;
    const int generation = ++d.sceneGeneration;
    const int viewportHeight = std::max(1, int(std::lround(height() * devicePixelRatioF())));
    QPointer<GlobeView> view(this);
    // Built on a worker: the line texture and the pipelines of a 0.25° pair take a second.
    runInBackground(
        [view, scene, keepAlive, camera = d.camera, viewportHeight, generation, fieldGeneration = d.fieldGeneration] {
            traceStartup("globe scene: building");
            auto renderer = std::make_shared<GlobeRenderer>(scene);
            renderer->setViewportHeight(viewportHeight);
            renderer->setCamera(camera);
            // Allowed last, so that the texture is drawn once, for this scene (allowed first, an
            // empty scene's coastline texture was drawn and thrown away on the way).
            renderer->setLineTextureAllowed(true);
            renderer->updatePipelines();
            traceStartup("globe scene: built");
            postTo(view, [view, renderer, keepAlive, generation, fieldGeneration]() mutable {
                if (view) view->sceneBuilt(std::move(renderer), std::move(keepAlive), generation, fieldGeneration);
            });
        });
}

void GlobeView::prepareLineTexture(const GlobeScene& scene, std::shared_ptr<const MeshGraph> mesh) {
    runInBackground([scene = scene, mesh = std::move(mesh)]() mutable {
        traceStartup("mesh texture: drawing");
        scene.graphA = mesh.get();
        holdLineTexture(GlobeRenderer::lineTextureOf(scene));
        traceStartup("mesh texture: drawn");
    });
}

void GlobeView::prepareCoastlineTexture() {
    runInBackground([] {
        GlobeScene coastlines;  // no graphs: the coastline layer alone
        coastlines.setVisible(GlobeLayer::Coastlines, true);
        GlobeRenderer::lineTextureOf(coastlines);
    });
}

void GlobeView::sceneBuilt(std::shared_ptr<GlobeRenderer> renderer, std::shared_ptr<const void> keepAlive,
                           int generation, int fieldGeneration) {
    Impl& d = *impl_;
    // A newer scene is on its way. An earlier build of the same pair (the differences before
    // their at-risk layer arrived) is still shown meanwhile: a pair's stages can come faster
    // than a scene builds, and dropping each would keep the differences off screen until the last.
    const GlobeScene& built = renderer->scene();
    const bool samePair =
        built.graphA == d.scene.graphA && built.graphB == d.scene.graphB && built.diff == d.scene.diff;
    if (generation <= d.adoptedGeneration || (generation != d.sceneGeneration && !samePair)) {
        releaseInBackground(std::move(renderer));
        releaseInBackground(std::move(keepAlive));
        return;
    }
    d.adoptedGeneration = generation;
    // What changed while it was built: layers, mesh level, field overlay, culling, highlight.
    const GlobeScene latest = d.scene;
    const bool fieldChanged = fieldGeneration != d.fieldGeneration;
    RenderLoop* loop = d.loop;
    QPointer<GlobeView> view(this);
    d.post([loop, renderer = std::move(renderer), keepAlive = std::move(keepAlive), latest, fieldChanged,
            culling = d.horizonCulling, highlight = d.highlight, view, generation] {
        for (int layer = 0; layer < kGlobeLayerCount; ++layer)
            if (renderer->scene().visible[layer] != latest.visible[layer])
                renderer->setLayerVisible(static_cast<GlobeLayer>(layer), latest.visible[layer]);
        if (renderer->scene().meshLevel != latest.meshLevel) renderer->setMeshLevel(latest.meshLevel);
        if (fieldChanged) renderer->setFieldOverlay(latest.field);
        renderer->setHorizonCulling(culling);
        renderer->setHighlight(highlight);  // marked while the scene was built (a session's selection)
        loop->adopt(renderer, keepAlive);
        postTo(view, [view, generation] {
            if (view) view->sceneAdopted(generation);
        });
    });
}

void GlobeView::sceneAdopted(int generation) {
    Impl& d = *impl_;
    if (generation != d.adoptedGeneration) return;
    d.sceneBuilding = generation != d.sceneGeneration;
    runInBackground([] { holdLineTexture({}); });  // the renderer shown holds its own
    traceStartup("globe scene: on the render thread");
    d.legendDirty = true;
    d.lineTexturesUploaded = false;
    requestFrame();
    emit sceneShown();
}

void GlobeView::uploadLineTexturesWhenIdle() {
    Impl& d = *impl_;
    if (d.lineTexturesUploaded) return;
    if (d.interactive || d.frameInFlight || d.sceneBuilding) {
        d.idleUpload->start();
        return;
    }
    d.lineTexturesUploaded = true;
    RenderLoop* loop = d.loop;
    QPointer<GlobeView> view(this);
    d.post([loop, view] {
        loop->uploadLineTextures();
        postTo(view, [view] {
            if (view) emit view->lineTexturesUploaded();
        });
    });
}

const GlobeScene& GlobeView::scene() const { return impl_->scene; }

bool GlobeView::isBuildingScene() const { return impl_->sceneBuilding; }

bool GlobeView::hasFrame() const { return !impl_->frame.isNull(); }

void GlobeView::changeRenderer(std::function<void(GlobeRenderer&)> change) {
    RenderLoop* loop = impl_->loop;
    impl_->post([loop, change = std::move(change)] { change(loop->globe()); });
    requestFrame();
}

void GlobeView::setFieldOverlay(const FieldOverlay& overlay) {
    Impl& d = *impl_;
    d.legendDirty = true;
    d.scene.field = overlay;
    ++d.fieldGeneration;
    changeRenderer([overlay](GlobeRenderer& globe) { globe.setFieldOverlay(overlay); });
}

void GlobeView::setLayerVisible(GlobeLayer layer, bool visible) {
    impl_->legendDirty = true;
    impl_->scene.setVisible(layer, visible);
    // Lines turned on are baked into new line textures, which then go up once the view rests.
    if (layer == GlobeLayer::Mesh || layer == GlobeLayer::Coastlines) impl_->lineTexturesUploaded = false;
    changeRenderer([layer, visible](GlobeRenderer& globe) { globe.setLayerVisible(layer, visible); });
}

bool GlobeView::layerVisible(GlobeLayer layer) const { return impl_->scene.isVisible(layer); }

void GlobeView::setMeshLevel(int level) {
    impl_->legendDirty = true;
    impl_->scene.meshLevel = level;
    impl_->lineTexturesUploaded = false;
    changeRenderer([level](GlobeRenderer& globe) { globe.setMeshLevel(level); });
}

int GlobeView::availableMeshLevels() const {
    Impl& d = *impl_;
    if (d.meshLevelsGeneration != d.sceneGeneration) {
        const MeshGraph* graph = d.scene.graphA;
        d.meshLevels =
            graph && !graph->meshFaces.empty() ? static_cast<int>(icosahedralLevels(graph->meshFaces).size()) : 0;
        d.meshLevelsGeneration = d.sceneGeneration;
    }
    return d.meshLevels;
}

bool GlobeView::linesAsTexture() const { return impl_->linesAsTexture; }

void GlobeView::setHorizonCulling(bool on) {
    impl_->horizonCulling = on;
    changeRenderer([on](GlobeRenderer& globe) { globe.setHorizonCulling(on); });
}

void GlobeView::highlight(const GlobePick& pick) {
    impl_->highlight = pick;
    changeRenderer([pick](GlobeRenderer& globe) { globe.setHighlight(pick); });
}

void GlobeView::setCamera(const GlobeCamera& camera) {
    impl_->camera = allowedCamera(camera);
    impl_->hover.refresh();
    requestFrame();
}

void GlobeView::lookAt(double latDeg, double lonDeg, double distanceRadii) {
    impl_->flight->stop();
    setCamera({latDeg, lonDeg, distanceRadii});
}

void GlobeView::rotateBy(double degrees) {
    markInteractive();
    GlobeCamera camera = impl_->camera;
    camera.lon += degrees;
    setCamera(camera);
}

void GlobeView::flyTo(double latDeg, double lonDeg, int durationMs) {
    const double distance = std::min(impl_->camera.distance, 1.6);
    flyToCamera(cameraShowingAt(latDeg, lonDeg, distance, uncoveredArea().center(), width(), height()), durationMs);
}

QRectF GlobeView::uncoveredArea() const {
    const double dpr = devicePixelRatioF();
    std::vector<QRectF> panels;
    // Each panel apart (the legend may reach into the right half, over the colour bar's column).
    for (const QRect& panel : paintedPanels(impl_->legend))
        panels.emplace_back(QPointF(panel.topLeft()) / dpr, QSizeF(panel.size()) / dpr);
    return views::uncoveredArea(QRectF(rect()), panels);
}

void GlobeView::flyToCamera(const GlobeCamera& target, int durationMs) {
    Impl& d = *impl_;
    d.flight->stop();
    d.flight->disconnect(this);
    const GlobeCamera from = d.camera;
    const Vec3 start = unitVector(from.lat, from.lon), end = unitVector(target.lat, target.lon);
    connect(d.flight, &QVariantAnimation::valueChanged, this, [this, start, end, from, target](const QVariant& v) {
        const double t = v.toDouble();
        markInteractive();
        const Vec3 p = slerp(start, end, t);
        setCamera({latitudeOf(p), longitudeOf(p), from.distance + (target.distance - from.distance) * t});
    });
    d.flight->setDuration(std::max(1, durationMs));
    d.flight->start();
}

std::function<QImage()> GlobeView::imageRenderer(int width, int height) const {
    const Impl& d = *impl_;
    const double dpr = devicePixelRatioF();
    const double windowW = std::max(1.0, this->width() * dpr), windowH = std::max(1.0, this->height() * dpr);
    // Lines and dots grow with the image, so that a 4× export looks like the view, only sharper.
    const double scale = std::max(1.0, std::min(width / windowW, height / windowH));
    return [scene = d.scene, camera = d.camera, highlight = d.highlight, culling = d.horizonCulling,
            keepAlive = d.keepAlive, width, height,
            scale] { return GlobeRenderer::renderImage(scene, camera, highlight, culling, width, height, scale); };
}

GlobeSnapshot GlobeView::snapshot() const {
    const Impl& d = *impl_;
    const double dpr = devicePixelRatioF();
    return {d.scene,          d.camera,    d.highlight,
            d.horizonCulling, d.keepAlive, QSize(int(std::lround(width() * dpr)), int(std::lround(height() * dpr)))};
}

void GlobeView::markInteractive() {
    impl_->interactive = true;
    impl_->settle->start();
}

void GlobeView::showEvent(QShowEvent* event) {
    QWidget::showEvent(event);
    requestFrameOnceLaidOut();
}

void GlobeView::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    impl_->legendDirty = true;
    requestFrameOnceLaidOut();
}

void GlobeView::paintEvent(QPaintEvent*) {
    Impl& d = *impl_;
    QPainter painter(this);
    if (d.frame.isNull()) {
        painter.fillRect(rect(), QColor(31, 33, 41));
        d.hover.paint(painter, rect());
        return;
    }
    painter.drawImage(rect(), d.frame);
    paintLegend(painter);
    d.hover.paint(painter, rect());
}

void GlobeView::paintLegend(QPainter& painter) {
    Impl& d = *impl_;
    const double dpr = devicePixelRatioF();
    const QSize pixels(std::max(1, int(std::lround(width() * dpr))), std::max(1, int(std::lround(height() * dpr))));
    if (d.legendDirty || d.legend.size() != pixels) {
        // Reused at the same size: freeing a window-sized image means munmap, which waits for
        // every page fault of the loading threads.
        if (d.legend.size() != pixels) d.legend = QImage(pixels, QImage::Format_ARGB32_Premultiplied);
        d.legend.fill(Qt::transparent);
        d.legend.setDevicePixelRatio(dpr);
        QPainter legendPainter(&d.legend);
        paintGlobeLegend(legendPainter, rect(), d.scene);
        legendPainter.end();
        // The legend sits in the left half, the colour bar in the right: two small panels.
        const QRect left(0, 0, pixels.width() / 2, pixels.height());
        d.legendPanels = {
            paintedBounds(d.legend, left),
            paintedBounds(d.legend, QRect(left.width(), 0, pixels.width() - left.width(), pixels.height()))};
        d.legendDirty = false;
    }
    for (const QRect& panel : d.legendPanels)
        if (!panel.isEmpty())
            painter.drawImage(QRectF(QPointF(panel.topLeft()) / dpr, QSizeF(panel.size()) / dpr), d.legend, panel);
}

QImage GlobeView::grabFramebuffer() { return grab().toImage(); }

void GlobeView::mousePressEvent(QMouseEvent* event) {
    Impl& d = *impl_;
    d.flight->stop();
    d.pressed = event->button() == Qt::LeftButton;
    d.dragging = false;
    d.pressPosition = event->position().toPoint();
    d.pressCamera = d.camera;
}

void GlobeView::mouseMoveEvent(QMouseEvent* event) {
    Impl& d = *impl_;
    d.hover.mouseAt(event->position());
    if (!d.pressed) return;
    const QPoint delta = event->position().toPoint() - d.pressPosition;
    if (delta.manhattanLength() > 3) d.dragging = true;
    if (!d.dragging) return;
    markInteractive();
    const double degreesPerPixel = 70.0 * (d.pressCamera.distance - 1.0) / std::max(100, height());
    GlobeCamera camera = d.pressCamera;
    camera.lon -= delta.x() * degreesPerPixel;
    camera.lat += delta.y() * degreesPerPixel;
    setCamera(camera);
}

void GlobeView::mouseReleaseEvent(QMouseEvent* event) {
    Impl& d = *impl_;
    if (!d.pressed || event->button() != Qt::LeftButton) return;
    d.pressed = false;
    if (d.dragging || d.sceneBuilding) return;  // the picture on screen is about to be replaced
    const QPointF p = event->position();
    const double w = std::max(1, width()), h = std::max(1, height());
    // Picked on the render thread, on the renderer and camera of the picture on screen.
    QPointer<GlobeView> view(this);
    RenderLoop* loop = d.loop;
    d.post([loop, view, x = p.x() / w, y = p.y() / h, tolerance = 8.0 / w, generation = d.sceneGeneration] {
        const GlobePick pick = loop->pick(x, y, tolerance);
        postTo(view, [view, pick, generation] {
            if (view) view->pickArrived(pick, generation);
        });
    });
}

void GlobeView::pickArrived(const GlobePick& pick, int generation) {
    if (generation != impl_->sceneGeneration || pick.kind == GlobePick::Kind::None) return;
    highlight(pick);
    emit picked(pick);
}

void GlobeView::wheelEvent(QWheelEvent* event) {
    markInteractive();
    impl_->flight->stop();
    const QPointF at = event->position();
    setCamera(zoomedAt(impl_->camera, width(), height(), at.x(), at.y(), event->angleDelta().y() / 120.0));
    impl_->hover.mouseAt(event->position());
}

void GlobeView::leaveEvent(QEvent* event) {
    QWidget::leaveEvent(event);
    impl_->hover.clear();
    update();
}

void GlobeView::setHoverReadout(HoverReadout readout) {
    impl_->hover.setReadout(std::move(readout));
    updateHover();
}

QString GlobeView::hoverText() const { return impl_->hover.text(); }

// The point under the mouse comes from the camera's projection, on this thread: a ray and a
// sphere, microseconds (the render thread's picks look through every difference).
void GlobeView::updateHover() {
    Impl& d = *impl_;
    const auto where = d.hover.locate(d.camera, size());
    update();
    if (where) emit hovered((*where)[0], (*where)[1]);
}

void GlobeView::resetView() { flyToCamera(GlobeCamera{}, 400); }

GlobeCamera GlobeView::camera() const { return impl_->camera; }

}  // namespace meshdiff::views
