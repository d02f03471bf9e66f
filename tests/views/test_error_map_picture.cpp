// The error map canvas paints pictures drawn by a worker: a paint never colours or draws the
// field on the GUI thread (a 0.1° field took 100–215 ms a paint), yet at rest it shows exactly
// what the renderer draws, and a zoom moves the picture on show until the new one is ready.
#include <QSignalSpy>
#include <QTest>

#include <gtest/gtest.h>

#include <memory>
#include <utility>

#include "ImageCompare.h"
#include "LocalDifferences.h"
#include "map/ErrorMapCanvas.h"

namespace meshdiff::views {
namespace {

constexpr QSize kCanvasSize(900, 520);

// A 0.25° map (1 M grid points) prepared as a worker prepares it.
std::shared_ptr<ErrorMapRenderer> preparedMap(const test::LocalDifferencesPair& pair) {
    auto renderer = std::make_shared<ErrorMapRenderer>();
    renderer->setData(pair.data);
    renderer->prepareImages();
    return renderer;
}

struct ShownCanvas {
    ErrorMapCanvas canvas;
    ShownCanvas() {
        canvas.resize(kCanvasSize);
        canvas.show();
        EXPECT_TRUE(QTest::qWaitForWindowExposed(&canvas));
    }
    QImage grab() { return canvas.grab().toImage().convertToFormat(QImage::Format_RGB32); }
    void waitForPicture() {
        QSignalSpy shown(&canvas, &ErrorMapCanvas::pictureShown);
        while (!canvas.isPictureCurrent()) ASSERT_TRUE(shown.wait(20000));
    }
    // The renderer on show, with its picture drawn and shown.
    void showAtRest(std::shared_ptr<const ErrorMapRenderer> renderer) {
        canvas.setRenderer(std::move(renderer));
        waitForPicture();
    }
};

// The pixels of the map's frame that are neither the paper nor the missing-value grey: the field.
long fieldPixels(const QImage& image, const QRectF& frame) {
    const QRect inside = frame.adjusted(4, 4, -4, -4).toRect();
    return long(inside.width()) * inside.height() - test::countColor(image, Qt::white, 2, inside) -
           test::countColor(image, QColor(kMissingColor.r, kMissingColor.g, kMissingColor.b), 2, inside);
}

TEST(ErrorMapPicture, APaintNeverDrawsTheFieldOnTheGuiThread) {
    ShownCanvas shown;
    const test::LocalDifferencesPair pair;
    auto renderer = preparedMap(pair);
    shown.canvas.setRenderer(renderer);
    const QRectF frame = renderer->mapFrames(QRectF(QPointF(0, 0), QSizeF(kCanvasSize))).front();
    // Painted at once, before the worker's picture could come back (it arrives through this
    // thread's event loop): a paint that drew the map itself would show the field here.
    EXPECT_FALSE(shown.canvas.isPictureCurrent());
    EXPECT_EQ(fieldPixels(shown.grab(), frame), 0);

    shown.waitForPicture();
    EXPECT_GT(fieldPixels(shown.grab(), frame), long(frame.width() * frame.height()) / 2);
}

TEST(ErrorMapPicture, AtRestTheCanvasShowsExactlyWhatTheRendererDraws) {
    ShownCanvas shown;
    const test::LocalDifferencesPair pair;
    auto renderer = preparedMap(pair);
    shown.showAtRest(renderer);
    const auto comparison =
        test::compareImages(shown.grab(), renderer->toImage(kCanvasSize).convertToFormat(QImage::Format_RGB32), 0);
    EXPECT_TRUE(comparison.sizeMatches);
    EXPECT_EQ(comparison.mismatched, 0);

    // Zoomed in: the same again once the new picture is in.
    shown.canvas.zoomAt(QPointF(kCanvasSize.width() / 2.0, kCanvasSize.height() / 2.0), 4);
    shown.waitForPicture();
    ErrorMapRenderer zoomed(*renderer);
    ErrorMapStyle style = renderer->style();
    style.viewport = shown.canvas.renderer().style().viewport;
    ASSERT_GT(style.viewport.zoom, 3.9);
    zoomed.setStyle(style);
    EXPECT_EQ(test::compareImages(shown.grab(), zoomed.toImage(kCanvasSize).convertToFormat(QImage::Format_RGB32), 0)
                  .mismatched,
              0);
}

TEST(ErrorMapPicture, AZoomMovesThePictureOnShowUntilTheNewOneIsReady) {
    ShownCanvas shown;
    const test::LocalDifferencesPair pair;
    auto renderer = preparedMap(pair);
    shown.showAtRest(renderer);
    const QRectF frame = renderer->mapFrames(QRectF(QPointF(0, 0), QSizeF(kCanvasSize))).front();
    shown.canvas.zoomAt(frame.center(), 2);
    EXPECT_FALSE(shown.canvas.isPictureCurrent());
    const QImage moved = shown.grab();
    // The old picture's centre half, stretched over the frame: the field still fills it.
    EXPECT_GT(fieldPixels(moved, frame), long(frame.width() * frame.height()) / 2);
    // The stretched picture is close to the new one (the same colours, twice as coarse).
    shown.waitForPicture();
    const QImage sharp = shown.grab();
    const QRect centre = QRectF(frame.center() - QPointF(60, 30), QSizeF(120, 60)).toRect();
    EXPECT_LT(test::compareImages(moved.copy(centre), sharp.copy(centre), 40).mismatched, 120 * 60 / 10);
}

}  // namespace
}  // namespace meshdiff::views
