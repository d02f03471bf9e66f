// The error map's room in the window: View ▸ Swap Globe and Map, map-first for a pair of fields
// files without graphs, the docks' first sizes for the window's size, and the map's spotlight and
// A−B colour map remembered.
#include <QAction>
#include <QDockWidget>
#include <QLayout>
#include <QSettings>
#include <QSignalSpy>

#include <gtest/gtest.h>

#include "ShownWindowTest.h"
#include "background/BackgroundWork.h"
#include "globe/GlobeView.h"
#include "gui/SettingsKeys.h"
#include "gui/reactions/LayoutReactions.h"
#include "map/ErrorMapView.h"

namespace meshdiff::gui {
namespace {

using MapLayoutTest = test::ShownWindowTest;

TEST_F(MapLayoutTest, SwapGlobeAndMapPutsTheMapInTheMiddleAndBack) {
    auto* swap = window_->findChild<QAction*>(QStringLiteral("swapGlobeAndMap"));
    ASSERT_NE(swap, nullptr);
    ASSERT_EQ(window_->centralWidget(), window_->globe());
    sizeDocksToWindow(*window_);
    QCoreApplication::processEvents();
    const int mapHeightBefore = window_->errorMap()->height(), globeHeightBefore = window_->globe()->height();
    swap->trigger();
    QCoreApplication::processEvents();
    EXPECT_EQ(window_->centralWidget(), window_->errorMap());
    EXPECT_TRUE(window_->globe()->isVisible()) << "the globe is in the map's dock";
    EXPECT_TRUE(window_->errorMap()->isVisible());
    // Each keeps about the room it had.
    EXPECT_NEAR(window_->errorMap()->height(), mapHeightBefore, 30);
    EXPECT_NEAR(window_->globe()->height(), globeHeightBefore, 30);
    swap->trigger();
    QCoreApplication::processEvents();
    EXPECT_EQ(window_->centralWidget(), window_->globe());
    EXPECT_TRUE(window_->errorMap()->isVisible());
}

TEST_F(MapLayoutTest, APairOfFieldsFilesWithoutGraphsOpensMapFirst) {
    const auto dir = test::fixture("rollouts");
    QSignalSpy shown(window_.get(), &MainWindow::fieldMapShown);
    window_->openPair(QString::fromStdString((dir / "a.nc").string()), QString::fromStdString((dir / "b.nc").string()));
    ASSERT_TRUE(shown.count() > 0 || shown.wait(60000)) << window_->lastError().toStdString();
    ASSERT_FALSE(window_->pair()->graphA);
    EXPECT_EQ(window_->centralWidget(), window_->errorMap());
    QCoreApplication::processEvents();  // the Diagnosis ("Cause: unknown") and the rollout's docks
    EXPECT_GT(window_->errorMap()->height(), 2 * window_->globe()->height()) << "the map is the main view";
    auto* differences = window_->findChild<QDockWidget*>(QStringLiteral("differencesDock"));
    auto* diagnosis = window_->findChild<QDockWidget*>(QStringLiteral("diagnosisDock"));
    ASSERT_TRUE(differences && diagnosis);
    EXPECT_GT(diagnosis->height(), 2 * differences->height()) << "an empty Differences list keeps a line";
    EXPECT_GE(diagnosis->width(), 250) << "room for the Diagnosis' sentences";
    EXPECT_LE(window_->layout()->minimumSize().width(), 1366) << "wider than a 1366 × 768 screen";
}

TEST_F(MapLayoutTest, TheFirstLayoutGivesTheMapRoomToReadCellsAtWorldSize) {
    for (const QSize size : {QSize(1600, 1000), QSize(1366, 768)}) {
        // A window of that size, as a first start makes it (no layout saved).
        MainWindow window;
        window.resize(size);
        sizeDocksToWindow(window);
        window.show();
        ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
        QCoreApplication::processEvents();
        const QSize canvas = window.errorMap()->canvas()->size();
        // The thumbnail was 380 × 170; the map needs about twice that to show a 1° field's cells.
        EXPECT_GE(canvas.width(), size.width() * 38 / 100) << size.width();
        EXPECT_GE(canvas.height(), size.height() * 36 / 100) << size.width();
        window.close();
    }
}

TEST_F(MapLayoutTest, SpotlightAndTheDifferenceColourMapAreRemembered) {
    views::ErrorMapStyle style = window_->errorMap()->style();
    EXPECT_FALSE(style.spotlight);
    style.spotlight = true;
    style.differenceMap = views::ColorMapKind::Balance;
    window_->errorMap()->setStyle(style);
    emit window_->errorMap()->styleChanged(style);  // as a change in the map's controls does
    window_->close();
    views::waitForSettingsWrites();
    EXPECT_TRUE(QSettings().value(settings::kMapSpotlight).toBool());
    MainWindow second;
    EXPECT_TRUE(second.errorMap()->style().spotlight);
    EXPECT_EQ(second.errorMap()->style().differenceMap, views::ColorMapKind::Balance);
}

}  // namespace
}  // namespace meshdiff::gui
