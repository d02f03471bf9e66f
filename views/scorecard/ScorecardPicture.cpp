#include "scorecard/ScorecardPicture.h"

#include <QFontMetricsF>
#include <QPainter>
#include <QPolygonF>

#include <algorithm>
#include <cmath>
#include <limits>

#include "colorbar/ColorBarPainter.h"
#include "colormap/QtColor.h"

namespace meshdiff::views {
namespace {

// Design units of the colour bar (ColorBarPainter): its text is 11 of them.
constexpr double kBarTextUnits = 11;
constexpr double kBarUnits = 12 + 4 + 14;  // bar, ticks and tick labels
constexpr double kRowPerFont = 1.2, kColumnLabelPerFont = 1.5, kMarginPerFont = 0.6, kGapPerFont = 0.6;
constexpr double kRatioMin = 0.01, kRatioMax = 100;
constexpr double kWidestCellPerFont = 6;
const QColor kMasksDifferColor(200, 0, 0);

QFont labelFont(const ScorecardLook& look) {
    QFont font;
    font.setPixelSize(std::max(1, int(std::lround(look.fontPixels))));
    return font;
}

bool startsGroup(const Scorecard& card, std::size_t row) {
    return row > 0 && card.rows[row].variable != card.rows[row - 1].variable;
}

// A wider gap sets a variable's levels apart; surface fields, one row each, stand together.
bool gapBefore(const Scorecard& card, std::size_t row) {
    return startsGroup(card, row) && !(card.rows[row].levelLabel.empty() && card.rows[row - 1].levelLabel.empty());
}

QColor markColor(const QColor& cell) { return cell.lightnessF() > 0.55 ? QColor(Qt::black) : QColor(Qt::white); }

// Red lines across the cell both ways, cut to the cell by hand: PDF and SVG show drawn lines, where
// a pattern brush or a clip may be lost.
void paintHatched(QPainter& p, const QRectF& rect, const QColor& paper, double lineWidth) {
    p.fillRect(rect, paper);
    p.setPen(QPen(kMasksDifferColor, lineWidth, Qt::SolidLine, Qt::FlatCap));
    const double h = rect.height(), step = std::max(h / 2, 2 * lineWidth);
    // A 45° segment from x0 to x0 + h, kept to the cell's columns; rising goes up to the right.
    auto segment = [&](double x0, bool rising) {
        const double from = std::max(x0, rect.left()), to = std::min(x0 + h, rect.right());
        if (to <= from) return;
        auto y = [&](double x) { return rising ? rect.bottom() - (x - x0) : rect.top() + (x - x0); };
        p.drawLine(QPointF(from, y(from)), QPointF(to, y(to)));
    };
    for (double x = rect.left() - h; x < rect.right(); x += step) {
        segment(x, true);
        segment(x, false);
    }
}

void paintCells(QPainter& p, const Scorecard& card, const ScorecardLayout& layout, const ScorecardLook& look,
                const ColorScale& scale) {
    const QColor missing = look.paper.lightnessF() > 0.5 ? QColor(200, 200, 200) : QColor(90, 90, 96);
    for (std::size_t r = 0; r < layout.rows; ++r) {
        for (std::size_t c = 0; c < layout.columns; ++c) {
            const QRectF rect = layout.cell(r, c);
            const double value = card.cells[r][c];
            if (card.nanMasksDiffer(r, c)) {  // beyond tolerance, though the RMS may be 0: hatched, not calm
                paintHatched(p, rect, look.paper, std::max(1.5, 1.5 * layout.border));
                continue;
            }
            if (!std::isfinite(value)) {  // nothing measured: an outline crossed out, unlike a pale cell near 1
                const double w = layout.border * 0.6;
                p.setPen(QPen(missing, w));
                p.setBrush(Qt::NoBrush);
                const QRectF inside = rect.adjusted(w / 2, w / 2, -w / 2, -w / 2);
                p.drawRect(inside);
                p.drawLine(inside.topLeft(), inside.bottomRight());
                continue;
            }
            const QColor color = toQColor(scale.color(value));
            p.fillRect(rect, color);
            if (!card.aboveSpread(r, c)) continue;
            const double s = 0.45 * std::min(rect.width(), rect.height());
            p.setPen(Qt::NoPen);
            p.setBrush(markColor(color));
            p.drawPolygon(QPolygonF{rect.topRight() - QPointF(s, 0), rect.topRight(), rect.topRight() + QPointF(0, s)});
        }
    }
}

void paintRowLabels(QPainter& p, const Scorecard& card, const ScorecardLayout& layout, double left, double levelRight,
                    const ScorecardLook& look) {
    p.setPen(look.ink);
    std::size_t first = 0;
    for (std::size_t r = 0; r < layout.rows; ++r) {
        const QRectF cell = layout.cell(r, 0);
        const ScorecardRow& row = card.rows[r];
        if (!row.levelLabel.empty()) {
            p.drawText(QRectF(left, cell.top(), levelRight - left, cell.height()),
                       Qt::AlignRight | Qt::AlignVCenter | Qt::TextDontClip, QString::fromStdString(row.levelLabel));
        }
        const bool lastOfGroup = r + 1 == layout.rows || startsGroup(card, r + 1);
        if (!lastOfGroup) continue;
        // The variable once, at the middle of its rows.
        const double top = layout.cell(first, 0).top(), bottom = cell.bottom();
        const int align = Qt::AlignLeft | Qt::AlignVCenter | Qt::TextDontClip;
        p.drawText(QRectF(left, top, levelRight - left, bottom - top), align, QString::fromStdString(row.variable));
        first = r + 1;
    }
}

void paintColumnLabels(QPainter& p, const Scorecard& card, const ScorecardLayout& layout, const ScorecardLook& look) {
    p.setPen(look.ink);
    const double height = layout.grid.top() - kMarginPerFont * look.fontPixels;
    for (std::size_t c = 0; c < layout.columns; c += layout.labelStep) {
        const QRectF cell = layout.cell(0, c);
        const double centre = cell.center().x();
        const double half = layout.columnWidth * double(layout.labelStep) / 2;
        p.drawText(QRectF(centre - half, layout.grid.top() - height, 2 * half, height),
                   Qt::AlignHCenter | Qt::AlignBottom | Qt::TextDontClip, scorecardColumnLabel(card, c));
    }
}

}  // namespace

QRectF ScorecardLayout::cell(std::size_t row, std::size_t column) const {
    const double top = grid.top() + double(row) * rowHeight + (row < groupGaps.size() ? groupGaps[row] : 0);
    const double left = grid.left() + double(column) * columnWidth;
    return QRectF(left + border / 2, top + border / 2, std::max(0.0, columnWidth - border),
                  std::max(0.0, rowHeight - border));
}

std::optional<std::pair<std::size_t, std::size_t>> ScorecardLayout::cellAt(QPointF point) const {
    if (rows == 0 || columns == 0 || !grid.contains(point)) return std::nullopt;
    const auto column = std::size_t((point.x() - grid.left()) / columnWidth);
    for (std::size_t r = 0; r < rows; ++r) {
        const QRectF c = cell(r, std::min(column, columns - 1));
        if (point.y() >= c.top() - border / 2 && point.y() < c.bottom() + border / 2)
            return std::pair{r, std::min(column, columns - 1)};
    }
    return std::nullopt;  // in a gap between variables
}

ColorScale scorecardScale(const Scorecard& card) {
    ColorScale scale;
    scale.type = ScaleType::Log;
    if (card.metric == ScorecardMetric::RatioToSpread) {
        scale.kind = ColorMapKind::Diverging;
        scale.min = kRatioMin;
        scale.max = kRatioMax;
        scale.limitsName = "clipped at 0.01 and 100";
        return scale;
    }
    scale.kind = ColorMapKind::Viridis;
    double lo = std::numeric_limits<double>::infinity(), hi = 0;
    for (const auto& row : card.cells) {
        for (double v : row) {
            if (!(v > 0) || !std::isfinite(v)) continue;
            lo = std::min(lo, v);
            hi = std::max(hi, v);
        }
    }
    if (!(hi > 0)) lo = hi = 1e-6;  // nothing positive: any decade will do
    if (hi <= lo) {
        lo /= 10;
        hi *= 10;
    }
    scale.min = lo;
    scale.max = hi;
    scale.limitsName = "full range";
    return scale;
}

QString scorecardLegend(const Scorecard& card) {
    const QString region = QString::fromStdString(card.region);
    const QString masks =
        card.maskDiffers.empty() ? QString() : QStringLiteral("; a red-hatched cell: NaN masks differ");
    if (card.metric == ScorecardMetric::RatioToSpread) {
        return QStringLiteral(
                   "RMS(A − B) ÷ RMS(member spread), area-weighted, %1; log scale, 1 = the member spread; "
                   "a corner mark: A − B above the spread; a crossed-out cell: not measured%2")
            .arg(region, masks);
    }
    return QStringLiteral(
               "Rel RMS of A − B, area-weighted, %1; log scale (no member spread measured); a crossed-out cell: "
               "not measured%2")
        .arg(region, masks);
}

QString scorecardColumnLabel(const Scorecard& card, std::size_t column) {
    const auto& hours = card.leadHours.at(column);
    if (hours) return QStringLiteral("+%1 h").arg(*hours, 0, 'g', 6);
    return QStringLiteral("lead %1").arg(column < card.leadIndex.size() ? card.leadIndex[column] : column);
}

ScorecardLayout scorecardLayout(const Scorecard& card, const ScorecardLook& look, double width) {
    const double f = look.fontPixels;
    const QFontMetricsF metrics(labelFont(look));
    ScorecardLayout layout;
    layout.rows = card.rows.size();
    layout.columns = card.leadCount();
    layout.border = std::max(0.5, f / 11);
    layout.rowHeight = std::max(kRowPerFont * f, metrics.height());
    double variableWidth = 0, levelWidth = 0, surfaceWidth = 0;
    for (const ScorecardRow& row : card.rows) {
        const double name = metrics.horizontalAdvance(QString::fromStdString(row.variable));
        if (row.levelLabel.empty()) {
            surfaceWidth = std::max(surfaceWidth, name);
        } else {
            variableWidth = std::max(variableWidth, name);
            levelWidth = std::max(levelWidth, metrics.horizontalAdvance(QString::fromStdString(row.levelLabel)));
        }
    }
    const double gap = kGapPerFont * f, margin = kMarginPerFont * f;
    const double labels = std::max(surfaceWidth, variableWidth + (levelWidth > 0 ? gap + levelWidth : 0));
    layout.groupGaps.assign(layout.rows, 0);
    double extra = 0;
    for (std::size_t r = 0; r < layout.rows; ++r) {
        if (gapBefore(card, r)) extra += 2 * layout.border;
        layout.groupGaps[r] = extra;
    }
    const double left = margin + labels + gap, top = margin + kColumnLabelPerFont * f;
    const double gridWidth = std::max(double(layout.columns), width - left - margin);
    // A few leads keep cells about as wide as a label, not bars across the page.
    layout.columnWidth = layout.columns ? std::min(gridWidth / double(layout.columns), kWidestCellPerFont * f) : 0;
    layout.grid =
        QRectF(left, top, layout.columnWidth * double(layout.columns), layout.rowHeight * double(layout.rows) + extra);
    double widest = 0;
    for (std::size_t c = 0; c < layout.columns; ++c)
        widest = std::max(widest, metrics.horizontalAdvance(scorecardColumnLabel(card, c)));
    if (layout.columnWidth > 0)
        layout.labelStep = std::max<std::size_t>(1, std::size_t(std::ceil((widest + gap) / layout.columnWidth)));

    const double unit = f / kBarTextUnits;
    // The end tick labels stand half their width beyond the bar.
    const double barInset = margin + 1.5 * f;
    const double barWidth = std::min(width - 2 * barInset, std::max(layout.grid.width(), 30 * f));
    const double barLeft = std::max(barInset, layout.grid.center().x() - barWidth / 2);
    layout.colorBar = QRectF(std::min(barLeft, width - barInset - barWidth), layout.grid.bottom() + 1.2 * f, barWidth,
                             kBarUnits * unit);
    const QRectF wrapped = metrics.boundingRect(QRectF(0, 0, width - 2 * margin, 1e6),
                                                Qt::AlignHCenter | Qt::TextWordWrap, scorecardLegend(card));
    layout.caption = QRectF(margin, layout.colorBar.bottom() + 0.2 * f, width - 2 * margin, wrapped.height());
    layout.size = QSizeF(width, layout.caption.bottom() + margin);
    return layout;
}

double fittingScorecardFont(const Scorecard& card, const ScorecardLook& look, double width, double maxHeight,
                            double minFontPixels) {
    auto heightAt = [&](double fontPixels) {
        ScorecardLook sized = look;
        sized.fontPixels = fontPixels;
        return scorecardLayout(card, sized, width).size.height();
    };
    if (look.fontPixels <= minFontPixels || heightAt(look.fontPixels) <= maxHeight) return look.fontPixels;
    if (heightAt(minFontPixels) > maxHeight) return minFontPixels;
    double fits = minFontPixels, tooBig = look.fontPixels;  // the height grows with the text size
    for (int step = 0; step < 16; ++step) {
        const double middle = 0.5 * (fits + tooBig);
        (heightAt(middle) <= maxHeight ? fits : tooBig) = middle;
    }
    return fits;
}

void paintScorecard(QPainter& painter, const Scorecard& card, const ScorecardLayout& layout,
                    const ScorecardLook& look) {
    painter.save();
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setRenderHint(QPainter::TextAntialiasing);
    painter.fillRect(QRectF(QPointF(0, 0), layout.size), look.paper);
    painter.setFont(labelFont(look));
    const ColorScale scale = scorecardScale(card);
    paintCells(painter, card, layout, look, scale);
    const double margin = kMarginPerFont * look.fontPixels;
    paintRowLabels(painter, card, layout, margin, layout.grid.left() - kGapPerFont * look.fontPixels, look);
    paintColumnLabels(painter, card, layout, look);
    if (layout.rows > 0 && layout.columns > 0) {
        ColorBarContent bar{scale, nullptr, QString(), look.paper.lightnessF() < 0.5, false};
        paintColorBar(painter, layout.colorBar, bar, look.fontPixels / kBarTextUnits);
    }
    painter.setPen(look.ink);
    painter.drawText(layout.caption, Qt::AlignHCenter | Qt::TextWordWrap | Qt::TextDontClip, scorecardLegend(card));
    painter.restore();
}

ScorecardPicture drawScorecardPicture(const Scorecard& card, const ScorecardLook& look, double width, double pixelRatio,
                                      int generation) {
    ScorecardPicture picture;
    picture.generation = generation;
    picture.layout = scorecardLayout(card, look, width);
    const QSize pixels(int(std::ceil(picture.layout.size.width() * pixelRatio)),
                       int(std::ceil(picture.layout.size.height() * pixelRatio)));
    picture.image = QImage(pixels, QImage::Format_RGB32);
    picture.image.setDevicePixelRatio(pixelRatio);
    QPainter painter(&picture.image);
    paintScorecard(painter, card, picture.layout, look);
    return picture;
}

}  // namespace meshdiff::views
