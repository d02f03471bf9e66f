#include "qtcharts/ChartHover.h"

#include <QAbstractSeries>
#include <QChart>
#include <QChartView>
#include <QHelpEvent>
#include <QMouseEvent>
#include <QToolTip>

#include <cmath>

namespace meshdiff::views {

ChartHover::ChartHover(QChartView* view) : QObject(view), view_(view) {
    view_->viewport()->setMouseTracking(true);
    view_->viewport()->installEventFilter(this);
}

void ChartHover::setPoints(std::vector<HoverPoint> points) {
    points_ = std::move(points);
    if (!text_.isEmpty()) QToolTip::hideText();
    text_.clear();
}

bool ChartHover::eventFilter(QObject* watched, QEvent* event) {
    if (watched == view_->viewport()) {
        if (event->type() == QEvent::MouseMove) showNear(static_cast<QMouseEvent*>(event)->position().toPoint());
        else if (event->type() == QEvent::Leave) showNear(QPoint(-10000, -10000));
        else if (event->type() == QEvent::ToolTip) {
            // The mouse at rest: Qt asks the viewport for its tooltip and, as it has none, hides ours.
            showNear(static_cast<QHelpEvent*>(event)->pos());
            return true;
        }
    }
    return QObject::eventFilter(watched, event);
}

void ChartHover::showNear(const QPoint& at) {
    constexpr double kReach = 10;
    const HoverPoint* best = nullptr;
    double bestDistance = kReach;
    QChart* chart = view_->chart();
    const QList<QAbstractSeries*> shown = chart->series();
    for (const HoverPoint& p : points_) {
        if (!shown.contains(p.series)) continue;  // a chart built since, without setPoints yet
        const QPointF inChart = chart->mapToPosition(p.value, p.series);
        const QPointF onScreen = view_->mapFromScene(chart->mapToScene(inChart));
        const double distance = std::hypot(onScreen.x() - at.x(), onScreen.y() - at.y());
        if (distance <= bestDistance) bestDistance = distance, best = &p;
    }
    if (!best) {
        if (!text_.isEmpty()) QToolTip::hideText();
        text_.clear();
        return;
    }
    text_ = best->text;
    QToolTip::showText(view_->viewport()->mapToGlobal(at), text_, view_);
}

}  // namespace meshdiff::views
