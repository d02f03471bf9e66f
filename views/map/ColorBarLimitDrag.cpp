#include "map/ColorBarLimitDrag.h"

#include <cmath>

#include <QMouseEvent>

#include "map/ErrorMapCanvas.h"
#include "map/ErrorMapView.h"

namespace meshdiff::views {

ColorBarLimitDrag::ColorBarLimitDrag(ErrorMapCanvas* canvas, ErrorMapView* view)
    : QObject(view), canvas_(canvas), view_(view) {
    canvas_->installEventFilter(this);
}

std::optional<bool> ColorBarLimitDrag::handleAt(const QPointF& position, ColorBarGeometry& geometry) const {
    const auto bar = canvas_->renderer().differenceBar(QRectF(canvas_->rect()));
    if (!bar) return std::nullopt;
    const double reach = std::max(6.0, bar->bar.height() * 0.6);
    const double top = (bar->histogram.isEmpty() ? bar->bar.top() : bar->histogram.top()) - reach;
    if (position.y() < top || position.y() > bar->bar.bottom() + 2) return std::nullopt;
    const ColorScale& scale = canvas_->renderer().differenceScale();
    const double toMin = std::abs(position.x() - bar->limitX(scale.min));
    const double toMax = std::abs(position.x() - bar->limitX(scale.max));
    if (std::min(toMin, toMax) > reach) return std::nullopt;
    geometry = *bar;
    return toMax <= toMin;
}

bool ColorBarLimitDrag::eventFilter(QObject* watched, QEvent* event) {
    if (watched != canvas_) return false;
    switch (event->type()) {
        case QEvent::MouseButtonPress: {
            auto* mouse = static_cast<QMouseEvent*>(event);
            if (mouse->button() != Qt::LeftButton) return false;
            dragging_ = handleAt(mouse->position(), geometry_);
            return dragging_.has_value();
        }
        case QEvent::MouseMove: {
            auto* mouse = static_cast<QMouseEvent*>(event);
            if (dragging_) {
                view_->setManualLimit(*dragging_, geometry_.valueAtX(mouse->position().x()), false);
                return true;
            }
            ColorBarGeometry unused;
            if (handleAt(mouse->position(), unused)) canvas_->setCursor(Qt::SizeHorCursor);
            else canvas_->unsetCursor();
            return false;
        }
        case QEvent::MouseButtonRelease: {
            if (!dragging_) return false;
            auto* mouse = static_cast<QMouseEvent*>(event);
            view_->setManualLimit(*dragging_, geometry_.valueAtX(mouse->position().x()), true);
            dragging_.reset();
            return true;
        }
        default: return false;
    }
}

}  // namespace meshdiff::views
