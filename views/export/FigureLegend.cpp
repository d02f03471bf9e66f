#include "export/FigureLegend.h"

#include <QFontMetricsF>
#include <QPainter>

#include <algorithm>

#include "colormap/QtColor.h"
#include "globe/GlobeColors.h"

namespace meshdiff::views {
namespace {

struct Placed {
    QRectF swatch, text;
};

// Where each entry goes in rows `width` wide starting at `origin`; the bottom of the last row.
std::vector<Placed> flow(const std::vector<DifferenceLegendEntry>& entries, const QFont& font, QPointF origin,
                         double width, double* bottom) {
    const QFontMetricsF metrics(font);
    const double line = metrics.height(), swatchW = 2.4 * line, gap = 0.5 * line, spacing = 1.5 * line;
    std::vector<Placed> placed;
    double x = origin.x(), y = origin.y(), rowHeight = 0;
    for (const DifferenceLegendEntry& e : entries) {
        const double textRoom = std::max(line, width - swatchW - gap);
        const QRectF text = metrics.boundingRect(QRectF(0, 0, textRoom, 1e6), Qt::TextWordWrap, e.text);
        const double entryW = swatchW + gap + text.width() + 1;
        if (x > origin.x() && x + entryW > origin.x() + width) {
            x = origin.x();
            y += rowHeight + 0.3 * line;
            rowHeight = 0;
        }
        placed.push_back({QRectF(x, y, swatchW, line), QRectF(x + swatchW + gap, y, text.width() + 1, text.height())});
        rowHeight = std::max(rowHeight, text.height());
        x += entryW + spacing;
    }
    *bottom = y + rowHeight;
    return placed;
}

}  // namespace

double figureLegendHeight(const std::vector<DifferenceLegendEntry>& entries, const QFont& font, double width) {
    if (entries.empty()) return 0;
    double bottom = 0;
    flow(entries, font, QPointF(0, 0), width, &bottom);
    return bottom + 0.5 * QFontMetricsF(font).height();
}

void paintFigureLegend(QPainter& painter, const QRectF& area, const std::vector<DifferenceLegendEntry>& entries,
                       const QFont& font, const QColor& ink, double unit) {
    double bottom = 0;
    const std::vector<Placed> placed = flow(entries, font, area.topLeft(), area.width(), &bottom);
    painter.save();
    painter.setFont(font);
    for (std::size_t i = 0; i < entries.size(); ++i) {
        const QRectF swatch = placed[i].swatch.adjusted(0, 1, 0, -1);
        if (entries[i].near) {
            const double r = swatch.height() * 0.4;
            painter.setBrush(Qt::NoBrush);
            painter.setPen(QPen(toQColor(kColorNeighbourhood), 1.6 * unit));
            painter.drawEllipse(QPointF(swatch.left() + r + 1, swatch.center().y()), r, r);
        } else {
            drawMapMarkSwatch(painter, swatch, entries[i].mark, entries[i].run, unit);
            if (entries[i].countedRing) {
                // The count at the ring's upper right, bold, as the map draws it.
                QFont bold = font;
                bold.setBold(true);
                painter.setFont(bold);
                painter.setPen(ink);
                const QPointF corner(swatch.left() + swatch.height(), swatch.top());
                painter.drawText(QRectF(corner - QPointF(0, 0.35 * swatch.height()), swatch.size()),
                                 Qt::AlignLeft | Qt::AlignTop, QStringLiteral("n"));
                painter.setFont(font);
            }
        }
        painter.setPen(ink);
        painter.drawText(placed[i].text, Qt::TextWordWrap | Qt::AlignLeft | Qt::AlignTop, entries[i].text);
    }
    painter.restore();
}

}  // namespace meshdiff::views
