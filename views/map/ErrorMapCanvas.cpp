#include "map/ErrorMapCanvas.h"

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
    renderer_.render(painter, QRectF(rect()));
}

void ErrorMapCanvas::mouseMoveEvent(QMouseEvent* event) { emit hovered(renderer_.probe(event->position(), QRectF(rect()))); }

void ErrorMapCanvas::mousePressEvent(QMouseEvent* event) {
    if (event->button() != Qt::LeftButton) return;
    if (const auto probe = renderer_.probe(event->position(), QRectF(rect()))) emit clicked(*probe);
}

void ErrorMapCanvas::leaveEvent(QEvent*) { emit hovered(std::nullopt); }

}  // namespace meshdiff::views
