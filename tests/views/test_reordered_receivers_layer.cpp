// The globe's quiet layer for receivers that sum the same edges in another order: its dots, its
// place in the renderer, its legend row and the data export's lists.
#include <vtkActor.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>
#include <vtkPolyDataMapper.h>
#include <vtkProperty.h>

#include <QImage>
#include <QPainter>

#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "SyntheticGlobeScene.h"
#include "export/DataExport.h"
#include "globe/GlobeColors.h"
#include "globe/GlobeLegend.h"
#include "globe/GlobeRenderer.h"
#include "globe/layers/LayerRadii.h"
#include "globe/layers/ReorderedReceiversLayer.h"
#include "globe/layers/ScenePositions.h"

namespace meshdiff::views {
namespace {

vtkPolyData* polyOf(vtkActor* actor) { return vtkPolyData::SafeDownCast(actor->GetMapper()->GetInputDataObject(0, 0)); }

// Every dot of a layer, over all of its tiles.
struct Dots {
    vtkIdType points = 0, verts = 0, lines = 0;
    std::vector<Vec3> positions;
};
Dots dotsOf(const ActorLayer& layer) {
    Dots dots;
    for (int i = 0; i < layer.actorCount(); ++i) {
        vtkPolyData* data = polyOf(layer.actor(i));
        dots.points += data->GetNumberOfPoints();
        dots.verts += data->GetNumberOfVerts();
        dots.lines += data->GetNumberOfLines();
        for (vtkIdType p = 0; p < data->GetNumberOfPoints(); ++p) {
            const double* x = data->GetPoint(p);
            dots.positions.push_back({x[0], x[1], x[2]});
        }
    }
    return dots;
}
bool hasDotAt(const Dots& dots, const Vec3& expected) {
    return std::any_of(dots.positions.begin(), dots.positions.end(),
                       [&expected](const Vec3& p) { return norm(difference(p, expected)) < 1e-6; });
}

// The synthetic pair with only order differences: mesh nodes 0, 2, 5 and two grid points.
test::SyntheticPair reorderedPair() {
    test::SyntheticPair pair;
    pair.diff = GraphDiff{};
    pair.diff.g2mReordered = {0, 2, 5};
    pair.diff.m2gReordered = {pair.gridIndex(0, 0), pair.gridIndex(10, 20)};
    return pair;
}

TEST(ReorderedReceiversLayer, DrawsOneFaintDotPerReorderedMeshNodeAndGridPointAtAsPositions) {
    const test::SyntheticPair pair = reorderedPair();
    ReorderedReceiversLayer layer;
    layer.build(pair.scene());
    ASSERT_GE(layer.actorCount(), 2);  // tiles: the dots lie 10° to 40° apart
    const Dots dots = dotsOf(layer);
    EXPECT_EQ(dots.points, 5);
    EXPECT_EQ(dots.verts, 5);
    EXPECT_EQ(dots.lines, 0);
    EXPECT_TRUE(hasDotAt(dots, scaled(meshPosition(pair.graph, 2), kReorderedRadius)));
    EXPECT_TRUE(hasDotAt(dots, scaled(meshPosition(pair.graph, 5), kReorderedRadius)));
    EXPECT_TRUE(hasDotAt(dots, scaled(unitVector(10, 20), kReorderedRadius)));
    EXPECT_TRUE(hasDotAt(dots, scaled(unitVector(0, 0), kReorderedRadius)));
    EXPECT_FALSE(hasDotAt(dots, scaled(meshPosition(pair.graph, 1), kReorderedRadius)));
    // Quieter than every set difference: small, pale, and under the moved nodes' rings.
    vtkProperty* look = layer.actor(0)->GetProperty();
    EXPECT_FLOAT_EQ(look->GetPointSize(), 2);  // the order is the only difference
    EXPECT_LT(kReorderedRadius, kMovedRadius);
    const double* c = look->GetColor();
    EXPECT_NEAR(c[0] * 255, kColorReordered.r, 0.5);
    EXPECT_NEAR(c[2] * 255, kColorReordered.b, 0.5);
}

TEST(ReorderedReceiversLayer, ShrinksToSinglePixelsUnderSetDifferences) {
    test::SyntheticPair pair;  // one difference of each kind
    pair.diff.g2mReordered = {0, 2, 5};
    ReorderedReceiversLayer layer;
    layer.build(pair.scene());
    ASSERT_GE(layer.actorCount(), 1);
    EXPECT_EQ(dotsOf(layer).verts, 3);
    EXPECT_FLOAT_EQ(layer.actor(0)->GetProperty()->GetPointSize(), 1);
    layer.restyle({3});  // a figure three times the window's size
    EXPECT_FLOAT_EQ(layer.actor(0)->GetProperty()->GetPointSize(), 3);
}

TEST(ReorderedReceiversLayer, IsEmptyWhenEveryReceiverKeepsItsOrder) {
    ReorderedReceiversLayer layer;
    const test::SyntheticPair sets;  // set differences only
    layer.build(sets.scene());
    EXPECT_EQ(layer.actorCount(), 0);
    GlobeScene oneRun = sets.scene();
    oneRun.diff = nullptr;
    layer.build(oneRun);
    EXPECT_EQ(layer.actorCount(), 0);
}

// 0.25°: every one of ~1 M grid points reordered draws every 12th row and column (≤ 8,000 dots),
// a 3° lattice; 40,962 reordered mesh nodes draw every 6th.
TEST(ReorderedReceiversLayer, ThinsTheGridPointsOfAFineGridToARegularLattice) {
    test::SyntheticPair pair;
    pair.graph.gridLat.clear();
    pair.graph.gridLon.clear();
    for (int i = 0; i < 721; ++i) pair.graph.gridLat.push_back(float(-90 + 0.25 * i));
    for (int j = 0; j < 1440; ++j) pair.graph.gridLon.push_back(float(0.25 * j));
    pair.diff = GraphDiff{};
    pair.diff.m2gReordered.resize(pair.graph.gridCount());
    for (std::size_t g = 0; g < pair.graph.gridCount(); ++g) pair.diff.m2gReordered[g] = std::int32_t(g);
    ReorderedReceiversLayer layer;
    layer.build(pair.scene());
    const Dots dots = dotsOf(layer);
    EXPECT_EQ(dots.points, 61 * 120);
    EXPECT_TRUE(hasDotAt(dots, scaled(unitVector(0, 3), kReorderedRadius)));
    EXPECT_FALSE(hasDotAt(dots, scaled(unitVector(0.25, 3), kReorderedRadius)));
    EXPECT_FALSE(hasDotAt(dots, scaled(unitVector(0, 1), kReorderedRadius)));
}

TEST(ReorderedReceiversLayer, IsShownByDefaultAndTheRendererBuildsAndHidesIt) {
    const GlobeScene fresh;
    EXPECT_TRUE(fresh.isVisible(GlobeLayer::ReorderedReceivers));
    const test::SyntheticPair pair = reorderedPair();
    GlobeRenderer globe;
    globe.setScene(pair.scene());
    EXPECT_GE(globe.layerActorCount(GlobeLayer::ReorderedReceivers), 1);
    globe.setLayerVisible(GlobeLayer::ReorderedReceivers, false);
    EXPECT_FALSE(globe.scene().isVisible(GlobeLayer::ReorderedReceivers));
    const test::SyntheticPair sets;
    globe.setScene(sets.scene());
    EXPECT_EQ(globe.layerActorCount(GlobeLayer::ReorderedReceivers), 0);
}

struct LegendPicture {
    int rows = 0;  // rows of the top-left panel: its dark background at x = 12
    bool reorderedSwatch = false;
};

LegendPicture legendOf(const GlobeScene& scene) {
    QImage image(800, 600, QImage::Format_ARGB32);
    image.fill(Qt::white);
    {
        QPainter painter(&image);
        paintGlobeLegend(painter, image.rect(), scene, 1.0);
    }
    LegendPicture out;
    const QRgb swatch = qRgb(kColorReordered.r, kColorReordered.g, kColorReordered.b);
    for (int y = 0; y < image.height(); ++y) {
        out.rows += qGray(image.pixel(12, y)) < 128;
        for (int x = 0; x < 60; ++x) out.reorderedSwatch = out.reorderedSwatch || image.pixel(x, y) == swatch;
    }
    return out;
}

TEST(ReorderedReceiversLayer, TheLegendHasARowForItWhileShownAndNotEmpty) {
    const test::SyntheticPair pair = reorderedPair();
    GlobeScene scene = pair.scene();
    const LegendPicture shown = legendOf(scene);
    EXPECT_TRUE(shown.reorderedSwatch);
    scene.setVisible(GlobeLayer::ReorderedReceivers, false);
    const LegendPicture hidden = legendOf(scene);
    EXPECT_FALSE(hidden.reorderedSwatch);
    EXPECT_GT(shown.rows, hidden.rows + 10);

    const test::SyntheticPair sets;
    const LegendPicture none = legendOf(sets.scene());
    EXPECT_FALSE(none.reorderedSwatch);
}

TEST(ReorderedReceiversLayer, TheDataExportListsTheReorderedReceivers) {
    const test::SyntheticPair pair = reorderedPair();
    const nlohmann::json json = differencesJson(pair.diff, pair.graph);
    EXPECT_EQ(json.at("grid2mesh_reordered"), nlohmann::json({0, 2, 5}));
    EXPECT_EQ(json.at("mesh2grid_reordered"), nlohmann::json({pair.gridIndex(0, 0), pair.gridIndex(10, 20)}));
    EXPECT_TRUE(json.at("grid2mesh_only_a").empty());
}

}  // namespace
}  // namespace meshdiff::views
