#include <QLabel>
#include <QTableView>
#include <QTest>

#include <gtest/gtest.h>

#include "SyntheticGlobeScene.h"
#include "inspect/InspectorPanel.h"

namespace meshdiff::views {
namespace {

TEST(Inspector, ListsMovedMeshNodesLargestMoveFirstAndShowsThem) {
    test::SyntheticPair pair;
    pair.diff.movedNodes = {{2, 1, 0, 1e-6}, {4, 3, 7, 5e-6}, {5, 2, 2, 2e-6}};  // sorted by mesh
    InspectorPanel panel;
    panel.resize(500, 600);
    panel.show();
    panel.setGraphs(&pair.diff, &pair.graph, &pair.graph, {0.1, true}, {0.1, true});
    const auto& items = panel.differences().items();
    ASSERT_EQ(items.size(), 6u);  // 1 + 1 edges, 1 triangle, 3 moved nodes
    EXPECT_EQ(items[3].kind, DifferenceItem::Kind::MovedNode);
    EXPECT_EQ(items[3].mesh, 4);  // moved 5e-6°, the most
    EXPECT_EQ(items[4].mesh, 5);
    EXPECT_EQ(items[5].mesh, 2);
    EXPECT_EQ(items[3].movedUlps, 7u);
    EXPECT_DOUBLE_EQ(items[3].lat, pair.graph.meshLat[4]);
    EXPECT_DOUBLE_EQ(items[3].lon, pair.graph.meshLon[4]);

    std::vector<GlobePick> activated;
    QObject::connect(&panel, &InspectorPanel::differenceActivated, &panel,
                     [&activated](const GlobePick& p) { activated.push_back(p); });
    panel.selectRow(3);
    ASSERT_EQ(activated.size(), 1u);
    const GlobePick pick = activated.front();
    EXPECT_EQ(pick.kind, GlobePick::Kind::MeshNode);
    EXPECT_EQ(pick.mesh, 4);
    EXPECT_DOUBLE_EQ(pick.lat, pair.graph.meshLat[4]);  // the globe flies there
    const QString details = panel.details()->text();
    EXPECT_TRUE(details.contains("moved by 3 / 7 float32 steps")) << details.toStdString();
    EXPECT_TRUE(details.contains("ULPs: how many representable float32 values apart")) << details.toStdString();

    // A pick of that node on the globe selects its row.
    GlobePick globePick;
    globePick.kind = GlobePick::Kind::MeshNode;
    globePick.mesh = 5;
    panel.showPick(globePick);
    EXPECT_EQ(panel.currentRow(), 4);
}

// A reopened session selects its difference's row without a signal; a click on that row (or on
// any row already current) chooses it again, so that the globe marks it and flies there.
TEST(Inspector, AClickOnTheCurrentRowActivatesItAgainAndOnAnotherRowOnce) {
    test::SyntheticPair pair;
    pair.diff.movedNodes = {{2, 1, 0, 1e-6}, {4, 3, 7, 5e-6}, {5, 2, 2, 2e-6}};
    InspectorPanel panel;
    panel.resize(500, 600);
    panel.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&panel));
    panel.setGraphs(&pair.diff, &pair.graph, &pair.graph, {0.1, true}, {0.1, true});
    std::vector<GlobePick> activated;
    QObject::connect(&panel, &InspectorPanel::differenceActivated, &panel,
                     [&activated](const GlobePick& p) { activated.push_back(p); });
    GlobePick restored;
    restored.kind = GlobePick::Kind::MeshNode;
    restored.mesh = 5;
    panel.showPick(restored);
    ASSERT_EQ(panel.currentRow(), 4);
    ASSERT_TRUE(activated.empty());

    const auto clickRow = [&panel](int row) {
        QTableView* list = panel.list();
        const QRect cell = list->visualRect(list->model()->index(row, 0));
        ASSERT_TRUE(cell.isValid());
        QTest::mouseClick(list->viewport(), Qt::LeftButton, {}, cell.center());
    };
    clickRow(4);
    ASSERT_EQ(activated.size(), 1u) << "a click on the current row did nothing";
    EXPECT_EQ(activated.back().kind, GlobePick::Kind::MeshNode);
    EXPECT_EQ(activated.back().mesh, 5);
    clickRow(4);
    EXPECT_EQ(activated.size(), 2u);
    clickRow(3);
    ASSERT_EQ(activated.size(), 3u) << "a click on another row must choose it once";
    EXPECT_EQ(activated.back().mesh, 4);
}

TEST(Inspector, APointClickedWithoutGraphsFollowsTheFieldOnShow) {
    InspectorPanel panel;
    panel.setGraphs(nullptr, nullptr, nullptr, {}, {});
    const auto sampler = [](const char* field, double a) {
        return FieldSampler([field, a](double lat, double lon) {
            return std::optional<FieldSample>(FieldSample{field, "K", lat, lon, a, a - 1});
        });
    };
    panel.setFieldSampler(sampler("2m_temperature", 290));
    GlobePick point;  // a click on the map of runs without graphs: a place, no graph item
    point.kind = GlobePick::Kind::None;
    point.lat = 10;
    point.lon = -100;
    panel.showPick(point);
    EXPECT_TRUE(panel.details()->text().contains("2m_temperature")) << panel.details()->text().toStdString();
    panel.setFieldSampler(sampler("temperature@500", 250));  // another field shown
    const QString details = panel.details()->text();
    EXPECT_TRUE(details.contains("temperature@500")) << details.toStdString();
    EXPECT_FALSE(details.contains("2m_temperature")) << details.toStdString();
    EXPECT_TRUE(details.contains("250 K")) << details.toStdString();
}

TEST(Inspector, SaysWhetherTheRadiusIsTheBuildersOrRecomputed) {
    test::SyntheticPair pair;
    InspectorPanel panel;
    panel.setGraphs(&pair.diff, &pair.graph, &pair.graph, {0.125, true}, {0.125, true});
    panel.selectRow(0);  // the edge only in A
    EXPECT_TRUE(panel.details()->text().contains("radius 0.125 (the builder's, from the run's metadata)"))
        << panel.details()->text().toStdString();
    EXPECT_TRUE(panel.details()->text().contains("float32 steps = ULPs"));

    panel.setGraphs(&pair.diff, &pair.graph, &pair.graph, {0.25, false}, {0.25, false});
    panel.selectRow(0);
    EXPECT_TRUE(panel.details()->text().contains("radius 0.25 (recomputed")) << panel.details()->text().toStdString();
}

// Graphs that differ only in the order of each receiver's edges have no rows, but the panel says
// so, and a picked receiver says whether it is one of them.
TEST(Inspector, SaysWhichReceiversSumInAnotherOrder) {
    test::SyntheticPair pair;
    pair.diff = GraphDiff{};
    pair.diff.g2mReordered = {2};
    pair.diff.m2gReordered = {pair.gridIndex(0, 0), pair.gridIndex(1, 1)};
    InspectorPanel panel;
    panel.setGraphs(&pair.diff, &pair.graph, &pair.graph, {0.1, true}, {0.1, true});
    EXPECT_EQ(panel.differences().items().size(), 0u);
    EXPECT_TRUE(
        panel.details()->text().contains("1 mesh node and 2 grid points sum their incoming messages in "
                                         "another order"))
        << panel.details()->text().toStdString();

    GlobePick grid;
    grid.kind = GlobePick::Kind::GridPoint;
    grid.grid = pair.gridIndex(1, 1);
    panel.showPick(grid);
    EXPECT_TRUE(panel.details()->text().contains("listed in another order in B"))
        << panel.details()->text().toStdString();
    grid.grid = pair.gridIndex(2, 2);
    panel.showPick(grid);
    EXPECT_FALSE(panel.details()->text().contains("listed in another order in B"));
    EXPECT_TRUE(panel.details()->text().contains("Incoming order"));

    GlobePick node;
    node.kind = GlobePick::Kind::MeshNode;
    node.mesh = 2;
    panel.showPick(node);
    EXPECT_TRUE(panel.details()->text().contains("listed in another order in B"))
        << panel.details()->text().toStdString();
}

}  // namespace
}  // namespace meshdiff::views
