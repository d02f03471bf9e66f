#pragma once
#include <functional>
#include <memory>
#include <optional>

#include <QWidget>

#include "map/ErrorMapRenderer.h"

namespace meshdiff::views {

// Paints an ErrorMapRenderer and reports what lies under the mouse.
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

signals:
    void hovered(const std::optional<meshdiff::views::MapProbe>& probe);
    void clicked(const meshdiff::views::MapProbe& probe);

protected:
    void paintEvent(QPaintEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void leaveEvent(QEvent* event) override;

private:
    std::shared_ptr<ErrorMapRenderer> renderer_ = std::make_shared<ErrorMapRenderer>();
};

}  // namespace meshdiff::views
