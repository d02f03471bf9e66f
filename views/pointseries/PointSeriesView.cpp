#include "pointseries/PointSeriesView.h"

#include <cmath>

#include <QChart>
#include <QChartView>
#include <QLabel>
#include <QLineSeries>
#include <QVBoxLayout>

#include "pointseries/PointSeriesChart.h"
#include "pointseries/PointSeriesText.h"
#include "qtcharts/ChartHover.h"

namespace meshdiff::views {

PointSeriesView::PointSeriesView(QWidget* parent)
    : QWidget(parent), view_(new QChartView(this)), message_(new QLabel(this)), hover_(new ChartHover(view_)) {
    view_->setRenderHint(QPainter::Antialiasing);
    view_->setObjectName(QStringLiteral("pointSeriesChart"));
    // The chart's own minimum (title, legend, three axes) would widen the window on a small screen.
    view_->setMinimumSize(240, 160);
    message_->setAlignment(Qt::AlignCenter);
    message_->setWordWrap(true);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(view_);
    layout->addWidget(message_);
    clear(tr("Click the error map to chart A, B and A − B there across the leads."));
}

QChart* PointSeriesView::chart() const { return view_->chart(); }

QString PointSeriesView::hoverText() const { return hover_->text(); }

void PointSeriesView::setContextActions(const QList<QAction*>& actions) {
    addActions(actions);
    setContextMenuPolicy(Qt::ActionsContextMenu);
}

void PointSeriesView::setSeries(PointSeries series) {
    series_ = std::move(series);
    message_->hide();
    view_->show();
    rebuild();
}

void PointSeriesView::clear(const QString& message) {
    series_.reset();
    hover_->setPoints({});
    message_->setText(message);
    message_->show();
    view_->hide();
}

void PointSeriesView::setCurrentLead(int lead) {
    if (lead == currentLead_) return;
    currentLead_ = lead;
    if (series_) rebuild();
}

void PointSeriesView::rebuild() {
    const PointSeries& s = *series_;
    auto* chart = new QChart;
    chart->setMargins(QMargins(4, 4, 4, 4));
    QString title =
        tr("%1 at %2").arg(QString::fromStdString(s.field), QString::fromStdString(pointSeriesPlace(s.lat, s.lon)));
    if (!s.memberLabel.empty()) title += QStringLiteral(", ") + QString::fromStdString(s.memberLabel);
    const PointSeriesLines lines = fillPointSeriesChart(*chart, s, currentLead_, title.toHtmlEscaped());
    // Each lead's point on every line tells the whole lead.
    std::vector<HoverPoint> points;
    for (std::size_t i = 0; i < s.hours.size(); ++i) {
        const QString text = QString::fromStdString(pointSeriesLeadText(s, i));
        if (std::isfinite(s.a[i])) points.push_back({lines.a, QPointF(s.hours[i], s.a[i]), text});
        if (std::isfinite(s.b[i])) points.push_back({lines.b, QPointF(s.hours[i], s.b[i]), text});
        if (std::isfinite(s.a[i] - s.b[i]))
            points.push_back({lines.difference, QPointF(s.hours[i], s.a[i] - s.b[i]), text});
    }
    QChart* old = view_->chart();
    view_->setChart(chart);
    hover_->setPoints(std::move(points));
    delete old;
}

}  // namespace meshdiff::views
