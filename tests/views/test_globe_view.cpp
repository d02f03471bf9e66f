#include <QApplication>
#include <QElapsedTimer>
#include <QImage>
#include <QSignalSpy>
#include <QTest>

#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <memory>
#include <numbers>

#include "ImageCompare.h"
#include "core/TestPaths.h"
#include "globe/GlobeColors.h"
#include "globe/GlobeView.h"
#include "graph/GraphDiff.h"
#include "io/GraphFiles.h"

namespace meshdiff::views {
namespace {

struct GraphPair {
    MeshGraph a, b;
    GraphDiff diff;
};

// The official default vs sse 1° graphs of tests/data/graphs (17 differing mesh→grid triangles), loaded once.
const GraphPair& officialPair() {
    static const std::unique_ptr<GraphPair> pair = [] {
        auto p = std::make_unique<GraphPair>();
        p->a = readGraphNpz(test::officialGraph("wn2_graph_1p0deg_default.npz").string());
        p->b = readGraphNpz(test::officialGraph("wn2_graph_1p0deg_sse.npz").string());
        p->diff = diffGraphs(p->a, p->b);
        return p;
    }();
    return *pair;
}

GlobeScene sceneOf(const GraphPair& pair) {
    GlobeScene scene;
    scene.graphA = &pair.a;
    scene.graphB = &pair.b;
    scene.diff = &pair.diff;
    scene.labelA = "default";
    scene.labelB = "sse";
    scene.meshLevel = 6;  // the baselines show the finest mesh (the window starts coarser)
    return scene;
}

void gridLatLon(const MeshGraph& g, std::int32_t grid, double& lat, double& lon) {
    lat = g.gridLat[grid / g.gridLon.size()];
    lon = g.gridLon[grid % g.gridLon.size()];
}

QImage render(GlobeView& view, const QString& name, int width, int height) {
    QImage image = view.imageRenderer(width, height)();
    EXPECT_FALSE(image.isNull()) << name.toStdString();
    image.save(test::screenshotPath(name + "_raw.png"));
    return image;
}

QColor qcolor(Rgb c) { return QColor(c.r, c.g, c.b); }

// The view renders on a thread of its own and builds scenes on a worker (showing the old one
// meanwhile): waits until no scene is being built, a frame has come since the last scene was
// shown, and then none for 300 ms, i.e. until the picture reflects everything asked of it so far.
void waitForSettledFrames(GlobeView& view) {
    int frames = 0;
    const auto onFrame = QObject::connect(&view, &GlobeView::frameRendered, &view, [&frames](double) { ++frames; });
    const auto onScene = QObject::connect(&view, &GlobeView::sceneShown, &view, [&frames] { frames = 0; });
    QElapsedTimer total, quiet;
    total.start();
    quiet.start();
    for (int seen = 0; total.elapsed() < 20000 && (view.isBuildingScene() || frames == 0 || quiet.elapsed() < 300);) {
        QTest::qWait(10);
        if (frames != seen) seen = frames, quiet.restart();
    }
    QObject::disconnect(onFrame);
    QObject::disconnect(onScene);
    EXPECT_GT(frames, 0) << "no frame";
}

// Clicks at `position` and waits for the pick, which the render thread answers.
std::vector<GlobePick> clickAndWait(GlobeView& view, QPoint position) {
    std::vector<GlobePick> picks;
    const auto connection =
        QObject::connect(&view, &GlobeView::picked, &view, [&picks](const GlobePick& p) { picks.push_back(p); });
    QTest::mouseClick(&view, Qt::LeftButton, {}, position);
    for (int i = 0; i < 200 && picks.empty(); ++i) QTest::qWait(10);
    QObject::disconnect(connection);
    return picks;
}

TEST(GlobeView, FixturePairHasTheDocumentedDifferences) {
    const GraphPair* pair = &officialPair();
    EXPECT_EQ(pair->diff.m2gChanged.size(), 17u);
    EXPECT_TRUE(pair->diff.g2mOnlyA.empty());
}

TEST(GlobeView, ClosedUpTriangleShowsAsOutlinesInBothRunColours) {
    const GraphPair* pair = &officialPair();
    GlobeView view;
    view.resize(400, 300);
    view.setScene(sceneOf(*pair));
    const TriangleChange& change = pair->diff.m2gChanged.front();
    double lat, lon;
    gridLatLon(pair->a, change.grid, lat, lon);
    view.lookAt(lat, lon, 1.12);
    const QImage image = render(view, "globe_triangle_closeup", 800, 600);
    ASSERT_EQ(image.size(), QSize(800, 600));
    const QRect centre(200, 150, 400, 300);
    EXPECT_GT(test::countColor(image, qcolor(kColorOnlyA), 12, centre), 40) << "A's face outline missing";
    EXPECT_GT(test::countColor(image, qcolor(kColorOnlyB), 12, centre), 40) << "B's face outline missing";
    // Looking at a point without differences shows neither colour.
    view.lookAt(-lat, lon + 180, 1.12);
    const QImage elsewhere = render(view, "globe_no_difference_closeup", 800, 600);
    EXPECT_LT(test::countColor(elsewhere, qcolor(kColorOnlyA), 12, centre), 5);
    EXPECT_LT(test::countColor(elsewhere, qcolor(kColorOnlyB), 12, centre), 5);

    QString message;
    EXPECT_TRUE(test::matchesBaseline(image, "globe_triangle_closeup", 40, 800 * 600 / 100, message))
        << message.toStdString();
}

TEST(GlobeView, OverviewMatchesBaseline) {
    const GraphPair* pair = &officialPair();
    GlobeView view;
    view.resize(480, 300);
    view.setScene(sceneOf(*pair));
    double lat, lon;
    gridLatLon(pair->a, pair->diff.m2gChanged.front().grid, lat, lon);
    view.lookAt(lat, lon, 4.2);
    const QImage image = render(view, "globe_overview", 960, 600);
    QString message;
    EXPECT_TRUE(test::matchesBaseline(image, "globe_overview", 40, 960 * 600 / 100, message)) << message.toStdString();
}

TEST(GlobeView, DivergingFieldOverlayIsRedWherePositiveAndBlueWhereNegative) {
    const GraphPair* pair = &officialPair();
    GlobeScene scene = sceneOf(*pair);
    scene.setVisible(GlobeLayer::Mesh, false);
    scene.setVisible(GlobeLayer::MovedNodes, false);
    scene.field.name = "synthetic A−B";
    scene.field.units = "K";
    scene.field.grid.lat.assign(pair->a.gridLat.begin(), pair->a.gridLat.end());
    scene.field.grid.lon.assign(pair->a.gridLon.begin(), pair->a.gridLon.end());
    for (double la : scene.field.grid.lat)
        for (double lo : scene.field.grid.lon)
            scene.field.values.push_back(
                static_cast<float>(std::sin(lo * std::numbers::pi / 180) * std::cos(la * std::numbers::pi / 180)));
    scene.field.values[0] = std::nanf("");
    GlobeView view;
    view.resize(400, 300);
    view.setScene(scene);
    view.lookAt(0, 90, 3.2);  // sin(90°) = +1: the warm end of the diverging map
    const QImage east = render(view, "globe_field_positive", 800, 600);
    const QColor centre = east.pixelColor(400, 300);
    EXPECT_GT(centre.red(), centre.blue() + 40) << centre.name().toStdString();
    view.lookAt(0, 260, 3.2);
    const QColor west = render(view, "globe_field_negative", 800, 600).pixelColor(400, 300);
    EXPECT_GT(west.blue(), west.red() + 40) << west.name().toStdString();

    QString message;
    EXPECT_TRUE(test::matchesBaseline(east, "globe_field_overlay", 40, 800 * 600 / 100, message))
        << message.toStdString();
}

TEST(GlobeView, RecoversAllSevenMeshLevelsAndCoarseLevelsDrawFewerLines) {
    const GraphPair* pair = &officialPair();
    GlobeScene scene = sceneOf(*pair);
    for (GlobeLayer layer : {GlobeLayer::Coastlines, GlobeLayer::Triangles, GlobeLayer::MovedNodes, GlobeLayer::Legend})
        scene.setVisible(layer, false);
    GlobeView view;
    view.resize(400, 300);
    view.setScene(scene);
    EXPECT_EQ(view.availableMeshLevels(), 7);
    view.lookAt(30, 40, 2.0);
    const QImage fine = render(view, "globe_mesh_m6", 800, 600);
    view.setMeshLevel(2);
    const QImage coarse = render(view, "globe_mesh_m2", 800, 600);
    view.setLayerVisible(GlobeLayer::Mesh, false);
    const QImage none = render(view, "globe_mesh_none", 800, 600);
    const long fineLines = test::compareImages(fine, none, 20).mismatched;
    const long coarseLines = test::compareImages(coarse, none, 20).mismatched;
    EXPECT_GT(coarseLines, 500);
    EXPECT_GT(fineLines, 8 * coarseLines);
}

TEST(GlobeView, ExportsAtFourTimesTheWindowSize) {
    const GraphPair* pair = &officialPair();
    GlobeView view;
    view.resize(320, 200);
    view.setScene(sceneOf(*pair));
    const QImage image = render(view, "globe_export_4x", 1280, 800);
    ASSERT_EQ(image.size(), QSize(1280, 800));
    // The globe fills the centre; the corners are background.
    EXPECT_NE(image.pixelColor(640, 400), image.pixelColor(5, 795));
}

TEST(GlobeView, KeepsTurningWhileANewSceneIsBuilt) {
    const GraphPair* pair = &officialPair();
    GlobeView view;
    view.resize(640, 480);
    view.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&view));
    view.setScene(sceneOf(*pair));
    waitForSettledFrames(view);

    // A new scene takes a while to build (pipelines, the mesh's line texture); the camera moves
    // the old one meanwhile instead of freezing the globe.
    GlobeScene next = sceneOf(*pair);
    next.setVisible(GlobeLayer::GridPoints, true);
    bool shown = false;
    int framesWhileBuilding = 0;
    const auto onShown = QObject::connect(&view, &GlobeView::sceneShown, &view, [&shown] { shown = true; });
    const auto onFrame = QObject::connect(&view, &GlobeView::frameRendered, &view, [&](double) {
        if (!shown) ++framesWhileBuilding;
    });
    view.setScene(next);
    ASSERT_TRUE(view.isBuildingScene());
    for (int i = 0; i < 2000 && !shown; ++i) {
        if (i % 3 == 0) view.rotateBy(2.0);
        QTest::qWait(10);
    }
    QObject::disconnect(onShown);
    QObject::disconnect(onFrame);
    EXPECT_TRUE(shown);
    EXPECT_FALSE(view.isBuildingScene());
    EXPECT_GE(framesWhileBuilding, 2);
}

// The official pair in a 640 × 480 view, seen from 1.12 radii above its mesh→grid change `index`,
// once the view has settled.
struct ChangedTriangleOnShow {
    const GraphPair* pair = &officialPair();
    std::size_t index;
    const TriangleChange& change;
    double lat = 0, lon = 0;

    ChangedTriangleOnShow(GlobeView& view, std::size_t changeIndex)
        : index(changeIndex), change(pair->diff.m2gChanged.at(changeIndex)) {
        view.resize(640, 480);
        view.setScene(sceneOf(*pair));
        gridLatLon(pair->a, change.grid, lat, lon);
        view.lookAt(lat, lon, 1.12);
        view.show();
        EXPECT_TRUE(QTest::qWaitForWindowExposed(&view));
        waitForSettledFrames(view);
    }
};

TEST(GlobeView, ClickOnDifferingTriangleInTheWindowPicksIt) {
    GlobeView view;
    const ChangedTriangleOnShow onShow(view, 3);
    const GraphPair* pair = onShow.pair;
    const std::size_t index = onShow.index;
    const TriangleChange& change = onShow.change;
    const double lat = onShow.lat, lon = onShow.lon;
    const QImage shown = view.grabFramebuffer();
    shown.save(test::screenshotPath("globe_window.png"));
    EXPECT_GT(test::countColor(shown, qcolor(kColorOnlyB), 12), 40) << "the window does not show B's face";

    std::vector<GlobePick> picks = clickAndWait(view, QPoint(320, 240));
    ASSERT_EQ(picks.size(), 1u);
    EXPECT_EQ(picks[0].kind, GlobePick::Kind::Triangle);
    EXPECT_EQ(picks[0].grid, change.grid);
    EXPECT_EQ(picks[0].diffIndex, static_cast<int>(index));
    EXPECT_NEAR(picks[0].lat, lat, 0.5);

    // Far from any difference, a click picks the grid point under the cursor.
    view.lookAt(-lat, lon + 180, 1.12);
    waitForSettledFrames(view);
    const std::vector<GlobePick> more = clickAndWait(view, QPoint(320, 240));
    picks.insert(picks.end(), more.begin(), more.end());
    ASSERT_EQ(picks.size(), 2u);
    EXPECT_EQ(picks[1].kind, GlobePick::Kind::GridPoint);
    double pickedLat, pickedLon;
    gridLatLon(pair->a, picks[1].grid, pickedLat, pickedLon);
    EXPECT_NEAR(pickedLat, -lat, 0.51);
}

// The render thread keeps its framebuffers when the view shrinks and draws into their corner:
// the picture and the picks must be those of the smaller view all the same.
TEST(GlobeView, AViewMadeSmallerShowsAndPicksWhatIsUnderItsMiddle) {
    GlobeView view;
    const ChangedTriangleOnShow onShow(view, 3);
    const TriangleChange& change = onShow.change;
    const double lat = onShow.lat;

    view.resize(420, 180);
    waitForSettledFrames(view);
    const QImage shown = view.grabFramebuffer();
    shown.save(test::screenshotPath("globe_window_made_smaller.png"));
    ASSERT_EQ(shown.size(), QSize(420, 180) * view.devicePixelRatioF());
    const QImage middle = shown.copy(shown.width() / 2 - 40, shown.height() / 2 - 40, 80, 80);
    EXPECT_GT(test::countColor(middle, qcolor(kColorOnlyB), 12), 20) << "B's face is not in the middle";

    const std::vector<GlobePick> picks = clickAndWait(view, QPoint(210, 90));
    ASSERT_EQ(picks.size(), 1u);
    EXPECT_EQ(picks[0].kind, GlobePick::Kind::Triangle);
    EXPECT_EQ(picks[0].grid, change.grid);
    EXPECT_NEAR(picks[0].lat, lat, 0.5);
}

// A layout that moves the view resizes it more than once in one event: only the last size is
// rendered (a frame takes the render thread tens of ms while the window is busiest).
TEST(GlobeView, ResizedTwiceInOneEventItRendersOneFrame) {
    GlobeView view;
    view.resize(640, 480);
    view.setScene(sceneOf(officialPair()));
    view.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&view));
    waitForSettledFrames(view);

    int frames = 0;
    QObject::connect(&view, &GlobeView::frameRendered, &view, [&frames](double) { ++frames; });
    view.resize(600, 700);
    view.resize(560, 200);
    waitForSettledFrames(view);
    EXPECT_EQ(frames, 1);
    EXPECT_EQ(view.grabFramebuffer().size(), QSize(560, 200) * view.devicePixelRatioF());
}

TEST(GlobeView, FlyToEndsAboveTheTarget) {
    const GraphPair* pair = &officialPair();
    GlobeView view;
    view.resize(320, 240);
    view.setScene(sceneOf(*pair));
    view.lookAt(0, 0, 3.0);
    view.flyTo(45, 100, 100);
    QTest::qWait(400);
    view.highlight({});
    // After the flight the point (45°N, 100°E) is at the centre: clicking there picks it.
    view.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&view));
    waitForSettledFrames(view);
    const std::vector<GlobePick> picks = clickAndWait(view, QPoint(160, 120));
    ASSERT_EQ(picks.size(), 1u);
    EXPECT_NEAR(picks[0].lat, 45, 1.0);
    EXPECT_NEAR(picks[0].lon, 100, 1.0);
}

// A session's selection is restored while the pair's last scene is still being built: the
// difference marked then is marked in that scene once it is shown, as one marked afterwards.
TEST(GlobeView, AHighlightSetWhileTheSceneIsBuiltIsDrawnOnceItIsShown) {
    const GraphPair* pair = &officialPair();
    const std::size_t index = 3;
    const TriangleChange& change = pair->diff.m2gChanged.at(index);
    GlobePick pick;
    pick.kind = GlobePick::Kind::Triangle;
    pick.grid = change.grid;
    pick.diffIndex = int(index);
    double lat, lon;
    gridLatLon(pair->a, change.grid, lat, lon);
    GlobeView early, late;
    for (GlobeView* view : {&early, &late}) {
        view->resize(320, 240);
        view->show();
        ASSERT_TRUE(QTest::qWaitForWindowExposed(view));
        view->setScene(sceneOf(*pair));
        view->lookAt(lat, lon, 1.12);
    }
    early.highlight(pick);
    ASSERT_TRUE(early.isBuildingScene());
    waitForSettledFrames(early);
    late.lookAt(lat, lon, 1.12);  // a frame to wait for, should the scene be shown already
    waitForSettledFrames(late);
    const QImage unmarked = late.grabFramebuffer();
    late.highlight(pick);
    waitForSettledFrames(late);
    const QImage marked = late.grabFramebuffer();
    const QImage markedEarly = early.grabFramebuffer();
    markedEarly.save(test::screenshotPath("globe_highlight_while_building.png"));
    marked.save(test::screenshotPath("globe_highlight_after_building.png"));
    unmarked.save(test::screenshotPath("globe_highlight_none.png"));
    ASSERT_EQ(marked.size(), markedEarly.size());
    int differing = 0, highlighted = 0;
    for (int y = 0; y < marked.height(); ++y) {
        for (int x = 0; x < marked.width(); ++x) {
            differing += marked.pixel(x, y) != markedEarly.pixel(x, y);
            highlighted += marked.pixel(x, y) != unmarked.pixel(x, y);
        }
    }
    EXPECT_GT(highlighted, 50) << "the highlight does not show at all";
    EXPECT_LT(differing, highlighted / 10) << "the highlight set while the scene was built is missing";
}

// Dark pixels with the highlight's cyan on both sides (across or along): the halo showing
// through the cyan line it lies under.
long haloThroughCyan(const QImage& image) {
    const auto near = [&image](int x, int y, Rgb c) {
        if (x < 0 || y < 0 || x >= image.width() || y >= image.height()) return false;
        const QColor p = image.pixelColor(x, y);
        return std::abs(p.red() - c.r) <= 12 && std::abs(p.green() - c.g) <= 12 && std::abs(p.blue() - c.b) <= 12;
    };
    long count = 0;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x)
            if (near(x, y, kColorHighlightHalo))
                count += (near(x - 1, y, kColorHighlight) && near(x + 1, y, kColorHighlight)) ||
                         (near(x, y - 1, kColorHighlight) && near(x, y + 1, kColorHighlight));
    return count;
}

// The selected difference's cyan outline lies over its dark halo: whole, not crossed by it in
// places (both at one depth, which won was down to rounding); set while the scene is built, and
// marked again (the same row clicked again).
TEST(GlobeView, TheHighlightsCyanOutlineIsWholeOverItsHalo) {
    const GraphPair* pair = &officialPair();
    const std::size_t index = 3;
    const TriangleChange& change = pair->diff.m2gChanged.at(index);
    GlobePick pick;
    pick.kind = GlobePick::Kind::Triangle;
    pick.grid = change.grid;
    pick.diffIndex = int(index);
    double lat, lon;
    gridLatLon(pair->a, change.grid, lat, lon);
    GlobeView view;
    view.resize(480, 360);
    view.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&view));
    view.setScene(sceneOf(*pair));
    view.lookAt(lat, lon, 1.3);
    view.highlight(pick);
    ASSERT_TRUE(view.isBuildingScene());
    for (const char* when : {"set while built", "marked again"}) {
        waitForSettledFrames(view);
        const QImage image = view.grabFramebuffer();
        image.save(test::screenshotPath(QString("globe_highlight_whole_%1.png").arg(when[0] == 's' ? 1 : 2)));
        const long cyan = test::countColor(image, qcolor(kColorHighlight), 12);
        const long crossed = haloThroughCyan(image);
        EXPECT_GT(cyan, 100) << when << ": no highlight";
        EXPECT_LT(crossed, cyan / 50) << when << ": the halo crosses the cyan (" << crossed << " of " << cyan
                                      << " cyan pixels)";
        view.highlight(pick);
    }
}

// Makes a change, waits until the window shows it and returns what it shows.
QImage shownFrameAfter(GlobeView& view, const std::function<void()>& change) {
    change();
    waitForSettledFrames(view);
    return view.grabFramebuffer();
}

TEST(GlobeView, WindowShowsTheFinestMeshAsTextureFromAfarAndAsLinesUpClose) {
    const GraphPair* pair = &officialPair();
    GlobeScene scene = sceneOf(*pair);
    for (GlobeLayer layer : {GlobeLayer::Coastlines, GlobeLayer::Triangles, GlobeLayer::MovedNodes, GlobeLayer::Legend,
                             GlobeLayer::ColorBar})
        scene.setVisible(layer, false);
    GlobeView view;
    view.resize(640, 480);
    view.setScene(scene);
    view.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&view));
    for (double distance : {4.2, 1.3}) {
        const QImage mesh = shownFrameAfter(view, [&] {
            view.lookAt(30, 40, distance);
            view.setLayerVisible(GlobeLayer::Mesh, true);
        });
        EXPECT_EQ(view.linesAsTexture(), distance > 2) << distance;
        const QImage bare = shownFrameAfter(view, [&] { view.setLayerVisible(GlobeLayer::Mesh, false); });
        mesh.save(test::screenshotPath(QString("globe_window_mesh_%1.png").arg(distance)));
        // M6 edges are 8 px apart from afar and ~40 px up close: either way the wireframe
        // changes a good share of the sphere's pixels.
        const long changed = test::compareImages(mesh, bare, 6).mismatched;
        EXPECT_GT(changed, distance > 2 ? 40000 : 8000) << distance;
    }
}

TEST(GlobeView, UploadsTheLineTexturesOnlyOnceTheViewIsIdle) {
    GlobeView view;
    view.resize(640, 480);
    QSignalSpy shown(&view, &GlobeView::sceneShown), uploaded(&view, &GlobeView::lineTexturesUploaded);
    view.setScene(sceneOf(officialPair()));
    view.show();
    ASSERT_TRUE(shown.wait(20000));
    // A user who drags at once: no upload between the frames of the drag.
    QElapsedTimer dragging;
    dragging.start();
    while (dragging.elapsed() < 1500) {
        view.rotateBy(2.0);
        QTest::qWait(100);
    }
    EXPECT_EQ(uploaded.count(), 0) << "the upload held up a drag";
    // Then the view rests, and the textures go up once.
    EXPECT_TRUE(uploaded.count() == 1 || uploaded.wait(30000));
    QTest::qWait(1000);
    EXPECT_EQ(uploaded.count(), 1);
    // Another mesh level bakes new line textures in the same scene: they go up too, once.
    view.setMeshLevel(view.scene().meshLevel - 1);
    EXPECT_TRUE(uploaded.count() == 2 || uploaded.wait(30000)) << "a new mesh level's textures were not uploaded";
    view.setLayerVisible(GlobeLayer::Coastlines, false);
    view.setLayerVisible(GlobeLayer::Coastlines, true);
    EXPECT_TRUE(uploaded.count() == 3 || uploaded.wait(30000)) << "the coastlines' new textures were not uploaded";
    QTest::qWait(1000);
    EXPECT_EQ(uploaded.count(), 3);
}

TEST(GlobeView, HorizonCullingLeavesThePictureUnchanged) {
    const GraphPair* pair = &officialPair();
    GlobeView view;
    view.resize(640, 480);
    view.setScene(sceneOf(*pair));
    view.lookAt(50, 70, 1.25);  // the limb and the lines just in front of it are in view
    view.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&view));
    ASSERT_FALSE(view.linesAsTexture());
    const QImage culled = shownFrameAfter(view, [&] { view.lookAt(50, 70, 1.25); });
    const QImage all = shownFrameAfter(view, [&] { view.setHorizonCulling(false); });
    EXPECT_EQ(test::compareImages(culled, all, 0).mismatched, 0);
    EXPECT_GT(test::countColor(culled, qcolor(Rgb{120, 132, 148}), 10), 2000);  // the mesh is there
}

}  // namespace
}  // namespace meshdiff::views
