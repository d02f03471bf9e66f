#include "growthchart/GrowthChart.h"

#include <QAreaSeries>
#include <QChart>
#include <QLegend>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QValueAxis>

#include <cmath>

#include "qtcharts/ChartAxisInk.h"

namespace meshdiff::views {
namespace {

constexpr int kMaxLeadTicks = 12;

// Ticks on the leads themselves when they are evenly spaced and few; else nice numbers.
void setLeadTicks(QValueAxis& axis, const std::vector<double>& x) {
    const double first = x.front(), last = x.back();
    const double step = x.size() > 1 ? (last - first) / double(x.size() - 1) : 1;
    bool even = step > 0;
    for (std::size_t i = 1; i < x.size() && even; ++i) even = std::abs(x[i] - x[i - 1] - step) < 1e-6 * step;
    const double pad = step > 0 ? step * 0.15 : 1;
    axis.setRange(first - pad, last + pad);
    if (even) {
        const double every = step * std::ceil(double(x.size()) / kMaxLeadTicks);
        axis.setTickType(QValueAxis::TicksDynamic);
        axis.setTickAnchor(first);
        axis.setTickInterval(every);
    } else {
        axis.setTickCount(std::min<int>(int(x.size()), kMaxLeadTicks));
        axis.applyNiceNumbers();
    }
    axis.setLabelFormat(QStringLiteral("%g"));
    axis.setMinorTickCount(0);
}

}  // namespace

QColor growthLineColor(std::size_t i) {
    // Okabe & Ito's palette without its yellow (too faint on white).
    static const QColor colors[] = {QColor(0, 114, 178),   QColor(213, 94, 0),   QColor(0, 158, 115),
                                    QColor(204, 121, 167), QColor(86, 180, 233), QColor(230, 159, 0),
                                    QColor(0, 0, 0)};
    return colors[i % std::size(colors)];
}

void fillGrowthChart(QChart& chart, const GrowthChartData& data, const GrowthChartLook& look) {
    chart.setBackgroundBrush(look.paper);
    chart.setBackgroundRoundness(0);
    chart.setDropShadowEnabled(false);
    chart.legend()->setAlignment(look.legend);
    chart.legend()->setLabelColor(look.ink);
    chart.legend()->setFont(fontOfPixels(chart.legend()->font(), look.tickPixels));

    auto* leadAxis = new QValueAxis(&chart);
    leadAxis->setTitleText(data.leadsInHours ? QObject::tr("lead time (h)") : QObject::tr("lead (index in the file)"));
    auto* relRmsAxis = new QLogValueAxis(&chart);
    relRmsAxis->setBase(10);
    // A hair beyond the decades: the axis rounds log10(0.001) = −2.9999… up and would drop that label.
    relRmsAxis->setRange(data.yMin * (1 - 1e-9), data.yMax * (1 + 1e-9));
    relRmsAxis->setLabelFormat(QStringLiteral("%g"));
    relRmsAxis->setMinorTickCount(8);  // 2…9 × each decade
    relRmsAxis->setTitleText(QObject::tr("rel RMS of A−B (%1)").arg(QString::fromStdString(data.metric)));
    chart.addAxis(leadAxis, Qt::AlignBottom);
    chart.addAxis(relRmsAxis, Qt::AlignLeft);
    if (!data.leadX.empty()) setLeadTicks(*leadAxis, data.leadX);
    inkAxis(*leadAxis, look.tickPixels, look.ink);
    inkAxis(*relRmsAxis, look.tickPixels, look.ink);

    if (!data.spread.empty()) {
        auto* upper = new QLineSeries(&chart);
        auto* lower = new QLineSeries(&chart);
        for (const SpreadBandPoint& p : data.spread) {
            upper->append(p.x, p.max);
            lower->append(p.x, std::max(p.median, data.yMin));
        }
        auto* band = new QAreaSeries(upper, lower);
        band->setName(QObject::tr("member spread"));
        band->setObjectName(QStringLiteral("memberSpread"));
        QColor fill(120, 120, 135);
        fill.setAlpha(55);
        band->setBrush(fill);
        QColor edge(120, 120, 135);
        edge.setAlpha(140);
        band->setPen(QPen(edge, 1 * look.scale, Qt::DashLine));
        chart.addSeries(band);
        band->attachAxis(leadAxis);
        band->attachAxis(relRmsAxis);
    }
    for (std::size_t i = 0; i < data.lines.size(); ++i) {
        const GrowthLine& line = data.lines[i];
        auto* series = new QLineSeries(&chart);
        series->setName(QString::fromStdString(line.field));
        series->setObjectName(QString::fromStdString(line.field));
        for (const GrowthPoint& p : line.points) series->append(p.x, p.relRms);
        series->setPen(QPen(growthLineColor(line.color), 1.6 * look.scale));
        series->setPointsVisible(true);
        series->setMarkerSize(2.5 * look.scale);  // Qt draws it as the radius
        chart.addSeries(series);
        series->attachAxis(leadAxis);
        series->attachAxis(relRmsAxis);
    }
}

}  // namespace meshdiff::views
