// Each layer of the globe built from a small scene: its actors, visibility, style and picks,
// without rendering.
#include <vtkActor.h>
#include <vtkAlgorithm.h>
#include <vtkPointData.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>
#include <vtkPolyDataMapper.h>
#include <vtkProperty.h>
#include <vtkRenderWindow.h>
#include <vtkRenderer.h>
#include <vtkTexture.h>

#include <gtest/gtest.h>

#include <cmath>
#include <memory>
#include <numbers>
#include <vector>

#include "SyntheticGlobeScene.h"
#include "globe/GlobeColors.h"
#include "globe/GlobeProjection.h"
#include "globe/GlobeRenderer.h"
#include "globe/LineRaster.h"
#include "globe/layers/AtRiskLayer.h"
#include "globe/layers/CoastlineLayer.h"
#include "globe/layers/EarthLayer.h"
#include "globe/layers/FieldOverlayLayer.h"
#include "globe/layers/Grid2MeshLayer.h"
#include "globe/layers/GridPointsLayer.h"
#include "globe/layers/HighlightLayer.h"
#include "globe/layers/LayerRadii.h"
#include "globe/layers/MeshLayer.h"
#include "globe/layers/MovedNodesLayer.h"
#include "globe/layers/SharedCoastlines.h"
#include "globe/layers/TriangleLayer.h"

namespace meshdiff::views {
namespace {

const GlobeCamera kCamera{0, 20, 3};

int actorsIn(vtkRenderer* renderer) { return renderer->GetActors()->GetNumberOfItems(); }

// The shape an actor was built from (before a tube filter, when it has one).
vtkPolyData* sourceShapeOf(vtkActor* actor) {
    vtkAlgorithm* source = actor->GetMapper()->GetInputAlgorithm();
    if (source && source->GetNumberOfInputPorts() > 0)
        return vtkPolyData::SafeDownCast(source->GetInputDataObject(0, 0));
    return vtkPolyData::SafeDownCast(actor->GetMapper()->GetInputDataObject(0, 0));
}
vtkIdType polysOf(vtkActor* actor) { return sourceShapeOf(actor)->GetNumberOfPolys(); }
vtkIdType vertsOf(vtkActor* actor) { return sourceShapeOf(actor)->GetNumberOfVerts(); }
vtkIdType linesOf(vtkActor* actor) { return sourceShapeOf(actor)->GetNumberOfLines(); }
vtkIdType pointsOf(vtkActor* actor) { return sourceShapeOf(actor)->GetNumberOfPoints(); }
Rgb colorOf(vtkActor* actor) {
    const double* c = actor->GetProperty()->GetColor();
    return {static_cast<std::uint8_t>(std::lround(c[0] * 255)), static_cast<std::uint8_t>(std::lround(c[1] * 255)),
            static_cast<std::uint8_t>(std::lround(c[2] * 255))};
}

// A query for a click on the world point (lat, lon) at `radius`, seen by kCamera on 800×600.
struct ClickOn {
    ClickOn(double lat, double lon, double radius) {
        const Vec3 p = scaled(unitVector(lat, lon), radius);
        EXPECT_TRUE(projection.toDisplay(p, x, y));
        query = std::make_unique<PickQuery>(projection, x, y, 8.0, *projection.sphereHit(x, y));
    }
    GlobeProjection projection{kCamera, 800, 600};
    double x = 0, y = 0;
    std::unique_ptr<PickQuery> query;
};

TEST(GlobeLayers, AGridToMeshLayerDrawsTubesAndRingsOfItsRun) {
    const test::SyntheticPair pair;
    Grid2MeshLayer onlyA(1), onlyB(2);
    onlyA.build(pair.scene());
    onlyB.build(pair.scene());
    ASSERT_EQ(onlyA.actorCount(), 2);
    ASSERT_EQ(onlyB.actorCount(), 2);
    EXPECT_EQ(colorOf(onlyA.actor(1)), kColorOnlyA);
    EXPECT_EQ(colorOf(onlyB.actor(1)), kColorOnlyB);
    // Marks: a ring around the grid point and one around the edge's middle, never filled.
    EXPECT_EQ(polysOf(onlyA.actor(1)), 0);
    EXPECT_EQ(vertsOf(onlyA.actor(1)), 0);
    // B's are squares (5 points a mark), A's circles, so that they differ in more than colour.
    EXPECT_EQ(pointsOf(onlyB.actor(1)), 2 * 5);
    EXPECT_EQ(pointsOf(onlyA.actor(1)), 2 * 41);
    // B's tube is dashed: many short pieces, A's one arc.
    EXPECT_GT(linesOf(onlyB.actor(0)), 4);
    EXPECT_EQ(linesOf(onlyA.actor(0)), 1);
    GlobeScene withoutDiff = pair.scene();
    withoutDiff.diff = nullptr;
    onlyA.build(withoutDiff);
    EXPECT_EQ(onlyA.actorCount(), 0);
}

TEST(GlobeLayers, ALayerPutsItsActorsIntoARendererAndTakesThemOutAgain) {
    const test::SyntheticPair pair;
    vtkNew<vtkRenderer> renderer;
    TriangleLayer triangles;
    triangles.build(pair.scene());
    triangles.addTo(renderer);
    EXPECT_EQ(actorsIn(renderer), triangles.actorCount());
    triangles.build(pair.scene());  // rebuilt: replaced in the renderer, not added twice
    EXPECT_EQ(actorsIn(renderer), triangles.actorCount());
    triangles.removeFrom(renderer);
    EXPECT_EQ(actorsIn(renderer), 0);
}

TEST(GlobeLayers, HidingALayerHidesEveryActorAndActorsBuiltLaterStartHidden) {
    const test::SyntheticPair pair;
    AtRiskLayer atRisk;
    atRisk.build(pair.scene());
    atRisk.setVisible(false);
    for (int i = 0; i < atRisk.actorCount(); ++i) EXPECT_FALSE(atRisk.actor(i)->GetVisibility());
    atRisk.build(pair.scene());
    for (int i = 0; i < atRisk.actorCount(); ++i) EXPECT_FALSE(atRisk.actor(i)->GetVisibility());
    atRisk.setVisible(true);
    for (int i = 0; i < atRisk.actorCount(); ++i) EXPECT_TRUE(atRisk.actor(i)->GetVisibility());
}

TEST(GlobeLayers, AnAtRiskLayerDrawsItsEdgesAndGridPointsAndRestylesThem) {
    const test::SyntheticPair pair;
    AtRiskLayer atRisk;
    atRisk.build(pair.scene());
    ASSERT_EQ(atRisk.actorCount(), 2);
    EXPECT_FLOAT_EQ(atRisk.actor(0)->GetProperty()->GetLineWidth(), 2);
    EXPECT_FLOAT_EQ(atRisk.actor(1)->GetProperty()->GetPointSize(), 4);
    atRisk.restyle({3});
    EXPECT_FLOAT_EQ(atRisk.actor(0)->GetProperty()->GetLineWidth(), 6);
    EXPECT_FLOAT_EQ(atRisk.actor(1)->GetProperty()->GetPointSize(), 12);
}

TEST(GlobeLayers, ATriangleLayerOutlinesBothFacesAndRingsTheGridPointWithoutCoveringTheField) {
    const test::SyntheticPair pair;
    TriangleLayer triangles;
    triangles.restyle({2});
    triangles.build(pair.scene());
    ASSERT_EQ(triangles.actorCount(), 3);  // A's outline, B's dashed outline, the rings
    EXPECT_EQ(colorOf(triangles.actor(0)), kColorOnlyA);
    EXPECT_EQ(colorOf(triangles.actor(1)), kColorOnlyB);
    EXPECT_EQ(colorOf(triangles.actor(2)), kColorChanged);
    EXPECT_GT(linesOf(triangles.actor(1)), linesOf(triangles.actor(0)));  // B's dashes
    for (int i = 0; i < triangles.actorCount(); ++i) {
        EXPECT_EQ(polysOf(triangles.actor(i)), 0) << "actor " << i << " fills";
        EXPECT_EQ(vertsOf(triangles.actor(i)), 0) << "actor " << i << " puts a dot over the field";
        EXPECT_FLOAT_EQ(triangles.actor(i)->GetProperty()->GetLineWidth(), i < 2 ? 5 : 4);
    }
    // Every ring point lies outside the grid point's own 1° cell (half its diagonal: 0.71°).
    const Vec3 g = unitVector(3, 15);
    vtkPoints* ring = sourceShapeOf(triangles.actor(2))->GetPoints();
    for (vtkIdType k = 0; k < ring->GetNumberOfPoints(); ++k) {
        double p[3];
        ring->GetPoint(k, p);
        EXPECT_GT(angleBetween(g, normalized({p[0], p[1], p[2]})) * 180 / std::numbers::pi, 0.71);
    }
}

TEST(GlobeLayers, ATriangleLayerPicksTheFaceAClickIsInside) {
    const test::SyntheticPair pair;
    TriangleLayer triangles;
    const ClickOn click(6, 15, 1.0);
    const auto candidate = triangles.pick(pair.scene(), *click.query);
    ASSERT_TRUE(candidate.has_value());
    EXPECT_EQ(candidate->distance, 0);
    EXPECT_EQ(candidate->pick.kind, GlobePick::Kind::Triangle);
    EXPECT_EQ(candidate->pick.run, 1);
    EXPECT_FALSE(triangles.pick(pair.scene(), *ClickOn(-20, 50, 1.0).query).has_value());
}

TEST(GlobeLayers, AGridToMeshLayerPicksOnlyItsOwnRunsEdges) {
    const test::SyntheticPair pair;
    const ClickOn click(20, 40, kEdgeRadius);  // B's edge's mesh end
    EXPECT_FALSE(Grid2MeshLayer(1).pick(pair.scene(), *click.query).has_value());
    const auto candidate = Grid2MeshLayer(2).pick(pair.scene(), *click.query);
    ASSERT_TRUE(candidate.has_value());
    EXPECT_EQ(candidate->pick.kind, GlobePick::Kind::G2mEdge);
    EXPECT_EQ(candidate->pick.run, 2);
    EXPECT_NEAR(candidate->distance, 0, 1e-6);
}

TEST(GlobeLayers, AMovedNodesLayerDrawsColouredRingsAndPicksThemOnlyWhenNothingElseIsPicked) {
    const test::SyntheticPair pair;
    MovedNodesLayer moved;
    moved.build(pair.scene());
    ASSERT_EQ(moved.actorCount(), 1);
    EXPECT_FLOAT_EQ(moved.actor(0)->GetProperty()->GetLineWidth(), 1.5);
    EXPECT_EQ(vertsOf(moved.actor(0)), 0);
    EXPECT_EQ(linesOf(moved.actor(0)), 1);
    ASSERT_NE(sourceShapeOf(moved.actor(0))->GetPointData()->GetScalars(), nullptr);  // coloured by ULP
    EXPECT_TRUE(moved.picksOnlyWhenNothingElseDoes());
    const auto candidate = moved.pick(pair.scene(), *ClickOn(-20, 40, kMovedRadius).query);
    ASSERT_TRUE(candidate.has_value());
    EXPECT_EQ(candidate->pick.kind, GlobePick::Kind::MeshNode);
    EXPECT_EQ(candidate->pick.mesh, 4);
}

TEST(GlobeLayers, AGridPointsLayerDrawsOneCloudOfDots) {
    const test::SyntheticPair pair;
    GridPointsLayer points;
    points.build(pair.scene());
    ASSERT_EQ(points.actorCount(), 1);
    EXPECT_DOUBLE_EQ(points.actor(0)->GetProperty()->GetOpacity(), 0.8);
    EXPECT_FALSE(points.pick(pair.scene(), *ClickOn(0, 20, 1.0).query).has_value());
}

TEST(GlobeLayers, AMeshLayerDrawsTheFacesEdgesAndClampsTheLevelToThoseThereAre) {
    const test::SyntheticPair pair;
    MeshLayer mesh;
    mesh.build(pair.scene());  // the scene asks for M6; the two faces are no icosahedral mesh
    EXPECT_EQ(mesh.levelCount(), 1);
    EXPECT_EQ(mesh.shownLevel(), 0);
    EXPECT_EQ(mesh.shownFaces().size(), 6u);
    EXPECT_GE(mesh.actorCount(), 1);
    GlobeScene empty;
    mesh.build(empty);
    EXPECT_EQ(mesh.actorCount(), 0);
    EXPECT_EQ(mesh.levelCount(), 0);
}

TEST(GlobeLayers, ACoastlineLayerDrawsTilesOfLinesWhenCoastlinesAreInstalled) {
    CoastlineLayer coast;
    coast.build(GlobeScene{});
    EXPECT_EQ(coast.actorCount() > 1, sharedCoastlines() != nullptr);
    for (int i = 0; i < coast.actorCount(); ++i) EXPECT_FLOAT_EQ(coast.actor(i)->GetProperty()->GetLineWidth(), 1);
}

TEST(GlobeLayers, AnEarthLayerIsOneSphereThatShowsTheLineTextureLevelAsked) {
    EarthLayer earth;
    earth.build(GlobeScene{});
    ASSERT_EQ(earth.actorCount(), 1);
    EXPECT_TRUE(earth.showsPlainEarth());
    earth.showLineTexture(0);
    EXPECT_EQ(earth.shownLineTexture(), nullptr);  // no line texture yet
    LineRaster raster(64, 32);
    raster.drawArc(unitVector(0, 0), unitVector(0, 90), 120);
    earth.setLineRasters({std::make_shared<const LineRaster>(std::move(raster))});
    EXPECT_EQ(earth.lineTextureCount(), 1);
    earth.showLineTexture(5);  // clamped to the one level
    EXPECT_NE(earth.shownLineTexture(), nullptr);
    earth.showLineTexture(std::nullopt);
    EXPECT_EQ(earth.shownLineTexture(), nullptr);
}

TEST(GlobeLayers, AFieldOverlayLayerColoursTheEarthWhileShown) {
    EarthLayer earth;
    FieldOverlayLayer field(earth);
    EXPECT_EQ(field.actorCount(), 0);
    GlobeScene scene;
    scene.field.grid.lat = {-45, 45};
    scene.field.grid.lon = {0, 90, 180, 270};
    scene.field.values = {1, -1, 2, -2, 0.5f, -0.5f, 1, 0};
    earth.build(scene);
    field.build(scene);
    EXPECT_FALSE(earth.showsPlainEarth());
    field.setVisible(false);
    field.build(scene);
    EXPECT_TRUE(earth.showsPlainEarth());
}

// Every scene's build asks the Earth for its plain surface twice (the Earth layer, then the
// field overlay without a field): the sphere it has is kept, not made again.
TEST(GlobeLayers, ThePlainEarthKeepsItsSphereWhenAskedForItAgain) {
    EarthLayer earth;
    FieldOverlayLayer field(earth);
    earth.build(GlobeScene{});
    ASSERT_EQ(earth.actorCount(), 1);
    vtkDataObject* sphere = earth.actor(0)->GetMapper()->GetInputDataObject(0, 0);
    ASSERT_NE(sphere, nullptr);
    field.build(GlobeScene{});
    EXPECT_EQ(earth.actor(0)->GetMapper()->GetInputDataObject(0, 0), sphere);
    EXPECT_TRUE(earth.showsPlainEarth());
}

TEST(GlobeLayers, AHighlightLayerOutlinesBothFacesOfAPickedTriangleAndRingsItsGridPoint) {
    const test::SyntheticPair pair;
    HighlightLayer highlight;
    highlight.build(pair.scene());
    EXPECT_EQ(highlight.actorCount(), 0);
    GlobePick pick;
    pick.kind = GlobePick::Kind::Triangle;
    pick.grid = pair.gridIndex(3, 15);
    pick.diffIndex = 0;
    highlight.show(pair.scene(), pick);
    ASSERT_EQ(highlight.actorCount(), 2);  // outlines and ring over a wider dark halo; no dot on the grid point
    EXPECT_FLOAT_EQ(highlight.actor(0)->GetProperty()->GetLineWidth(), 6);
    EXPECT_FLOAT_EQ(highlight.actor(1)->GetProperty()->GetLineWidth(), 3);
    EXPECT_EQ(colorOf(highlight.actor(1)), kColorHighlight);
    EXPECT_EQ(vertsOf(highlight.actor(1)), 0);
    highlight.show(pair.scene(), {});
    EXPECT_EQ(highlight.actorCount(), 0);
}

TEST(GlobeLayers, TheRendererForwardsVisibilityToItsLayersActors) {
    const test::SyntheticPair pair;
    GlobeRenderer globe;
    globe.setScene(pair.scene());
    EXPECT_EQ(globe.layerActorCount(GlobeLayer::Triangles), 3);
    EXPECT_EQ(globe.layerActorCount(GlobeLayer::Legend), 0);
    const int before = actorsIn(globe.renderer());
    globe.setLayerVisible(GlobeLayer::Triangles, false);
    int visible = 0;
    vtkActorCollection* actors = globe.renderer()->GetActors();
    actors->InitTraversal();
    while (vtkActor* actor = actors->GetNextActor()) visible += actor->GetVisibility();
    EXPECT_EQ(actorsIn(globe.renderer()), before);
    EXPECT_LE(visible, before - 3);
}

TEST(GlobeLayers, TheRendererRestylesEveryLayer) {
    const test::SyntheticPair pair;
    GlobeRenderer globe;
    globe.setScene(pair.scene());
    std::vector<float> widths;
    vtkActorCollection* actors = globe.renderer()->GetActors();
    actors->InitTraversal();
    while (vtkActor* actor = actors->GetNextActor()) widths.push_back(actor->GetProperty()->GetLineWidth());
    globe.setLineScale(2);
    actors->InitTraversal();
    std::size_t i = 0, wider = 0;
    while (vtkActor* actor = actors->GetNextActor()) {
        const float width = actor->GetProperty()->GetLineWidth(), before = widths[i++];
        EXPECT_TRUE(width == before || width == 2 * before) << "actor " << i << ": " << before << " → " << width;
        wider += width > before;
    }
    EXPECT_GE(wider, 5u);  // coastline and mesh tiles, outlines, rings
}

TEST(GlobeLayers, TheProjectionAgreesWithVtksWorldToDisplay) {
    GlobeRenderer globe;
    const GlobeCamera camera{35, 300, 2.2};
    globe.setCamera(camera);
    vtkNew<vtkRenderWindow> window;
    window->SetOffScreenRendering(1);
    window->SetSize(640, 480);
    window->AddRenderer(globe.renderer());
    const GlobeProjection projection(camera, 640, 480);
    for (const auto& [lat, lon] : {std::pair{40.0, 310.0}, {20.0, 290.0}, {50.0, 280.0}}) {
        const Vec3 p = scaled(unitVector(lat, lon), 1.003);
        vtkRenderer* renderer = globe.renderer();
        renderer->SetWorldPoint(p[0], p[1], p[2], 1.0);
        renderer->WorldToDisplay();
        double vtk[3];
        renderer->GetDisplayPoint(vtk);
        double x, y;
        ASSERT_TRUE(projection.toDisplay(p, x, y));
        EXPECT_NEAR(x, vtk[0], 1e-6);
        EXPECT_NEAR(y, vtk[1], 1e-6);
    }
    window->RemoveRenderer(globe.renderer());
}

}  // namespace
}  // namespace meshdiff::views
