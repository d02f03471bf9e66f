// The error map's scale controls: manual limits typed, dragged on the colour bar or switched to,
// |A−B| on a log scale, and restyling on the background pool with the old picture kept.
#include <QComboBox>
#include <QLineEdit>
#include <QMouseEvent>
#include <QSignalSpy>
#include <QTest>

#include <gtest/gtest.h>

#include "ImageCompare.h"
#include "LocalDifferences.h"
#include "map/ErrorMapView.h"

namespace meshdiff::views {
namespace {

// A 0.25° map prepared as a worker would prepare it, shown in a view of window size.
struct ShownMap {
    test::LocalDifferencesPair pair;
    ErrorMapView view;
    ShownMap() {
        auto prepared = std::make_shared<ErrorMapRenderer>();
        prepared->setData(pair.data);
        prepared->prepareImages();
        view.showPrepared(prepared);
        view.resize(1100, 700);
        view.show();
        EXPECT_TRUE(QTest::qWaitForWindowExposed(&view));
    }
    // Waits for the picture in the style asked for last.
    void waitForRestyle() {
        QSignalSpy restyled(&view, &ErrorMapView::restyled);
        while (view.isRestyling() || !(view.renderer().style() == view.style())) {
            if (!restyled.wait(10000)) break;
        }
        EXPECT_TRUE(view.renderer().style() == view.style());
    }
};

TEST(ErrorMapScales, ARestyleIsPreparedInTheBackgroundAndTheOldPictureStaysMeanwhile) {
    ShownMap map;
    const ErrorMapRenderer* before = &map.view.renderer();
    ErrorMapStyle style = map.view.style();
    style.sequentialMap = ColorMapKind::Cividis;
    style.mode = MapMode::AbsDifference;
    map.view.setStyle(style);
    // Nothing was recoloured on this thread: the same renderer, in its old style, is on show.
    EXPECT_EQ(&map.view.renderer(), before);
    EXPECT_EQ(map.view.renderer().style().mode, MapMode::Difference);
    EXPECT_TRUE(map.view.isRestyling());
    map.waitForRestyle();
    EXPECT_NE(&map.view.renderer(), before);
    EXPECT_EQ(map.view.renderer().style().mode, MapMode::AbsDifference);
    // |A−B| on a log scale from the noise floor to the largest difference.
    const ColorScale& magnitude = map.view.renderer().magnitudeScale();
    EXPECT_EQ(magnitude.type, ScaleType::Log);
    EXPECT_EQ(magnitude.kind, ColorMapKind::Cividis);
    EXPECT_NEAR(magnitude.max, 1e-2, 1e-4);
    map.view.grab().save(test::screenshotPath("error_map_view_magnitude.png"));
}

TEST(ErrorMapScales, SwitchingToManualKeepsTheLimitsOnShow) {
    ShownMap map;
    const ColorScale shown = map.view.renderer().differenceScale();
    auto* limits = map.view.findChild<QComboBox*>(QStringLiteral("mapLimits"));
    ASSERT_NE(limits, nullptr);
    limits->setCurrentIndex(limits->findData(int(LimitMode::Manual)));
    EXPECT_EQ(map.view.style().limits.mode, LimitMode::Manual);
    EXPECT_DOUBLE_EQ(map.view.style().limits.manualMin, shown.min);
    EXPECT_DOUBLE_EQ(map.view.style().limits.manualMax, shown.max);
    map.waitForRestyle();
    EXPECT_DOUBLE_EQ(map.view.renderer().differenceScale().max, shown.max);
    EXPECT_EQ(map.view.renderer().differenceScale().type, shown.type);
}

TEST(ErrorMapScales, TypedLimitsMakeTheLimitsManual) {
    ShownMap map;
    auto* lower = map.view.findChild<QLineEdit*>(QStringLiteral("mapLimitMin"));
    auto* upper = map.view.findChild<QLineEdit*>(QStringLiteral("mapLimitMax"));
    ASSERT_NE(lower, nullptr);
    ASSERT_NE(upper, nullptr);
    EXPECT_FALSE(upper->text().isEmpty()) << "the limits in use are shown";
    lower->setText(QStringLiteral("-0.001"));
    upper->setText(QStringLiteral("2e-3"));
    emit upper->editingFinished();
    EXPECT_EQ(map.view.style().limits.mode, LimitMode::Manual);
    map.waitForRestyle();
    EXPECT_DOUBLE_EQ(map.view.renderer().differenceScale().min, -1e-3);
    EXPECT_DOUBLE_EQ(map.view.renderer().differenceScale().max, 2e-3);
    EXPECT_EQ(map.view.renderer().differenceScale().limitsName, "manual");
}

TEST(ErrorMapScales, DraggingAnEndOfTheColourBarMovesThatLimit) {
    ShownMap map;
    QWidget* canvas = map.view.canvas();
    const auto bar = map.view.renderer().differenceBar(QRectF(canvas->rect()));
    ASSERT_TRUE(bar);
    const ColorScale before = map.view.renderer().differenceScale();
    const QPointF grab(bar->limitX(before.max), bar->bar.center().y());
    const QPointF drop(bar->bar.left() + bar->bar.width() * 0.8, grab.y());
    const double expected = bar->valueAtX(drop.x());
    ASSERT_LT(expected, before.max);
    QTest::mousePress(canvas, Qt::LeftButton, {}, grab.toPoint());
    QMouseEvent move(QEvent::MouseMove, drop, canvas->mapToGlobal(drop), Qt::LeftButton, Qt::LeftButton,
                     Qt::NoModifier);
    QCoreApplication::sendEvent(canvas, &move);
    QTest::mouseRelease(canvas, Qt::LeftButton, {}, drop.toPoint());
    EXPECT_EQ(map.view.style().limits.mode, LimitMode::Manual);
    EXPECT_NEAR(map.view.style().limits.manualMax, expected, std::abs(expected) * 0.05);
    EXPECT_DOUBLE_EQ(map.view.style().limits.manualMin, before.min) << "the other limit stays";
    map.waitForRestyle();
    EXPECT_NEAR(map.view.renderer().differenceScale().max, expected, std::abs(expected) * 0.05);
    // The limit now sits inside the histogram's axis, which still reaches the data.
    const auto after = map.view.renderer().differenceBar(QRectF(canvas->rect()));
    ASSERT_TRUE(after);
    EXPECT_LT(after->axis.position(map.view.renderer().differenceScale().max), 0.99);
    map.view.grab().save(test::screenshotPath("error_map_view_dragged_limit.png"));
}

}  // namespace
}  // namespace meshdiff::views
