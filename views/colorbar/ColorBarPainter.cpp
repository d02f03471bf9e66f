#include "colorbar/ColorBarPainter.h"

#include <QFontMetricsF>
#include <QLinearGradient>
#include <QPainter>
#include <QPolygonF>

#include <algorithm>
#include <cmath>

#include "colormap/QtColor.h"

namespace meshdiff::views {
namespace {

constexpr double kHistogramHeight = 40, kGap = 3, kBarHeight = 12, kTickLength = 4, kLabelHeight = 14,
                 kCaptionHeight = 15;

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

// Every decade 10^e of [lo, hi] (lo > 0).
std::vector<double> everyDecade(double lo, double hi) {
    std::vector<double> out;
    for (int e = int(std::ceil(std::log10(lo) - 1e-9)); e <= int(std::floor(std::log10(hi) + 1e-9)); ++e)
        out.push_back(std::pow(10.0, e));
    return out;
}

// Which of `ticks` get a label: all that fit side by side, else every second, third, … counted
// from the ends (and 0 always), so that the labels keep apart.
std::vector<bool> labelledTicks(const std::vector<double>& ticks, const ColorBarGeometry& g,
                                const QFontMetricsF& metrics, double unit) {
    const auto zero = std::find(ticks.begin(), ticks.end(), 0.0);
    const std::size_t centre = zero == ticks.end() ? ticks.size() : std::size_t(zero - ticks.begin());
    for (std::size_t every = 1;; ++every) {
        std::vector<bool> labelled(ticks.size(), false);
        for (std::size_t i = 0; i < ticks.size(); ++i) {
            const std::size_t fromEnd = i < centre ? i : ticks.size() - 1 - i;
            labelled[i] = i == centre || fromEnd % every == 0;
        }
        double lastRight = -1e300;
        bool apart = true;
        for (std::size_t i = 0; i < ticks.size() && apart; ++i) {
            if (!labelled[i]) continue;
            const double w = metrics.horizontalAdvance(QString::fromStdString(formatTick(ticks[i])));
            const double left = g.limitX(ticks[i]) - w / 2;
            apart = left >= lastRight + 4 * unit;
            lastRight = left + w;
        }
        if (apart || every >= ticks.size()) return labelled;
    }
}

void paintTicks(QPainter& p, const ColorBarGeometry& g, double unit, bool forPaper) {
    const QFontMetricsF metrics(p.font());
    const int wanted = std::max(3, int(g.bar.width() / (70 * unit)));
    const std::vector<double> ticks = colorBarTicks(g.axis, wanted, forPaper);
    if (forPaper) {
        const std::vector<bool> labelled = labelledTicks(ticks, g, metrics, unit);
        for (std::size_t i = 0; i < ticks.size(); ++i) {
            const double x = g.limitX(ticks[i]);
            p.drawLine(QPointF(x, g.bar.bottom()), QPointF(x, g.bar.bottom() + kTickLength * unit));
            if (!labelled[i]) continue;
            const QString text = QString::fromStdString(formatTick(ticks[i]));
            const double w = metrics.horizontalAdvance(text);
            p.drawText(QRectF(x - w / 2, g.bar.bottom() + kTickLength * unit, w + 1, kLabelHeight * unit),
                       Qt::AlignHCenter | Qt::AlignTop, text);
        }
        return;
    }
    double lastRight = -1e300;
    for (double tick : ticks) {
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

double colorBarHeight(bool withHistogram, bool forPaper) {
    if (forPaper) return kBarHeight + kTickLength + kLabelHeight + 2 * kCaptionHeight;
    return (withHistogram ? kHistogramHeight + kGap : 0) + kBarHeight + kTickLength + kLabelHeight + kCaptionHeight;
}

std::vector<double> colorBarTicks(const ColorScale& scale, int wanted, bool forPaper) {
    const double reach = std::max(std::abs(scale.min), std::abs(scale.max));
    if (!forPaper || scale.type != ScaleType::SymLog || !(scale.linearWidth > 0) || reach < 10 * scale.linearWidth)
        return scale.ticks(wanted);
    const std::vector<double> decades = everyDecade(scale.linearWidth, reach);
    std::vector<double> out;
    for (auto it = decades.rbegin(); it != decades.rend(); ++it)
        if (-*it >= scale.min) out.push_back(-*it);
    if (scale.min <= 0 && scale.max >= 0) out.push_back(0.0);
    for (double d : decades)
        if (d <= scale.max) out.push_back(d);
    return out;
}

CaptionLines wrapCaption(const QString& caption, const QFont& font, double width) {
    const QStringList words = caption.split(QLatin1Char(' '), Qt::SkipEmptyParts);
    CaptionLines out;
    const int full = std::max(1, font.pixelSize());
    for (int size = full;; --size) {
        out.font = font;
        out.font.setPixelSize(size);
        const QFontMetricsF metrics(out.font);
        out.lines.clear();
        for (const QString& word : words) {
            if (!out.lines.isEmpty() && metrics.horizontalAdvance(out.lines.back() + QLatin1Char(' ') + word) <= width)
                out.lines.back() += QLatin1Char(' ') + word;
            else out.lines << word;
        }
        if (out.lines.size() <= 2 || size <= full * 3 / 4 || size <= 6) return out;
    }
}

ColorBarGeometry colorBarGeometry(const QRectF& area, const ColorBarContent& content, double unit) {
    ColorBarGeometry g;
    const bool histogram = content.histogram && !content.forPaper;
    g.axis = histogram ? content.histogram->axis : content.scale;
    double top = area.top();
    if (histogram) {
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
    const bool controls = content.histogram && !content.forPaper;  // what a user drags on screen
    if (controls) paintHistogram(p, g.histogram, *content.histogram, content.scale, ink, content.dark);

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
    paintTicks(p, g, unit, content.forPaper);
    if (controls) paintLimitMarkers(p, g, content.scale, ink, unit);

    p.setPen(ink);
    const double captionTop = g.bar.bottom() + (kTickLength + kLabelHeight) * unit;
    if (content.forPaper) {
        const double width = std::max(area.width(), 1.0);
        const CaptionLines wrapped = wrapCaption(content.caption, font, width);
        p.setFont(wrapped.font);
        const double lineHeight = kCaptionHeight * unit * wrapped.font.pixelSize() / std::max(1, font.pixelSize());
        for (qsizetype i = 0; i < wrapped.lines.size(); ++i)
            p.drawText(QRectF(area.center().x() - width / 2, captionTop + lineHeight * double(i), width, lineHeight),
                       Qt::AlignHCenter | Qt::AlignTop, wrapped.lines[i]);
    } else {
        const QRectF caption(area.left(), captionTop, area.width(), kCaptionHeight * unit);
        p.drawText(caption, Qt::AlignHCenter | Qt::AlignTop,
                   QFontMetricsF(font).elidedText(content.caption, Qt::ElideRight, caption.width()));
    }
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
