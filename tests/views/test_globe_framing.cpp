// Where the globe puts the difference it flies to: in the part of the view its legend and colour
// bar leave free (views/globe/GlobeFraming, GlobeView::flyTo).
#include <QElapsedTimer>
#include <QPainter>
#include <QTest>

#include <gtest/gtest.h>

#include <cmath>

#include "core/TestPaths.h"
#include "globe/GlobeFraming.h"
#include "globe/GlobeProjection.h"
#include "globe/GlobeView.h"
#include "graph/GraphDiff.h"
#include "io/GraphFiles.h"

namespace meshdiff::views {
namespace {

QPointF shownAt(const GlobeCamera& camera, double lat, double lon, int width, int height) {
    double x = -1, y = -1;
    EXPECT_TRUE(GlobeProjection(camera, width, height).toDisplay(unitVector(lat, lon), x, y));
    return {x, height - y};
}

TEST(GlobeFraming, TheUncoveredAreaLeavesOutALegendAtTheTopLeftAndABarAtTheBottomRight) {
    const QRectF view(0, 0, 600, 400);
    EXPECT_EQ(uncoveredArea(view, {}), view);
    const QRectF legend(0, 0, 250, 300), bar(480, 300, 120, 100);
    const QRectF free = uncoveredArea(view, {legend, bar});
    EXPECT_FALSE(free.intersects(legend));
    EXPECT_FALSE(free.intersects(bar));
    EXPECT_EQ(free, QRectF(250, 0, 350, 300)) << "the largest of the free rectangles";
}

// A wide legend reaches past the middle, over the colour bar's columns: still two panels, so that
// the room right of the legend and above the bar counts as free.
TEST(GlobeFraming, PaintedPanelsAreFoundApartEvenWhenTheLegendReachesPastTheMiddle) {
    QImage overlay(600, 400, QImage::Format_ARGB32_Premultiplied);
    overlay.fill(Qt::transparent);
    QPainter painter(&overlay);
    painter.fillRect(QRect(10, 10, 310, 140), QColor(30, 30, 30, 200));   // legend, to x = 319
    painter.fillRect(QRect(320, 300, 270, 90), QColor(30, 30, 30, 200));  // colour bar
    painter.end();
    const std::vector<QRect> panels = paintedPanels(overlay);
    ASSERT_EQ(panels.size(), 2u);
    EXPECT_EQ(panels[0], QRect(10, 10, 310, 140));
    EXPECT_EQ(panels[1], QRect(320, 300, 270, 90));
    const QRectF free = uncoveredArea(QRectF(0, 0, 600, 400), {QRectF(panels[0]), QRectF(panels[1])});
    EXPECT_EQ(free, QRectF(0, 150, 600, 150)) << "between them, the widest room";
}

TEST(GlobeFraming, TheCameraShowsThePointWhereAsked) {
    for (const QPointF point : {QPointF(300, 200), QPointF(420, 150), QPointF(180, 260)}) {
        for (const auto& [lat, lon] : {std::pair{45.0, 100.0}, std::pair{-60.0, 359.0}, std::pair{80.0, 0.0}}) {
            const GlobeCamera camera = cameraShowingAt(lat, lon, 1.6, point, 600, 400);
            const QPointF shown = shownAt(camera, lat, lon, 600, 400);
            EXPECT_NEAR(shown.x(), point.x(), 0.5) << lat << " " << lon;
            EXPECT_NEAR(shown.y(), point.y(), 0.5) << lat << " " << lon;
        }
    }
}

// A small globe view, where the legend of the graph differences covers its centre: a flight
// ends with the target in the middle of what the legend leaves free.
TEST(GlobeFraming, FlyToPutsTheTargetBesideTheLegendNotUnderIt) {
    const MeshGraph a = readGraphNpz(test::officialGraph("wn2_graph_1p0deg_default.npz").string());
    const MeshGraph b = readGraphNpz(test::officialGraph("wn2_graph_1p0deg_sse.npz").string());
    const GraphDiff diff = diffGraphs(a, b);
    GlobeScene scene;
    scene.graphA = &a;
    scene.graphB = &b;
    scene.diff = &diff;
    scene.labelA = "default";
    scene.labelB = "sse";
    GlobeView view;
    view.resize(420, 300);
    view.setScene(scene);
    view.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&view));
    ASSERT_TRUE(QTest::qWaitFor([&] { return view.hasFrame() && !view.isBuildingScene(); }, 20000));
    QTest::qWait(200);  // the legend is painted with the frame
    const QRectF free = view.uncoveredArea();
    ASSERT_LT(free.width() * free.height(), 0.9 * view.width() * view.height()) << "the legend takes room";
    const QPointF centre = QRectF(view.rect()).center();
    ASSERT_GT(std::hypot(free.center().x() - centre.x(), free.center().y() - centre.y()), 20.0);

    view.flyTo(45, 100, 50);
    QTest::qWait(400);
    const QPointF shown = shownAt(view.camera(), 45, 100, view.width(), view.height());
    EXPECT_NEAR(shown.x(), free.center().x(), 1.0);
    EXPECT_NEAR(shown.y(), free.center().y(), 1.0);
}

}  // namespace
}  // namespace meshdiff::views
