#include "growthchart/GrowthChartView.h"

#include <QChart>
#include <QChartView>
#include <QCursor>
#include <QLabel>
#include <QLineSeries>
#include <QTimer>
#include <QVBoxLayout>

#include <cmath>
#include <set>

#include "growthchart/GrowthChart.h"
#include "qtcharts/ChartHover.h"

namespace meshdiff::views {

GrowthChartView::GrowthChartView(QWidget* parent)
    : QWidget(parent),
      view_(new QChartView(this)),
      empty_(new QLabel(tr("No leads to chart."), this)),
      hover_(new ChartHover(view_)) {
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

QString GrowthChartView::hoverText() const { return hover_->text(); }

void GrowthChartView::setData(GrowthChartData data) {
    data_ = std::move(data);
    keepColors();
    auto* fresh = new QChart;
    fresh->setMargins(QMargins(4, 4, 4, 4));
    fillGrowthChart(*fresh, data_);
    std::vector<HoverPoint> hoverPoints;
    for (QAbstractSeries* series : fresh->series()) {
        auto* line = qobject_cast<QLineSeries*>(series);
        if (!line) continue;
        connectSeries(line);
        const std::string name = line->objectName().toStdString();
        for (const GrowthLine& l : data_.lines)
            if (l.field == name)
                for (const GrowthPoint& p : l.points)
                    hoverPoints.push_back(
                        {line, QPointF(p.x, p.relRms), QString::fromStdString(growthPointText(data_, l, p))});
    }
    hover_->setPoints(std::move(hoverPoints));
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

void GrowthChartView::keepColors() {
    // A field seen before keeps its colour; a new one takes the first colour no line shown has.
    std::set<std::size_t> taken;
    for (const GrowthLine& line : data_.lines)
        if (const auto it = colors_.find(line.field); it != colors_.end()) taken.insert(it->second);
    std::size_t next = 0;
    for (GrowthLine& line : data_.lines) {
        auto it = colors_.find(line.field);
        if (it == colors_.end()) {
            while (taken.contains(next)) ++next;
            it = colors_.emplace(line.field, next).first;
            taken.insert(next);
        }
        line.color = it->second;
    }
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
}

}  // namespace meshdiff::views
