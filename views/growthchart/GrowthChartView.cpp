#include "growthchart/GrowthChartView.h"

#include <QChart>
#include <QChartView>
#include <QCursor>
#include <QLabel>
#include <QLineSeries>
#include <QTimer>
#include <QToolTip>
#include <QVBoxLayout>

#include <cmath>

#include "growthchart/GrowthChart.h"

namespace meshdiff::views {

GrowthChartView::GrowthChartView(QWidget* parent)
    : QWidget(parent), view_(new QChartView(this)), empty_(new QLabel(tr("No leads to chart."), this)) {
    view_->setRenderHint(QPainter::Antialiasing);
    view_->setObjectName(QStringLiteral("growthChart"));
    empty_->setAlignment(Qt::AlignCenter);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(view_);
    layout->addWidget(empty_);
    view_->hide();
}

QChart* GrowthChartView::chart() const { return view_->chart(); }

void GrowthChartView::setData(GrowthChartData data) {
    data_ = std::move(data);
    auto* fresh = new QChart;
    fresh->setMargins(QMargins(4, 4, 4, 4));
    fillGrowthChart(*fresh, data_);
    for (QAbstractSeries* series : fresh->series())
        if (auto* line = qobject_cast<QLineSeries*>(series)) connectSeries(line);
    QChart* old = view_->chart();
    view_->setChart(fresh);       // the view does not delete the chart it showed
    if (old) old->deleteLater();  // its series may be in the middle of handling a click
    const bool anything = !data_.lines.empty() && data_.leadX.size() > 1;
    view_->setVisible(anything);
    empty_->setVisible(!anything);
}

const GrowthPoint* GrowthChartView::nearestPoint(const QString& field, QPointF value, const GrowthLine** line) const {
    const std::string name = field.toStdString();
    const auto it =
        std::find_if(data_.lines.begin(), data_.lines.end(), [&](const GrowthLine& l) { return l.field == name; });
    if (it == data_.lines.end() || it->points.empty()) return nullptr;
    // Lead spacing dominates: x first, then the distance in decades.
    const GrowthPoint* best = nullptr;
    double bestDistance = INFINITY;
    for (const GrowthPoint& p : it->points) {
        const double dy = value.y() > 0 ? std::log10(value.y() / p.relRms) : 0;
        const double d = std::abs(p.x - value.x()) * 1e3 + std::abs(dy);
        if (d < bestDistance) {
            bestDistance = d;
            best = &p;
        }
    }
    *line = &*it;
    return best;
}

void GrowthChartView::connectSeries(QLineSeries* series) {
    const QString field = series->objectName();
    connect(series, &QLineSeries::clicked, this, [this, field](const QPointF& value) {
        const GrowthLine* line = nullptr;
        const GrowthPoint* p = nearestPoint(field, value, &line);
        if (!p) return;
        // After the click is handled: a receiver that changes the chart's data rebuilds the series.
        QTimer::singleShot(0, this, [this, field, lead = int(p->lead)] { emit pointClicked(field, lead); });
    });
    connect(series, &QLineSeries::hovered, this, [this, field](const QPointF& value, bool entered) {
        const GrowthLine* line = nullptr;
        const GrowthPoint* p = entered ? nearestPoint(field, value, &line) : nullptr;
        if (!p) {
            QToolTip::hideText();
            return;
        }
        hoverText_ = QString::fromStdString(growthPointText(data_, *line, *p));
        QToolTip::showText(QCursor::pos(), hoverText_, view_);
    });
}

}  // namespace meshdiff::views
