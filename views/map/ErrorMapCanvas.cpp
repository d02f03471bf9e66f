#include "map/ErrorMapCanvas.h"

#include <utility>

#include <QMouseEvent>
#include <QPainter>

namespace meshdiff::views {

ErrorMapCanvas::ErrorMapCanvas(QWidget* parent) : QWidget(parent) {
    setMouseTracking(true);
    setMinimumSize(240, 140);
    setObjectName(QStringLiteral("errorMapCanvas"));
}

void ErrorMapCanvas::paintEvent(QPaintEvent*) {
    QPainter painter(this);
    renderer_->render(painter, QRectF(rect()));
}

std::shared_ptr<ErrorMapRenderer> ErrorMapCanvas::setRenderer(std::shared_ptr<ErrorMapRenderer> renderer) {
    auto previous = std::exchange(renderer_, std::move(renderer));
    update();
    return previous;
}

void ErrorMapCanvas::mouseMoveEvent(QMouseEvent* event) {
    emit hovered(renderer_->probe(event->position(), QRectF(rect())));
}

void ErrorMapCanvas::mousePressEvent(QMouseEvent* event) {
    if (event->button() != Qt::LeftButton) return;
    if (const auto probe = renderer_->probe(event->position(), QRectF(rect()))) emit clicked(*probe);
}

void ErrorMapCanvas::leaveEvent(QEvent*) { emit hovered(std::nullopt); }

}  // namespace meshdiff::views
