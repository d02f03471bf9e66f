// Restyling a 0.25° error map (colour map, scale, limits, mode, a dragged limit) and relinking the
// globe's drape to its scale never blocks the GUI thread over 100 ms: the pictures are coloured on
// the background pool (the event-loop watchdog of test_responsiveness.cpp measures the longest
// time the GUI thread went without serving a 5 ms timer). Runs alone (RUN_SERIAL): it measures time.
#include <QSignalSpy>
#include <QSplitter>
#include <QTest>

#include <gtest/gtest.h>

#include <cstdio>

#include "LocalDifferences.h"
#include "globe/GlobeView.h"
#include "map/ErrorMapView.h"
#include "responsiveness/EventLoopWatchdog.h"

namespace meshdiff::views {
namespace {

constexpr double kBudgetMs = 100;

void waitForRestyle(ErrorMapView& view) {
    QSignalSpy restyled(&view, &ErrorMapView::restyled);
    while (view.isRestyling() || !(view.renderer().style() == view.style())) {
        if (!restyled.wait(20000)) break;
    }
    QTest::qWait(50);
}

TEST(Responsiveness, RestylingA025DegreeMapNeverBlocksTheGuiThreadOver100Ms) {
    const test::LocalDifferencesPair pair;  // 721 × 1440 grid points
    FieldOverlay drape;
    drape.grid = pair.data->grid;
    drape.values.resize(pair.data->a.size());
    for (std::size_t i = 0; i < drape.values.size(); ++i) drape.values[i] = pair.data->a[i] - pair.data->b[i];
    auto prepared = std::make_shared<ErrorMapRenderer>();
    prepared->setData(pair.data);
    prepared->prepareImages();
    drape.scale = prepared->differenceScale();

    QSplitter window;
    auto* map = new ErrorMapView(&window);
    auto* globe = new GlobeView(&window);
    map->showPrepared(prepared);
    globe->setFieldOverlay(drape);
    // As the main window does: the drape follows the map's A−B scale.
    QObject::connect(map, &ErrorMapView::restyled, globe, [&drape, globe](const ColorScale& scale) {
        drape.scale = scale;
        globe->setFieldOverlay(drape);
    });
    window.resize(1500, 900);
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    QTest::qWait(1500);

    test::EventLoopWatchdog watchdog;
    auto restyle = [&](auto&& change) {
        ErrorMapStyle style = map->style();
        change(style);
        map->setStyle(style);
        QTest::qWait(30);
    };
    watchdog.phase("change the colour map");
    for (int i = 0; i < 4; ++i) {
        restyle([i](ErrorMapStyle& s) {
            s.mode = MapMode::SideBySide;
            s.sequentialMap = i % 2 ? ColorMapKind::Viridis : ColorMapKind::Cividis;
        });
        waitForRestyle(*map);
    }
    watchdog.phase("change the scale and the limits");
    for (ScaleChoice scale : {ScaleChoice::Linear, ScaleChoice::SymLog, ScaleChoice::Auto}) {
        for (LimitMode limits : {LimitMode::Robust, LimitMode::Full}) {
            restyle([=](ErrorMapStyle& s) {
                s.mode = MapMode::Difference;
                s.scale = scale;
                s.limits.mode = limits;
            });
        }
    }
    waitForRestyle(*map);
    watchdog.phase("show |A−B|");
    restyle([](ErrorMapStyle& s) { s.mode = MapMode::AbsDifference; });
    waitForRestyle(*map);
    restyle([](ErrorMapStyle& s) { s.mode = MapMode::Difference; });
    waitForRestyle(*map);
    watchdog.phase("drag a limit");
    const double top = map->renderer().differenceScale().max;
    for (int i = 0; i < 30; ++i) {  // a drag: a move every 16 ms
        map->setManualLimit(true, top * (1.0 - 0.03 * i), i == 29);
        QTest::qWait(16);
    }
    waitForRestyle(*map);
    QTest::qWait(500);
    watchdog.phase("end");

    EXPECT_DOUBLE_EQ(drape.scale->max, map->renderer().differenceScale().max) << "the drape followed the drag";
    test::expectNoStallOver(kBudgetMs, watchdog);
}

}  // namespace
}  // namespace meshdiff::views
