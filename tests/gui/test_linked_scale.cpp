// One A−B scale, linked: the globe's drape and its legend use exactly the scale of the error map
// (kind, limits, linear band), also after the map is restyled.
#include <QSignalSpy>
#include <QTest>

#include <gtest/gtest.h>

#include "LocalDifferences.h"
#include "ShownWindowTest.h"
#include "globe/GlobeColors.h"
#include "globe/GlobeView.h"
#include "map/ErrorMapView.h"
#include "pair/FieldMap.h"

namespace meshdiff::gui {
namespace {

TEST(LinkedScale, APreparedFieldMapDrapesWithTheMapsScaleAndColours) {
    const test::LocalDifferencesPair pair;
    FieldMap map = pair::prepareFieldMap(pair.data, views::ErrorMapStyle{});
    ASSERT_TRUE(map.overlay.scale);
    EXPECT_EQ(*map.overlay.scale, map.renderer->differenceScale());
    map.overlay.opacity = 1;
    const std::vector<std::uint8_t> pixels = views::drapePixels(map.overlay);
    for (std::size_t i = 0; i < map.overlay.values.size(); i += 997) {
        const views::Rgb drape{pixels[3 * i], pixels[3 * i + 1], pixels[3 * i + 2]};
        EXPECT_EQ(drape, map.renderer->differenceScale().color(map.overlay.values[i])) << i;
    }
}

class LinkedScaleTest : public test::ShownWindowTest {};

TEST_F(LinkedScaleTest, TheDrapeFollowsTheMapWhenItsLimitsChange) {
    QSignalSpy mapShown(window_.get(), &MainWindow::fieldMapShown);
    window_->openPair(test::runFolder("A"), test::runFolder("B"));
    ASSERT_TRUE(mapShown.wait(60000)) << window_->lastError().toStdString();
    views::ErrorMapView* map = window_->errorMap();
    const views::FieldOverlay& drape = window_->globe()->scene().field;
    ASSERT_FALSE(drape.empty());
    ASSERT_TRUE(drape.scale);
    EXPECT_EQ(*drape.scale, map->renderer().differenceScale());

    views::ErrorMapStyle style = map->style();
    style.limits.mode = views::LimitMode::Manual;
    style.limits.manualMin = -1e-3;
    style.limits.manualMax = 2e-3;
    style.scale = views::ScaleChoice::SymLog;
    QSignalSpy restyled(map, &views::ErrorMapView::restyled);
    map->setStyle(style);
    while (map->isRestyling() || !(map->renderer().style() == style)) ASSERT_TRUE(restyled.wait(10000));
    QCoreApplication::processEvents();
    const views::FieldOverlay& after = window_->globe()->scene().field;
    ASSERT_TRUE(after.scale);
    EXPECT_EQ(*after.scale, map->renderer().differenceScale());
    EXPECT_DOUBLE_EQ(after.scale->max, 2e-3);
    EXPECT_EQ(after.scale->type, views::ScaleType::SymLog);
    for (double v : {-2e-3, -1e-4, 0.0, 3e-5, 1e-3, 5e-3})
        EXPECT_EQ(views::overlayScale(after).color(v), map->renderer().differenceScale().color(v)) << v;
}

TEST_F(LinkedScaleTest, TheScaleChoiceAndManualLimitsPersistInANewWindow) {
    views::ErrorMapStyle style = window_->errorMap()->style();
    EXPECT_EQ(style.scale, views::ScaleChoice::Auto) << "a new user starts on Auto";
    style.scale = views::ScaleChoice::Linear;
    style.mode = views::MapMode::AbsDifference;
    style.limits.mode = views::LimitMode::Manual;
    style.limits.manualMin = -2.5e-4;
    style.limits.manualMax = 7.5e-3;
    window_->errorMap()->setStyle(style);
    window_->close();
    MainWindow second;
    const views::ErrorMapStyle& restored = second.errorMap()->style();
    EXPECT_EQ(restored.scale, views::ScaleChoice::Linear);
    EXPECT_EQ(restored.mode, views::MapMode::AbsDifference);
    EXPECT_EQ(restored.limits.mode, views::LimitMode::Manual);
    EXPECT_DOUBLE_EQ(restored.limits.manualMin, -2.5e-4);
    EXPECT_DOUBLE_EQ(restored.limits.manualMax, 7.5e-3);
}

}  // namespace
}  // namespace meshdiff::gui
