#include "pointseries/PointSeriesView.h"

#include <algorithm>
#include <cmath>

#include <QChart>
#include <QChartView>
#include <QLabel>
#include <QLegendMarker>
#include <QLineSeries>
#include <QScatterSeries>
#include <QVBoxLayout>
#include <QValueAxis>

namespace meshdiff::views {
namespace {

QString axisTitle(const QString& what, const std::string& units) {
    return units.empty() ? what : QStringLiteral("%1 (%2)").arg(what, QString::fromStdString(units));
}

QString place(double lat, double lon) {
    const double east = lon > 180 ? lon - 360 : lon;
    return QStringLiteral("%1°%2 %3°%4")
        .arg(std::abs(lat), 0, 'f', 2)
        .arg(lat < 0 ? QStringLiteral("S") : QStringLiteral("N"))
        .arg(std::abs(east), 0, 'f', 2)
        .arg(east < 0 ? QStringLiteral("W") : QStringLiteral("E"));
}

QLineSeries* line(QChart& chart, const QString& name, const QColor& color, Qt::PenStyle style, double width) {
    auto* series = new QLineSeries(&chart);
    series->setName(name);
    series->setPen(QPen(color, width, style));
    series->setPointsVisible(true);
    return series;
}

}  // namespace

PointSeriesView::PointSeriesView(QWidget* parent)
    : QWidget(parent), view_(new QChartView(this)), message_(new QLabel(this)) {
    view_->setRenderHint(QPainter::Antialiasing);
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

void PointSeriesView::setSeries(PointSeries series) {
    series_ = std::move(series);
    message_->hide();
    view_->show();
    rebuild();
}

void PointSeriesView::clear(const QString& message) {
    series_.reset();
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
    QString title = tr("%1 at %2").arg(QString::fromStdString(s.field), place(s.lat, s.lon));
    if (!s.memberLabel.empty()) title += QStringLiteral(", ") + QString::fromStdString(s.memberLabel);
    chart->setTitle(title);
    chart->legend()->setAlignment(Qt::AlignBottom);
    chart->setMargins(QMargins(4, 4, 4, 4));
    QLineSeries* a =
        line(*chart, tr("A"), QColor(0x1f, 0x77, 0xb4), Qt::SolidLine, 4);  // wide: A shows where B lies on it
    QLineSeries* b = line(*chart, tr("B"), QColor(0xff, 0x7f, 0x0e), Qt::DashLine, 2);
    QLineSeries* d = line(*chart, tr("A − B (right axis)"), QColor(0x44, 0x44, 0x44), Qt::DotLine, 2);
    auto* marked = new QScatterSeries(chart);
    marked->setName(tr("lead on show"));
    marked->setMarkerSize(11);
    marked->setColor(Qt::transparent);
    marked->setBorderColor(Qt::black);
    auto* markedD = new QScatterSeries(chart);
    markedD->setMarkerSize(11);
    markedD->setColor(Qt::transparent);
    markedD->setBorderColor(Qt::black);
    for (std::size_t i = 0; i < s.hours.size(); ++i) {
        const bool onShow = int(i) == currentLead_;
        if (std::isfinite(s.a[i])) a->append(s.hours[i], s.a[i]), onShow ? marked->append(s.hours[i], s.a[i]) : void();
        if (std::isfinite(s.b[i])) b->append(s.hours[i], s.b[i]), onShow ? marked->append(s.hours[i], s.b[i]) : void();
        const double diff = s.a[i] - s.b[i];
        if (std::isfinite(diff)) d->append(s.hours[i], diff), onShow ? markedD->append(s.hours[i], diff) : void();
    }
    for (QAbstractSeries* series :
         {static_cast<QAbstractSeries*>(a), static_cast<QAbstractSeries*>(b), static_cast<QAbstractSeries*>(d),
          static_cast<QAbstractSeries*>(marked), static_cast<QAbstractSeries*>(markedD)})
        chart->addSeries(series);
    auto* leadAxis = new QValueAxis(chart);
    leadAxis->setTitleText(s.hoursKnown ? tr("lead (h)") : tr("lead"));
    leadAxis->setLabelFormat(QStringLiteral("%g"));
    if (s.hours.size() > 1) {
        // A tick on the leads (every few of them when there are many), half a step either side.
        const double step = (s.hours.back() - s.hours.front()) / double(s.hours.size() - 1);
        leadAxis->setRange(s.hours.front() - step / 2, s.hours.back() + step / 2);
        leadAxis->setTickType(QValueAxis::TicksDynamic);
        leadAxis->setTickAnchor(s.hours.front());
        leadAxis->setTickInterval(step * std::ceil(double(s.hours.size()) / 10));
    }
    auto* valueAxis = new QValueAxis(chart);
    valueAxis->setLabelFormat(QStringLiteral("%.6g"));
    valueAxis->setTitleText(axisTitle(tr("A, B"), s.units));
    auto* diffAxis = new QValueAxis(chart);
    diffAxis->setLabelFormat(QStringLiteral("%.3g"));
    diffAxis->setTitleText(axisTitle(tr("A − B"), s.units));
    chart->addAxis(leadAxis, Qt::AlignBottom);
    chart->addAxis(valueAxis, Qt::AlignLeft);
    chart->addAxis(diffAxis, Qt::AlignRight);
    for (QAbstractSeries* series :
         {static_cast<QAbstractSeries*>(a), static_cast<QAbstractSeries*>(b), static_cast<QAbstractSeries*>(marked)}) {
        series->attachAxis(leadAxis);
        series->attachAxis(valueAxis);
    }
    d->attachAxis(leadAxis);
    d->attachAxis(diffAxis);
    markedD->attachAxis(leadAxis);
    markedD->attachAxis(diffAxis);
    chart->legend()->markers(markedD).first()->setVisible(false);
    valueAxis->applyNiceNumbers();
    diffAxis->applyNiceNumbers();
    QChart* old = view_->chart();
    view_->setChart(chart);
    delete old;
}

}  // namespace meshdiff::views
