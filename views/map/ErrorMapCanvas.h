#pragma once
#include <functional>
#include <memory>
#include <optional>

#include <QWidget>

#include "map/ErrorMapRenderer.h"

class QTimer;

namespace meshdiff::views {

// Paints an ErrorMapRenderer and reports what lies under the mouse. The wheel zooms at the
// cursor (the point under it stays put), a drag pans, a double-click shows the whole world
// again; keys: + and − zoom, 0 resets, arrows pan. Only the view window changes: the field's
// colours are not recomputed. A click is reported once the double-click interval has passed.
class ErrorMapCanvas : public QWidget {
    Q_OBJECT
public:
    explicit ErrorMapCanvas(QWidget* parent = nullptr);
    ErrorMapRenderer& renderer() { return *renderer_; }
    const ErrorMapRenderer& renderer() const { return *renderer_; }
    // Shows a renderer prepared elsewhere (ErrorMapRenderer::prepareImages on a worker); the
    // one it replaces is returned, for the caller to free off the GUI thread.
    std::shared_ptr<ErrorMapRenderer> setRenderer(std::shared_ptr<ErrorMapRenderer> renderer);
    QSize sizeHint() const override { return {720, 420}; }

    void setViewport(const MapViewport& viewport);
    // Zooms by `factor` keeping the map point under `position` (canvas pixels) where it is; at
    // the centre of the first map when `position` is over none.
    void zoomAt(const QPointF& position, double factor);

signals:
    void hovered(const std::optional<meshdiff::views::MapProbe>& probe);
    void clicked(const meshdiff::views::MapProbe& probe);
    void viewportChanged(const meshdiff::views::MapViewport& viewport);

protected:
    void paintEvent(QPaintEvent* event) override;
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

    std::shared_ptr<ErrorMapRenderer> renderer_ = std::make_shared<ErrorMapRenderer>();
    bool pressed_ = false, dragging_ = false;
    QPointF pressPosition_;
    MapViewport pressViewport_;
    QRectF pressFrame_;
    QTimer* clickDelay_ = nullptr;
    std::optional<MapProbe> pendingClick_;
};

}  // namespace meshdiff::views
