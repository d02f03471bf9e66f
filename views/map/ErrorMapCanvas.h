#pragma once
#include <functional>
#include <memory>
#include <optional>

#include <QWidget>

#include "map/ErrorMapRenderer.h"
#include "map/MapPicture.h"

class QTimer;

namespace meshdiff::views {

// Paints an ErrorMapRenderer and reports what lies under the mouse. The wheel zooms at the
// cursor (the point under it stays put), a drag pans, a double-click shows the whole world
// again; keys: + and − zoom, 0 resets, arrows pan. Only the view window changes: the field's
// colours are not recomputed. A click is reported once the double-click interval has passed.
// The map is drawn by a worker at the canvas's size (MapPicture); a paint only blits the last
// picture, moved or scaled to the new view window or size until the next one is ready.
class ErrorMapCanvas : public QWidget {
    Q_OBJECT
public:
    explicit ErrorMapCanvas(QWidget* parent = nullptr);
    // What is shown; never changed once shown (a worker may be drawing it): see setStyle.
    const ErrorMapRenderer& renderer() const { return *renderer_; }
    // Shows a renderer prepared elsewhere (ErrorMapRenderer::prepareImages on a worker); the
    // one it replaces is returned, for the caller to free off the GUI thread.
    std::shared_ptr<const ErrorMapRenderer> setRenderer(std::shared_ptr<const ErrorMapRenderer> renderer);
    // Shows a copy of the renderer in `style`: cheap when only the view window or the overlays
    // change; other changes recolour the field at the next picture (small maps only).
    void setStyle(const ErrorMapStyle& style);
    // The picture on show is the one of the renderer, view window and size shown now.
    bool isPictureCurrent() const;
    QSize sizeHint() const override { return {720, 420}; }

    void setViewport(const MapViewport& viewport);
    // Zooms by `factor` keeping the map point under `position` (canvas pixels) where it is; at
    // the centre of the first map when `position` is over none.
    void zoomAt(const QPointF& position, double factor);

signals:
    void hovered(const std::optional<meshdiff::views::MapProbe>& probe);
    void clicked(const meshdiff::views::MapProbe& probe);
    void viewportChanged(const meshdiff::views::MapViewport& viewport);
    void pictureShown();  // a worker's picture of what is shown now is on screen

protected:
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void showEvent(QShowEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void mouseDoubleClickEvent(QMouseEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void leaveEvent(QEvent* event) override;

private:
    // The map frame under `position`, or the first one.
    QRectF frameAt(const QPointF& position) const;
    void requestPicture();
    void startPicture();
    void pictureDone(MapPicture picture);

    std::shared_ptr<const ErrorMapRenderer> renderer_ = std::make_shared<ErrorMapRenderer>();
    MapPicture picture_;
    int pictureGeneration_ = 0;  // counts what was asked for; the picture answering the last is current
    bool pictureRunning_ = false, pictureWanted_ = false;
    bool pressed_ = false, dragging_ = false;
    QPointF pressPosition_;
    MapViewport pressViewport_;
    QRectF pressFrame_;
    QTimer* clickDelay_ = nullptr;
    std::optional<MapProbe> pendingClick_;
};

}  // namespace meshdiff::views
