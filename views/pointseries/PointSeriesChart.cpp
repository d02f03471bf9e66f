#include "pointseries/PointSeriesChart.h"

#include <cmath>

#include <QChart>
#include <QLegendMarker>
#include <QLineSeries>
#include <QScatterSeries>
#include <QValueAxis>

#include "qtcharts/ChartAxisInk.h"

namespace meshdiff::views {
namespace {

QString axisTitle(const QString& what, const std::string& units) {
    return units.empty() ? what : QStringLiteral("%1 (%2)").arg(what, QString::fromStdString(units));
}

QLineSeries* line(QChart& chart, const QString& name, const QColor& color, Qt::PenStyle style, double width) {
    auto* series = new QLineSeries(&chart);
    series->setName(name);
    series->setPen(QPen(color, width, style));
    series->setPointsVisible(true);
    return series;
}

QScatterSeries* rings(QChart& chart, double size, const QColor& ink) {
    auto* marked = new QScatterSeries(&chart);
    marked->setMarkerSize(size);
    marked->setColor(Qt::transparent);
    marked->setBorderColor(ink);
    return marked;
}

void styleAxis(QAbstractAxis& axis, const ChartPaper& look) {
    if (look.tickPixels <= 0) return;  // on screen: Qt's fonts and colours
    inkAxis(axis, look.tickPixels, look.ink);
}

}  // namespace

PointSeriesLines fillPointSeriesChart(QChart& chart, const PointSeries& s, int markedLead, const QString& title,
                                      const ChartPaper& look) {
    const bool paper = look.tickPixels > 0;
    const double scale = look.scale;
    chart.setTitle(title);
    chart.legend()->setAlignment(Qt::AlignBottom);
    if (paper) {
        chart.setBackgroundBrush(look.paper);
        chart.setBackgroundRoundness(0);
        chart.setDropShadowEnabled(false);
        chart.setTitleFont(fontOfPixels(chart.titleFont(), look.tickPixels * 13 / 11));
        chart.setTitleBrush(look.ink);
        chart.legend()->setFont(fontOfPixels(chart.legend()->font(), look.tickPixels));
        chart.legend()->setLabelColor(look.ink);
    }
    const QColor ink = paper ? look.ink : QColor(Qt::black);
    PointSeriesLines lines;
    // A wide, so that it shows where B lies on it.
    lines.a = line(chart, QObject::tr("A"), QColor(0x1f, 0x77, 0xb4), Qt::SolidLine, 4 * scale);
    lines.b = line(chart, QObject::tr("B"), QColor(0xff, 0x7f, 0x0e), Qt::DashLine, 2 * scale);
    lines.difference =
        line(chart, QObject::tr("A − B (right axis)"), paper ? ink : QColor(0x44, 0x44, 0x44), Qt::DotLine, 2 * scale);
    if (paper)
        for (QLineSeries* l : {lines.a, lines.b, lines.difference}) l->setMarkerSize(3 * scale);  // Qt: the radius
    QScatterSeries* marked = rings(chart, 11 * scale, ink);
    marked->setName(QObject::tr("lead on show"));
    QScatterSeries* markedDifference = rings(chart, 11 * scale, ink);
    for (std::size_t i = 0; i < s.hours.size(); ++i) {
        const bool onShow = int(i) == markedLead;
        const double x = s.hours[i], diff = s.a[i] - s.b[i];
        if (std::isfinite(s.a[i])) {
            lines.a->append(x, s.a[i]);
            if (onShow) marked->append(x, s.a[i]);
        }
        if (std::isfinite(s.b[i])) {
            lines.b->append(x, s.b[i]);
            if (onShow) marked->append(x, s.b[i]);
        }
        if (std::isfinite(diff)) {
            lines.difference->append(x, diff);
            if (onShow) markedDifference->append(x, diff);
        }
    }
    const bool anyMarked = markedLead >= 0 && markedLead < int(s.hours.size());
    chart.addSeries(lines.a);
    chart.addSeries(lines.b);
    chart.addSeries(lines.difference);
    if (anyMarked) {
        chart.addSeries(marked);
        chart.addSeries(markedDifference);
    }

    auto* leadAxis = new QValueAxis(&chart);
    leadAxis->setTitleText(s.hoursKnown ? QObject::tr("lead (h)") : QObject::tr("lead"));
    leadAxis->setLabelFormat(QStringLiteral("%g"));
    if (s.hours.size() > 1) {
        // A tick on the leads (every few of them when there are many), half a step either side.
        const double step = (s.hours.back() - s.hours.front()) / double(s.hours.size() - 1);
        leadAxis->setRange(s.hours.front() - step / 2, s.hours.back() + step / 2);
        leadAxis->setTickType(QValueAxis::TicksDynamic);
        leadAxis->setTickAnchor(s.hours.front());
        leadAxis->setTickInterval(step * std::ceil(double(s.hours.size()) / 10));
    }
    auto* valueAxis = new QValueAxis(&chart);
    valueAxis->setLabelFormat(QStringLiteral("%.6g"));
    valueAxis->setTitleText(axisTitle(QObject::tr("A, B"), s.units));
    auto* diffAxis = new QValueAxis(&chart);
    diffAxis->setLabelFormat(QStringLiteral("%.3g"));
    diffAxis->setTitleText(axisTitle(QObject::tr("A − B"), s.units));
    chart.addAxis(leadAxis, Qt::AlignBottom);
    chart.addAxis(valueAxis, Qt::AlignLeft);
    chart.addAxis(diffAxis, Qt::AlignRight);
    for (QAbstractAxis* axis : {static_cast<QAbstractAxis*>(leadAxis), static_cast<QAbstractAxis*>(valueAxis),
                                static_cast<QAbstractAxis*>(diffAxis)})
        styleAxis(*axis, look);
    for (QXYSeries* series : {static_cast<QXYSeries*>(lines.a), static_cast<QXYSeries*>(lines.b)}) {
        series->attachAxis(leadAxis);
        series->attachAxis(valueAxis);
    }
    lines.difference->attachAxis(leadAxis);
    lines.difference->attachAxis(diffAxis);
    if (anyMarked) {
        marked->attachAxis(leadAxis);
        marked->attachAxis(valueAxis);
        markedDifference->attachAxis(leadAxis);
        markedDifference->attachAxis(diffAxis);
        chart.legend()->markers(markedDifference).first()->setVisible(false);
    } else {
        delete marked;
        delete markedDifference;
    }
    valueAxis->applyNiceNumbers();
    diffAxis->applyNiceNumbers();
    return lines;
}

}  // namespace meshdiff::views
