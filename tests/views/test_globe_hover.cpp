// The globe's hover readout: where the mouse is on the globe, and what the readout says there.
#include <QCoreApplication>
#include <QMouseEvent>
#include <QSignalSpy>
#include <QTest>

#include <gtest/gtest.h>

#include "globe/GlobeView.h"

namespace meshdiff::views {
namespace {

void moveMouse(QWidget& widget, const QPointF& at) {
    QMouseEvent move(QEvent::MouseMove, at, widget.mapToGlobal(at), Qt::NoButton, Qt::NoButton, Qt::NoModifier);
    QCoreApplication::sendEvent(&widget, &move);
}

class GlobeHover : public ::testing::Test {
protected:
    void SetUp() override {
        view.resize(600, 400);
        view.show();
        ASSERT_TRUE(QTest::qWaitForWindowExposed(&view));
        view.lookAt(30, 60);
    }
    GlobeView view;
};

TEST_F(GlobeHover, TheMouseOverTheCentreReadsTheLatLonBelowTheCamera) {
    QSignalSpy hovered(&view, &GlobeView::hovered);
    double askedLat = 0, askedLon = 0;
    view.setHoverReadout([&](double lat, double lon) {
        askedLat = lat, askedLon = lon;
        return QStringLiteral("T2M at %1, %2 K").arg(lat, 0, 'f', 1).arg(lon, 0, 'f', 1);
    });
    moveMouse(view, QPointF(300, 200));
    ASSERT_TRUE(hovered.wait(2000));
    EXPECT_NEAR(hovered.at(0).at(0).toDouble(), 30, 0.5);
    EXPECT_NEAR(hovered.at(0).at(1).toDouble(), 60, 0.5);
    EXPECT_NEAR(askedLat, 30, 0.5);
    EXPECT_NEAR(askedLon, 60, 0.5);
    EXPECT_EQ(view.hoverText(), QStringLiteral("T2M at 30.0, 60.0 K"));
    // The readout is on the picture, bottom left.
    const QImage shown = view.grab().toImage();
    EXPECT_NE(shown.pixel(20, 390), shown.pixel(20, 300));
}

TEST_F(GlobeHover, MovesAreThrottledAndTheLastOneCounts) {
    QSignalSpy hovered(&view, &GlobeView::hovered);
    for (int x = 250; x <= 350; x += 5) moveMouse(view, QPointF(x, 200));
    ASSERT_TRUE(hovered.wait(2000));
    QTest::qWait(120);
    EXPECT_LE(hovered.count(), 3) << "21 moves in a burst";
    // Without a readout function it says where the mouse is; east of the centre: east of 60°.
    EXPECT_TRUE(view.hoverText().contains(QStringLiteral("°E"))) << view.hoverText().toStdString();
    EXPECT_GT(hovered.last().at(1).toDouble(), 60.5);
}

TEST_F(GlobeHover, TheReadoutFollowsTheGlobeTurningUnderAStillMouse) {
    QSignalSpy hovered(&view, &GlobeView::hovered);
    moveMouse(view, QPointF(300, 200));
    ASSERT_TRUE(hovered.wait(2000));
    view.lookAt(-10, 100);
    ASSERT_TRUE(hovered.wait(2000));
    EXPECT_NEAR(hovered.last().at(0).toDouble(), -10, 0.5);
    EXPECT_NEAR(hovered.last().at(1).toDouble(), 100, 0.5);
    EXPECT_EQ(view.hoverText(), QStringLiteral("10.00°S, 100.00°E"));
    // Longitudes past 180° read as west, as on the map's graticule.
    view.lookAt(20, 250);
    ASSERT_TRUE(hovered.wait(2000));
    EXPECT_EQ(view.hoverText(), QStringLiteral("20.00°N, 110.00°W"));
}

TEST_F(GlobeHover, OffTheGlobeOrAwayThereIsNoReadout) {
    QSignalSpy hovered(&view, &GlobeView::hovered);
    moveMouse(view, QPointF(300, 200));
    ASSERT_TRUE(hovered.wait(2000));
    EXPECT_FALSE(view.hoverText().isEmpty());
    moveMouse(view, QPointF(3, 3));  // a corner: space beside the globe
    QTest::qWait(150);
    EXPECT_TRUE(view.hoverText().isEmpty());
    moveMouse(view, QPointF(300, 200));
    QTest::qWait(150);
    QEvent leave(QEvent::Leave);
    QCoreApplication::sendEvent(&view, &leave);
    EXPECT_TRUE(view.hoverText().isEmpty());
}

}  // namespace
}  // namespace meshdiff::views
