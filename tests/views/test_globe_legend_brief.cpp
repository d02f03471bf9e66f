// The globe's legend on a short view (a 1366 × 768 window's strip of globe): given in brief, the
// runs by letter and the words without their explanations, so that it leaves the globe visible; on
// a tall view and in figures it stays whole.
#include <gtest/gtest.h>

#include <QImage>
#include <QPainter>

#include "SyntheticGlobeScene.h"
#include "globe/GlobeLegend.h"

namespace meshdiff::views {
namespace {

// The top-left panel's painted extent: its dark pixels along a row and a column inside it.
QSize legendPanel(const GlobeScene& scene, QSize area, const QColor& paper = QColor()) {
    QImage image(area, QImage::Format_ARGB32);
    image.fill(Qt::white);
    {
        QPainter painter(&image);
        paintGlobeLegend(painter, image.rect(), scene, 1.0, paper);
    }
    const auto dark = [&](int x, int y) { return qGray(image.pixel(x, y)) < 128; };
    int width = 0, height = 0;
    for (int x = 0; x < image.width() / 2 + 200 && x < image.width(); ++x) width += dark(x, 12);
    for (int y = 0; y < image.height(); ++y) height += dark(12, y);
    return {width, height};
}

GlobeScene labelledScene(const test::SyntheticPair& pair) {
    GlobeScene scene = pair.scene();
    scene.setVisible(GlobeLayer::FieldOverlay, false);
    scene.labelA = "glibc float32 math";
    scene.labelB = "Eigen float32 math";
    return scene;
}

TEST(GlobeLegendBrief, AShortViewGetsANarrowerLegendThatLeavesMostOfItsHeight) {
    const test::SyntheticPair pair;
    const GlobeScene scene = labelledScene(pair);
    const QSize tall = legendPanel(scene, QSize(800, 800));
    const QSize shortView = legendPanel(scene, QSize(800, 240));
    ASSERT_GT(tall.width(), 0);
    ASSERT_GT(tall.height(), 240 * 45 / 100) << "the scene's whole legend would cover a short view";
    EXPECT_LT(shortView.width(), tall.width() * 2 / 3) << "the runs by letter, no explanations";
    EXPECT_LE(shortView.height(), tall.height());
}

TEST(GlobeLegendBrief, ATallViewAndAFigureKeepTheWholeLegend) {
    const test::SyntheticPair pair;
    const GlobeScene scene = labelledScene(pair);
    const QSize tall = legendPanel(scene, QSize(800, 800));
    EXPECT_EQ(legendPanel(scene, QSize(800, 1000)), tall);
    // On paper (a figure) the legend has no panel; drawn on dark paper its ink shows where it is.
    const QSize figure = legendPanel(scene, QSize(800, 240), QColor(20, 20, 20));
    EXPECT_GE(figure.width(), tall.width() - 2) << "a figure is never given the brief legend";
}

}  // namespace
}  // namespace meshdiff::views
