// The globe's diagnosis layers built from a small scene: the neighbourhood the diagnosis calls
// "near" and the edges whose features drift, their cells, colours and toggling.
#include <vtkActor.h>
#include <vtkCellArray.h>
#include <vtkPointData.h>
#include <vtkPolyData.h>
#include <vtkPolyDataMapper.h>
#include <vtkProperty.h>
#include <vtkUnsignedCharArray.h>

#include <gtest/gtest.h>

#include <QImage>
#include <QPainter>

#include "SyntheticGlobeScene.h"
#include "globe/GlobeColors.h"
#include "globe/GlobeLegend.h"
#include "globe/GlobeRenderer.h"
#include "globe/layers/DiffNeighbourhoodLayer.h"
#include "globe/layers/EdgeDriftLayer.h"

namespace meshdiff::views {
namespace {

vtkPolyData* polyOf(vtkActor* actor) { return vtkPolyData::SafeDownCast(actor->GetMapper()->GetInputDataObject(0, 0)); }

DiffPlaces threePlaces() {
    DiffPlaces places;
    places.latLon = {{3, 15}, {5, 5}, {25, 50}};
    places.radiusDegrees = 1.08;
    return places;
}

// Three drifting edges on the synthetic graph: two grid→mesh (1 and 64 ULPs), one mesh→grid (8).
EdgeFeatureDrift threeDriftingEdges(const test::SyntheticPair& pair) {
    EdgeFeatureDrift drift;
    drift.g2m.edges = {{pair.gridIndex(5, 5), 0, 1}, {pair.gridIndex(0, 30), 4, 64}};
    drift.g2m.drifting = 2;
    drift.g2m.maxUlps = 64;
    drift.m2g.edges = {{1, pair.gridIndex(3, 15), 8}};
    drift.m2g.drifting = 1;
    drift.m2g.maxUlps = 8;
    return drift;
}

TEST(GlobeDiagnosisLayers, TheNeighbourhoodIsOneTranslucentCapAndOneRimPerPlace) {
    const test::SyntheticPair pair;
    const DiffPlaces places = threePlaces();
    GlobeScene scene = pair.scene();
    scene.places = &places;
    DiffNeighbourhoodLayer layer;
    layer.build(scene);
    ASSERT_EQ(layer.actorCount(), 2);
    EXPECT_EQ(polyOf(layer.actor(0))->GetNumberOfPolys(), 3);
    EXPECT_EQ(polyOf(layer.actor(1))->GetNumberOfLines(), 3);
    EXPECT_LT(layer.actor(0)->GetProperty()->GetOpacity(), 0.5);

    scene.places = nullptr;
    layer.build(scene);
    EXPECT_EQ(layer.actorCount(), 0);
}

// The synthetic pair with three drifting edges and three places, both in its scene.
struct DiagnosedPair {
    test::SyntheticPair pair;
    EdgeFeatureDrift drift = threeDriftingEdges(pair);
    DiffPlaces places = threePlaces();

    GlobeScene scene() const {
        GlobeScene scene = pair.scene();
        scene.edgeDrift = &drift;
        scene.places = &places;
        return scene;
    }
};

TEST(GlobeDiagnosisLayers, TheDriftLayerDrawsOneLinePerDriftingEdgeColouredByUlpsOnALogScale) {
    const test::SyntheticPair pair;
    const EdgeFeatureDrift drift = threeDriftingEdges(pair);
    GlobeScene scene = pair.scene();
    scene.edgeDrift = &drift;
    EdgeDriftLayer layer;
    layer.build(scene);
    ASSERT_EQ(layer.actorCount(), 1);
    vtkPolyData* lines = polyOf(layer.actor(0));
    EXPECT_EQ(lines->GetNumberOfLines(), 3);
    auto* colors = vtkUnsignedCharArray::SafeDownCast(lines->GetPointData()->GetScalars());
    ASSERT_NE(colors, nullptr);
    auto colorOfPoint = [colors](vtkIdType point) {
        return Rgb{colors->GetValue(3 * point), colors->GetValue(3 * point + 1), colors->GetValue(3 * point + 2)};
    };
    EXPECT_EQ(colorOfPoint(0), driftColorAt(0));    // 1 ULP
    EXPECT_EQ(colorOfPoint(2), driftColorAt(1));    // 64 ULPs, the most
    EXPECT_EQ(colorOfPoint(4), driftColor(8, 64));  // half-way on a log scale
    EXPECT_FALSE(colorOfPoint(4) == driftColorAt(0) || colorOfPoint(4) == driftColorAt(1));
}

TEST(GlobeDiagnosisLayers, OfVeryManyDriftingEdgesTheLayerDrawsTheMostDriftingOnesEvenAmongTies) {
    const test::SyntheticPair pair;
    EdgeFeatureDrift drift;
    const std::size_t many = kManyDriftingEdges + 500;
    for (std::size_t i = 0; i < many; ++i) drift.g2m.edges.push_back({pair.gridIndex(5, 5), 0, double(i % 1000 + 1)});
    drift.g2m.drifting = many;
    drift.g2m.maxUlps = 1000;
    GlobeScene scene = pair.scene();
    scene.edgeDrift = &drift;
    EdgeDriftLayer layer;
    layer.build(scene);
    ASSERT_EQ(layer.actorCount(), 1);
    vtkPolyData* lines = polyOf(layer.actor(0));
    EXPECT_EQ(lines->GetNumberOfLines(), vtkIdType(kManyDriftingEdges));
    auto* colors = vtkUnsignedCharArray::SafeDownCast(lines->GetPointData()->GetScalars());
    ASSERT_NE(colors, nullptr);
    // 20 500 edges of 1…1000 ULPs, 20 or 21 of each: the 500 left out are of 1…24 ULPs.
    for (vtkIdType p = 0; p < lines->GetNumberOfPoints(); ++p) {
        const Rgb c{colors->GetValue(3 * p), colors->GetValue(3 * p + 1), colors->GetValue(3 * p + 2)};
        ASSERT_FALSE(c == driftColor(1, 1000)) << "an edge of 1 ULP is drawn, point " << p;
    }
}

TEST(GlobeDiagnosisLayers, TheDriftLayerIsBuiltOnlyWhileShownAndTheRendererBuildsItWhenTurnedOn) {
    const DiagnosedPair diagnosed;
    GlobeScene scene = diagnosed.scene();
    scene.setVisible(GlobeLayer::EdgeFeatureDrift, false);
    GlobeRenderer globe;
    globe.setScene(scene);
    EXPECT_EQ(globe.layerActorCount(GlobeLayer::EdgeFeatureDrift), 0);
    EXPECT_EQ(globe.layerActorCount(GlobeLayer::DiffNeighbourhood), 2);

    globe.setLayerVisible(GlobeLayer::EdgeFeatureDrift, true);
    EXPECT_EQ(globe.layerActorCount(GlobeLayer::EdgeFeatureDrift), 1);
    globe.setLayerVisible(GlobeLayer::DiffNeighbourhood, false);
    EXPECT_FALSE(globe.scene().isVisible(GlobeLayer::DiffNeighbourhood));
}

// The legend names both layers while they are shown, and neither once hidden: the panel grows
// and shrinks with them.
TEST(GlobeDiagnosisLayers, TheLegendListsTheNeighbourhoodAndTheDriftScaleWhileShown) {
    const DiagnosedPair diagnosed;
    GlobeScene scene = diagnosed.scene();
    scene.setVisible(GlobeLayer::FieldOverlay, false);
    auto legendHeight = [](const GlobeScene& s) {
        QImage image(800, 600, QImage::Format_ARGB32);
        image.fill(Qt::white);
        {
            QPainter painter(&image);
            paintGlobeLegend(painter, image.rect(), s, 1.0);
        }
        int rows = 0;  // rows of the top-left panel: its dark background at x = 12
        for (int y = 0; y < image.height(); ++y) rows += qGray(image.pixel(12, y)) < 128;
        return rows;
    };
    const int shown = legendHeight(scene);
    scene.setVisible(GlobeLayer::DiffNeighbourhood, false);
    scene.setVisible(GlobeLayer::EdgeFeatureDrift, false);
    const int hidden = legendHeight(scene);
    EXPECT_GT(shown, hidden + 20);
}

}  // namespace
}  // namespace meshdiff::views
