#include "map/MapPicture.h"

#include <cmath>

#include <QPainter>

#include "colormap/ColorMap.h"

namespace meshdiff::views {
namespace {

// Same colours and overlays, other view window: the old picture's maps can be moved.
bool onlyViewportDiffers(const ErrorMapRenderer& a, const ErrorMapRenderer& b) {
    ErrorMapStyle sa = a.style(), sb = b.style();
    sa.viewport = sb.viewport = {};
    return a.data() == b.data() && sa == sb;
}

// Where a map frame drawn showing `shown` lies in the frame `to` showing `now`, `turns` times 360°
// further east.
QRectF movedFrame(const MapViewport& shown, const QRectF& to, const MapViewport& now, int turns) {
    // The shorter way round: centres 179° and −179° are 2° apart.
    const double west = shown.west() + 360.0 * (std::round((now.centerLon - shown.centerLon) / 360.0) + turns);
    const double scaleX = to.width() / now.lonSpan(), scaleY = to.height() / now.latSpan();
    return {to.left() + (west - now.west()) * scaleX, to.top() + (now.north() - shown.north()) * scaleY,
            shown.lonSpan() * scaleX, shown.latSpan() * scaleY};
}

}  // namespace

MapPicture drawMapPicture(std::shared_ptr<const ErrorMapRenderer> renderer, const QSizeF& size, double pixelRatio,
                          int generation) {
    MapPicture picture;
    const QSize pixels(std::max(1, int(std::lround(size.width() * pixelRatio))),
                       std::max(1, int(std::lround(size.height() * pixelRatio))));
    picture.image = QImage(pixels, QImage::Format_ARGB32_Premultiplied);
    picture.image.setDevicePixelRatio(pixelRatio);
    picture.image.fill(renderer->look().paper);
    {
        QPainter painter(&picture.image);
        renderer->render(painter, QRectF(QPointF(0, 0), size));
    }
    picture.frames = renderer->mapFrames(QRectF(QPointF(0, 0), size));
    picture.size = size;
    picture.renderer = std::move(renderer);
    picture.generation = generation;
    return picture;
}

void paintMapPicture(QPainter& painter, const MapPicture& picture, const ErrorMapRenderer& now, const QRectF& target) {
    if (picture.image.isNull()) return;
    if (picture.size != target.size() || !onlyViewportDiffers(*picture.renderer, now)) {
        painter.drawImage(target, picture.image);
        return;
    }
    painter.drawImage(target.topLeft(), picture.image);
    const MapViewport& shown = picture.renderer->style().viewport;
    const MapViewport& wanted = now.style().viewport;
    if (shown == wanted) return;
    const std::vector<QRectF> frames = now.mapFrames(target);
    if (frames.size() != picture.frames.size()) return;
    const double ratio = picture.image.devicePixelRatio();
    painter.save();
    for (std::size_t k = 0; k < frames.size(); ++k) {
        const QRectF& from = picture.frames[k];
        const QRectF source(from.topLeft() * ratio, from.size() * ratio);
        painter.setClipRect(frames[k]);
        painter.fillRect(frames[k], QColor(kMissingColor.r, kMissingColor.g, kMissingColor.b));
        // A whole-world picture also fills the window beside it, one turn east or west.
        const int turns = shown.wholeWorld() ? 1 : 0;
        for (int turn = -turns; turn <= turns; ++turn)
            painter.drawImage(movedFrame(shown, frames[k], wanted, turn), picture.image, source);
    }
    painter.restore();
}

}  // namespace meshdiff::views
