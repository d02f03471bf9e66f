#include "colorbar/ColorBarPainter.h"

#include <QFontMetricsF>
#include <QLinearGradient>
#include <QPainter>
#include <QPolygonF>

#include <algorithm>
#include <cmath>

namespace meshdiff::views {
namespace {

constexpr double kHistogramHeight = 40, kGap = 3, kBarHeight = 12, kTickLength = 4, kLabelHeight = 14,
                 kCaptionHeight = 15;

QColor toQColor(Rgb c) { return QColor(c.r, c.g, c.b); }

void paintHistogram(QPainter& p, const QRectF& area, const ScaleHistogram& histogram, const ColorScale& scale,
                    const QColor& ink, bool dark) {
    const std::size_t largest = histogram.largestCount();
    if (largest == 0 || histogram.counts.empty()) return;
    // Log counts: the few points that carry a local difference are as visible as the noise.
    const double top = std::log10(1.0 + double(largest));
    const double binWidth = area.width() / double(histogram.counts.size());
    const double lo = histogram.axis.position(scale.min), hi = histogram.axis.position(scale.max);
    const QColor inside = dark ? QColor(200, 205, 215) : QColor(110, 110, 120);
    const QColor outside = dark ? QColor(120, 125, 135) : QColor(185, 185, 192);
    p.setPen(Qt::NoPen);
    for (std::size_t i = 0; i < histogram.counts.size(); ++i) {
        if (histogram.counts[i] == 0) continue;
        const double h = area.height() * std::log10(1.0 + double(histogram.counts[i])) / top;
        const double centre = (double(i) + 0.5) / double(histogram.counts.size());
        p.setBrush(centre < lo || centre > hi ? outside : inside);
        p.drawRect(QRectF(area.left() + binWidth * double(i), area.bottom() - h, binWidth, h));
    }
    p.setPen(QPen(ink, 0.6));
    p.drawLine(area.bottomLeft(), area.bottomRight());
}

void paintLimitMarkers(QPainter& p, const ColorBarGeometry& g, const ColorScale& scale, const QColor& ink,
                       double unit) {
    for (double limit : {scale.min, scale.max}) {
        const double x = g.limitX(limit);
        p.setPen(QPen(ink, 1.2 * unit, Qt::DashLine));
        p.drawLine(QPointF(x, g.histogram.top()), QPointF(x, g.bar.bottom()));
        // A handle above the histogram: what a user grabs to drag the limit.
        const double s = 4 * unit;
        p.setPen(Qt::NoPen);
        p.setBrush(ink);
        p.drawPolygon(QPolygonF{QPointF(x - s, g.histogram.top() - s), QPointF(x + s, g.histogram.top() - s),
                                QPointF(x, g.histogram.top() + s * 0.5)});
    }
}

void paintTicks(QPainter& p, const ColorBarGeometry& g, double unit) {
    const QFontMetricsF metrics(p.font());
    const int wanted = std::max(3, int(g.bar.width() / (70 * unit)));
    double lastRight = -1e300;
    for (double tick : g.axis.ticks(wanted)) {
        const double x = g.limitX(tick);
        p.drawLine(QPointF(x, g.bar.bottom()), QPointF(x, g.bar.bottom() + kTickLength * unit));
        const QString text = QString::fromStdString(formatTick(tick));
        const double w = metrics.horizontalAdvance(text);
        const double left = std::clamp(x - w / 2, g.bar.left() - 20 * unit, g.bar.right() + 20 * unit - w);
        if (left < lastRight + 4 * unit) continue;  // would overlap the previous label
        p.drawText(QRectF(left, g.bar.bottom() + kTickLength * unit, w + 1, kLabelHeight * unit),
                   Qt::AlignHCenter | Qt::AlignTop, text);
        lastRight = left + w;
    }
}

}  // namespace

double ColorBarGeometry::valueAtX(double x) const {
    return axis.valueAt(std::clamp((x - bar.left()) / std::max(1e-9, bar.width()), 0.0, 1.0));
}

double colorBarHeight(bool withHistogram) {
    return (withHistogram ? kHistogramHeight + kGap : 0) + kBarHeight + kTickLength + kLabelHeight + kCaptionHeight;
}

ColorBarGeometry colorBarGeometry(const QRectF& area, const ColorBarContent& content, double unit) {
    ColorBarGeometry g;
    g.axis = content.histogram ? content.histogram->axis : content.scale;
    double top = area.top();
    if (content.histogram) {
        g.histogram = QRectF(area.left(), top, area.width(), kHistogramHeight * unit);
        top += (kHistogramHeight + kGap) * unit;
    }
    g.bar = QRectF(area.left(), top, area.width(), kBarHeight * unit);
    return g;
}

void paintColorBar(QPainter& p, const QRectF& area, const ColorBarContent& content, double unit) {
    const ColorBarGeometry g = colorBarGeometry(area, content, unit);
    const QColor ink = content.dark ? QColor(235, 235, 235) : QColor(Qt::black);
    p.save();
    QFont font = p.font();
    font.setPixelSize(std::max(6, int(std::lround(11 * unit))));
    p.setFont(font);
    if (content.histogram) paintHistogram(p, g.histogram, *content.histogram, content.scale, ink, content.dark);

    // Along the axis, each position takes the colour of its value: beyond the limits the colour
    // stays at the limit's, as in the map.
    QLinearGradient gradient(g.bar.topLeft(), g.bar.topRight());
    constexpr int kStops = 96;
    for (int s = 0; s <= kStops; ++s) {
        const double t = double(s) / kStops;
        gradient.setColorAt(t, toQColor(content.scale.color(g.axis.valueAt(t))));
    }
    p.fillRect(g.bar, gradient);
    p.setPen(QPen(ink, 0.8 * unit));
    p.setBrush(Qt::NoBrush);
    p.drawRect(g.bar);
    paintTicks(p, g, unit);
    if (content.histogram) paintLimitMarkers(p, g, content.scale, ink, unit);

    p.setPen(ink);
    const QRectF caption(area.left(), g.bar.bottom() + (kTickLength + kLabelHeight) * unit, area.width(),
                         kCaptionHeight * unit);
    p.drawText(caption, Qt::AlignHCenter | Qt::AlignTop,
               QFontMetricsF(font).elidedText(content.caption, Qt::ElideRight, caption.width()));
    p.restore();
}

QString colorBarCaption(const QString& what, const std::string& units, const ColorScale& scale) {
    QString text = what;
    if (!units.empty()) text += QStringLiteral(" [%1]").arg(QString::fromStdString(units));
    text += QStringLiteral(" — ") + QString::fromStdString(describeScale(scale));
    if (!scale.limitsName.empty()) text += QStringLiteral(", ") + QString::fromStdString(scale.limitsName);
    return text;
}

}  // namespace meshdiff::views
