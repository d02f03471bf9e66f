// VTK first: its OpenGL headers must come before any Qt header.
#include <vtkActor.h>
#include <vtkCamera.h>
#include <vtkImageData.h>
#include <vtkMapper.h>
#include <vtkNew.h>
#include <vtkPropCollection.h>
#include <vtkRenderStepsPass.h>
#include <vtkRenderWindow.h>
#include <vtkRenderer.h>
#include <vtkWindowToImageFilter.h>

#include "globe/GlobeRenderer.h"

#include <QPainter>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <optional>
#include <utility>

#include "geo/MeshLevels.h"
#include "geo/Vec3.h"
#include "globe/GlobeLegend.h"
#include "globe/layers/AtRiskLayer.h"
#include "globe/layers/CoastlineLayer.h"
#include "globe/layers/DiffNeighbourhoodLayer.h"
#include "globe/layers/EarthLayer.h"
#include "globe/layers/EdgeDriftLayer.h"
#include "globe/layers/FieldOverlayLayer.h"
#include "globe/layers/Grid2MeshLayer.h"
#include "globe/layers/GridPointsLayer.h"
#include "globe/layers/HighlightLayer.h"
#include "globe/layers/LineTextureBaking.h"
#include "globe/layers/MeshLayer.h"
#include "globe/layers/MovedNodesLayer.h"
#include "globe/layers/ReorderedReceiversLayer.h"
#include "globe/layers/SharedCoastlines.h"
#include "globe/layers/TriangleLayer.h"
#include "globe/vtkext/HorizonCuller.h"

namespace meshdiff::views {

namespace {

const GlobeScene& emptyScene() {
    static const GlobeScene empty;
    return empty;
}

const Coastlines* coastlinesOf(const GlobeScene& scene) {
    return scene.isVisible(GlobeLayer::Coastlines) ? sharedCoastlines() : nullptr;
}

}  // namespace

struct GlobeRenderer::Impl {
    GlobeScene scene;
    GlobeCamera camera;
    vtkNew<vtkRenderer> renderer;  // before the layers: they take their actors out of it when destroyed
    EarthLayer earth;
    FieldOverlayLayer field{earth};
    CoastlineLayer coastlines;
    MeshLayer mesh;
    GridPointsLayer gridPoints;
    ReorderedReceiversLayer reordered;
    DiffNeighbourhoodLayer neighbourhood;
    MovedNodesLayer movedNodes;
    EdgeDriftLayer edgeDrift;
    TriangleLayer triangles;
    Grid2MeshLayer onlyA{1}, onlyB{2};
    AtRiskLayer atRisk;
    HighlightLayer highlight;

    // Every layer in drawing order, with the GlobeLayer that shows or hides it (none: always shown).
    const std::array<std::pair<std::optional<GlobeLayer>, GlobeLayerInterface*>, 14> stack{{
        {std::nullopt, &earth},
        {GlobeLayer::FieldOverlay, &field},
        {GlobeLayer::Coastlines, &coastlines},
        {GlobeLayer::Mesh, &mesh},
        {GlobeLayer::GridPoints, &gridPoints},
        {GlobeLayer::ReorderedReceivers, &reordered},
        {GlobeLayer::DiffNeighbourhood, &neighbourhood},
        {GlobeLayer::MovedNodes, &movedNodes},
        {GlobeLayer::EdgeFeatureDrift, &edgeDrift},
        {GlobeLayer::Triangles, &triangles},
        {GlobeLayer::G2mOnlyA, &onlyA},
        {GlobeLayer::G2mOnlyB, &onlyB},
        {GlobeLayer::AtRisk, &atRisk},
        {std::nullopt, &highlight},
    }};
    // The layers a click can pick, in this order; a later one wins a tie (a click inside a
    // triangle beats an edge passing over it).
    const std::array<std::pair<GlobeLayer, const GlobeLayerInterface*>, 4> pickOrder{{
        {GlobeLayer::G2mOnlyA, &onlyA},
        {GlobeLayer::G2mOnlyB, &onlyB},
        {GlobeLayer::Triangles, &triangles},
        {GlobeLayer::MovedNodes, &movedNodes},
    }};

    // Mesh and coastlines are drawn as tiles of real lines (exports; zoomed in, where few tiles
    // are in view) or, in the window at overview zoom, baked into a texture on the Earth:
    // software OpenGL draws that in a fraction of the time 120k+ lines take.
    bool preferLineTexture = false;
    int viewportHeight = 800;
    bool lineTextureStale = true;
    bool useLineTexture = false;
    vtkNew<HorizonCuller> horizonCuller;
    bool horizonCulling = true;

    GlobeLayerInterface* layerOf(GlobeLayer kind) const {
        for (const auto& [shownBy, layer] : stack)
            if (shownBy == kind) return layer;
        return nullptr;
    }

    void buildAll() {
        earth.clearLineTextures();
        for (const auto& [shownBy, layer] : stack) {
            if (shownBy) layer->setVisible(scene.isVisible(*shownBy));
            layer->build(scene);
            layer->addTo(renderer);
        }
        lineTextureStale = true;
        applyLineDetail();
    }

    void buildLineTexture() {
        earth.clearLineTextures();
        lineTextureStale = false;
        const bool withMesh = scene.isVisible(GlobeLayer::Mesh) && scene.graphA && mesh.levelCount() > 0;
        const Coastlines* coast = coastlinesOf(scene);
        earth.setLineRasters(bakeLineTexture(withMesh ? scene.graphA : nullptr, withMesh ? &mesh.shownFaces() : nullptr,
                                             mesh.shownLevel(), coast));
    }

    // Texture or lines: the texture level whose texels are nearest a screen pixel in size, or
    // the lines themselves once a pixel is much smaller than the finest texel.
    void applyLineDetail() {
        const double detail = lineTextureDetail(camera.distance, viewportHeight);
        useLineTexture = preferLineTexture && detail >= -0.5;
        if (useLineTexture && lineTextureStale) buildLineTexture();
        earth.showLineTexture(useLineTexture ? std::optional<int>(static_cast<int>(std::lround(detail)))
                                             : std::nullopt);
        mesh.setVisible(scene.isVisible(GlobeLayer::Mesh) && !useLineTexture);
        coastlines.setVisible(scene.isVisible(GlobeLayer::Coastlines) && !useLineTexture);
    }

    void applyCamera() {
        camera = allowedCamera(camera);
        vtkCamera* cam = renderer->GetActiveCamera();
        const Vec3 eye = scaled(unitVector(camera.lat, camera.lon), camera.distance);
        cam->SetFocalPoint(0, 0, 0);
        cam->SetPosition(eye.data());
        cam->SetViewUp(0, 0, 1);
        cam->SetViewAngle(kGlobeViewAngleDegrees);
        cam->SetClippingRange(std::max(0.001, camera.distance - 1.1), camera.distance + 1.1);
        applyLineDetail();
    }
};

GlobeRenderer::GlobeRenderer(double lineScale) : GlobeRenderer(emptyScene(), lineScale) {}

GlobeRenderer::GlobeRenderer(const GlobeScene& scene, double lineScale) : impl_(std::make_unique<Impl>()) {
    impl_->scene = scene;
    setLineScale(lineScale);
    vtkRenderer* renderer = impl_->renderer;
    renderer->SetBackground(0.12, 0.13, 0.16);
    renderer->SetBackground2(0.24, 0.26, 0.31);
    renderer->GradientBackgroundOn();
    // Opaque alpha in every pixel, so the picture can be shown without an alpha fix-up pass.
    renderer->SetBackgroundAlpha(1.0);
    // The default render steps blend translucent actors in one pass; without a pass of its own
    // VTK 9.1 renders them order-independently, whose depth copy and full-window composite cost
    // software OpenGL ~35 ms per frame for the few translucent triangles the globe has.
    vtkNew<vtkRenderStepsPass> steps;
    renderer->SetPass(steps);
    renderer->AddCuller(impl_->horizonCuller);
    impl_->buildAll();
    impl_->applyCamera();
}

GlobeRenderer::~GlobeRenderer() = default;

vtkRenderer* GlobeRenderer::renderer() const { return impl_->renderer; }

void GlobeRenderer::setLineScale(double lineScale) {
    for (const auto& entry : impl_->stack) entry.second->restyle({lineScale});
}

void GlobeRenderer::updatePipelines() {
    vtkPropCollection* props = impl_->renderer->GetViewProps();
    props->InitTraversal();
    while (vtkProp* prop = props->GetNextProp())
        if (auto* actor = vtkActor::SafeDownCast(prop); actor && actor->GetMapper()) actor->GetMapper()->Update();
}

void GlobeRenderer::setScene(const GlobeScene& scene) {
    impl_->scene = scene;
    impl_->highlight.show(scene, {});
    impl_->buildAll();
    impl_->applyCamera();
}

const GlobeScene& GlobeRenderer::scene() const { return impl_->scene; }

void GlobeRenderer::setFieldOverlay(const FieldOverlay& overlay) {
    impl_->scene.field = overlay;
    impl_->field.build(impl_->scene);
}

void GlobeRenderer::setLayerVisible(GlobeLayer layer, bool visible) {
    Impl& d = *impl_;
    d.scene.setVisible(layer, visible);
    if (GlobeLayerInterface* shown = d.layerOf(layer)) shown->setVisible(visible);
    if (layer == GlobeLayer::FieldOverlay) d.field.build(d.scene);
    if (layer == GlobeLayer::EdgeFeatureDrift) d.edgeDrift.build(d.scene);
    if (layer == GlobeLayer::Mesh || layer == GlobeLayer::Coastlines) {
        d.lineTextureStale = true;
        d.applyLineDetail();
    }
}

int GlobeRenderer::layerActorCount(GlobeLayer layer) const {
    const GlobeLayerInterface* shown = impl_->layerOf(layer);
    return shown ? shown->actorCount() : 0;
}

void GlobeRenderer::setLineTextureAllowed(bool allowed) {
    impl_->preferLineTexture = allowed;
    impl_->applyLineDetail();
}

// The same texture as Impl::buildLineTexture draws for this scene (the mesh level that MeshLayer shows).
LineTextureLevels GlobeRenderer::lineTextureOf(const GlobeScene& scene) {
    const Coastlines* coast = coastlinesOf(scene);
    if (!scene.isVisible(GlobeLayer::Mesh) || !scene.graphA || scene.graphA->meshFaces.empty())
        return bakeLineTexture(nullptr, nullptr, 0, coast);
    const auto levels = icosahedralLevels(scene.graphA->meshFaces);
    if (levels.empty()) return bakeLineTexture(nullptr, nullptr, 0, coast);
    const int level = std::clamp(scene.meshLevel, 0, static_cast<int>(levels.size()) - 1);
    return bakeLineTexture(scene.graphA, &levels[static_cast<std::size_t>(level)], level, coast);
}

void GlobeRenderer::setViewportHeight(int pixels) {
    if (pixels == impl_->viewportHeight) return;
    impl_->viewportHeight = pixels;
    impl_->applyLineDetail();
}

bool GlobeRenderer::linesAsTexture() const { return impl_->useLineTexture; }

void GlobeRenderer::uploadLineTextures() {
    if (impl_->renderer->GetRenderWindow()) impl_->earth.uploadLineTextures(impl_->renderer);
}

bool GlobeRenderer::lineTexturesUploaded() const { return impl_->earth.lineTexturesUploaded(); }

void GlobeRenderer::setHorizonCulling(bool on) {
    if (on == impl_->horizonCulling) return;
    impl_->horizonCulling = on;
    if (on) impl_->renderer->AddCuller(impl_->horizonCuller);
    else impl_->renderer->RemoveCuller(impl_->horizonCuller);
}

void GlobeRenderer::setMeshLevel(int level) {
    Impl& d = *impl_;
    d.scene.meshLevel = level;
    d.mesh.showLevel(d.scene);
    d.lineTextureStale = true;
    d.applyLineDetail();
}

int GlobeRenderer::availableMeshLevels() const { return impl_->mesh.levelCount(); }

void GlobeRenderer::setHighlight(const GlobePick& pick) { impl_->highlight.show(impl_->scene, pick); }

const GlobePick& GlobeRenderer::highlight() const { return impl_->highlight.shown(); }

void GlobeRenderer::setCamera(const GlobeCamera& camera) {
    impl_->camera = camera;
    impl_->applyCamera();
}

const GlobeCamera& GlobeRenderer::camera() const { return impl_->camera; }

GlobePick GlobeRenderer::pick(double x, double y, double tolerance) const {
    if (!impl_->renderer->GetRenderWindow()) return {};
    const int* size = impl_->renderer->GetSize();  // of the viewport, which may be part of the window
    return pick(GlobeProjection(impl_->camera, size[0], size[1]), x, y, tolerance);
}

GlobePick GlobeRenderer::pick(const GlobeProjection& projection, double x, double y, double tolerance) const {
    const Impl& d = *impl_;
    const std::optional<Vec3> hit = projection.sphereHit(x, y);
    if (!hit) return {};
    const double lat = latitudeOf(*hit), lon = longitudeOf(*hit);
    GlobePick none;
    none.lat = lat;
    none.lon = lon;
    if (!d.scene.graphA) return none;
    const PickQuery query(projection, x, y, tolerance, *hit);
    std::optional<PickCandidate> best;
    for (const auto& [shownBy, layer] : d.pickOrder) {
        if (!d.scene.isVisible(shownBy) || (best && layer->picksOnlyWhenNothingElseDoes())) continue;
        if (auto candidate = layer->pick(d.scene, query); candidate && (!best || candidate->distance <= best->distance))
            best = candidate;
    }
    if (!best) return nearestGridPointPick(*d.scene.graphA, lat, lon);
    GlobePick picked = best->pick;
    picked.lat = lat;
    picked.lon = lon;
    return picked;
}

QImage GlobeRenderer::renderImage(int width, int height, double lineScale) const {
    return renderImage(impl_->scene, impl_->camera, highlight(), impl_->horizonCulling, width, height, lineScale);
}

QImage GlobeRenderer::renderImage(const GlobeScene& scene, const GlobeCamera& camera, const GlobePick& highlight,
                                  bool horizonCulling, int width, int height, double lineScale) {
    if (width <= 0 || height <= 0) return {};
    GlobeRenderer copy(scene, lineScale);
    copy.setHighlight(highlight);
    copy.setCamera(camera);
    copy.setHorizonCulling(horizonCulling);

    vtkNew<vtkRenderWindow> window;
    window->SetOffScreenRendering(1);
    window->SetMultiSamples(0);
    window->SetSize(width, height);
    window->AddRenderer(copy.renderer());
    window->Render();
    vtkNew<vtkWindowToImageFilter> grab;
    grab->SetInput(window);
    grab->SetInputBufferTypeToRGB();
    grab->ReadFrontBufferOff();
    grab->Update();
    vtkImageData* pixels = grab->GetOutput();
    int dims[3];
    pixels->GetDimensions(dims);
    if (dims[0] != width || dims[1] != height) return {};
    QImage image(width, height, QImage::Format_RGB888);
    const auto* src = static_cast<const unsigned char*>(pixels->GetScalarPointer());
    for (int row = 0; row < height; ++row)
        std::memcpy(image.scanLine(height - 1 - row), src + static_cast<std::size_t>(row) * width * 3,
                    static_cast<std::size_t>(width) * 3);
    window->RemoveRenderer(copy.renderer());
    window->Finalize();

    QImage result = image.convertToFormat(QImage::Format_ARGB32);
    QPainter painter(&result);
    paintGlobeLegend(painter, result.rect(), scene, lineScale);
    return result;
}

}  // namespace meshdiff::views
