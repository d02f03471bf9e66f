#include "globe/GlobeLegend.h"

#include <QFont>
#include <QFontMetricsF>
#include <QLinearGradient>
#include <QPainterPath>

#include <algorithm>
#include <cmath>
#include <vector>

#include "colorbar/ColorBarPainter.h"
#include "colormap/QtColor.h"
#include "globe/GlobeColors.h"

namespace meshdiff::views {
namespace {

const QColor kPanelColor(20, 22, 28, 200);  // the on-screen panels under the legend and colour bar
// On screen, a legend taller than this share of the globe's height is given in brief.
constexpr double kBriefLegendHeightShare = 0.45;

// Light text on the screen's dark panels and on dark paper, black on light paper.
QColor inkOn(const QColor& paper) {
    return !paper.isValid() || paper.lightnessF() < 0.5 ? QColor(235, 235, 235) : QColor(Qt::black);
}

enum class Swatch { Line, Dot, Ring, MarkedLine, OutlineTriangle, Patch, Gradient };

struct LegendEntry {
    Swatch swatch;
    QColor color;
    QString text;
    bool dashed = false;  // B's items: dashed, with square marks
};

// The difference markers as drawn on the globe and the map: hollow, over a white halo (so that
// black shows on the dark panel), B dashed with square marks.
void paintMarkerSwatch(QPainter& p, const QRectF& box, const LegendEntry& entry, double scale) {
    QPainterPath path;
    const double r = box.height() * 0.4;
    if (entry.swatch == Swatch::MarkedLine) {
        const QPointF mark(box.left() + r, box.center().y());
        if (entry.dashed) path.addRect(QRectF(mark.x() - r * 0.9, mark.y() - r * 0.9, 1.8 * r, 1.8 * r));
        else path.addEllipse(mark, r, r);
        path.moveTo(mark.x() + r, mark.y());
        path.lineTo(box.right(), box.center().y());
    } else if (entry.swatch == Swatch::OutlineTriangle) {
        path.moveTo(box.left(), box.bottom());
        path.lineTo(box.right(), box.bottom());
        path.lineTo(box.center().x(), box.top());
        path.closeSubpath();
    } else {
        path.addEllipse(box.center(), r, r);
    }
    p.setBrush(Qt::NoBrush);
    p.setPen(QPen(QColor(255, 255, 255, 220), 3.6 * scale, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin));
    p.drawPath(path);
    QPen pen(entry.color, 1.6 * scale, entry.dashed ? Qt::CustomDashLine : Qt::SolidLine, Qt::FlatCap, Qt::MiterJoin);
    if (entry.dashed) pen.setDashPattern({3.0, 2.0});
    p.setPen(pen);
    p.drawPath(path);
}

void paintSwatch(QPainter& p, const QRectF& box, const LegendEntry& entry, double scale) {
    p.save();
    switch (entry.swatch) {
        case Swatch::MarkedLine:
        case Swatch::OutlineTriangle: paintMarkerSwatch(p, box, entry, scale); break;
        case Swatch::Line:
            p.setPen(QPen(entry.color, 3.5 * scale, Qt::SolidLine, Qt::RoundCap));
            p.drawLine(QPointF(box.left(), box.center().y()), QPointF(box.right(), box.center().y()));
            p.setBrush(entry.color);
            p.setPen(Qt::NoPen);
            p.drawEllipse(QPointF(box.left(), box.center().y()), 3 * scale, 3 * scale);
            p.drawEllipse(QPointF(box.right(), box.center().y()), 3 * scale, 3 * scale);
            break;
        case Swatch::Dot:
            p.setBrush(entry.color);
            p.setPen(Qt::NoPen);
            p.drawEllipse(box.center(), 3.5 * scale, 3.5 * scale);
            break;
        case Swatch::Ring: paintMarkerSwatch(p, box, entry, scale); break;
        case Swatch::Patch:
            p.setBrush(QColor(entry.color.red(), entry.color.green(), entry.color.blue(), 110));
            p.setPen(QPen(entry.color, 1.5 * scale));
            p.drawEllipse(box.center(), box.height() * 0.45, box.height() * 0.45);
            break;
        case Swatch::Gradient: {
            QLinearGradient gradient(box.left(), 0, box.right(), 0);
            for (int i = 0; i <= 4; ++i) gradient.setColorAt(i / 4.0, toQColor(driftColorAt(i / 4.0)));
            p.setPen(Qt::NoPen);
            p.setBrush(gradient);
            p.drawRect(QRectF(box.left(), box.center().y() - 3 * scale, box.width(), 6 * scale));
            break;
        }
    }
    p.restore();
}

// "A (AVX-512 host)"; a label that already names its run, or is only the letter, stands alone.
QString runName(const QString& letter, const std::string& label) {
    const QString text = QString::fromStdString(label).trimmed();
    if (text.isEmpty() || text == letter) return letter;
    if (text.startsWith(letter + QLatin1Char(' ')) || text.startsWith(letter + QLatin1Char('('))) return text;
    return QStringLiteral("%1 (%2)").arg(letter, text);
}

// brief: a short globe on screen (a low window's strip), where the full legend would cover it:
// the runs by letter and the words without their explanations.
std::vector<LegendEntry> legendEntries(const GlobeScene& scene, bool brief) {
    std::vector<LegendEntry> entries;
    const QString a = brief ? QStringLiteral("A") : runName(QStringLiteral("A"), scene.labelA);
    const QString b = brief ? QStringLiteral("B") : runName(QStringLiteral("B"), scene.labelB);
    const auto words = [brief](const QString& full, const QString& shorter) { return brief ? shorter : full; };
    if (scene.isVisible(GlobeLayer::Mesh) && scene.graphA)
        entries.push_back({Swatch::Line, QColor(120, 132, 148), QStringLiteral("mesh M%1").arg(scene.meshLevel)});
    if (const GraphDiff* d = scene.diff) {
        if (scene.isVisible(GlobeLayer::G2mOnlyA))
            entries.push_back({Swatch::MarkedLine, toQColor(kColorOnlyA),
                               words(QStringLiteral("grid→mesh edges only in %1:\u00a0%2"),
                                     QStringLiteral("edges only in %1:\u00a0%2"))
                                   .arg(a)
                                   .arg(d->g2mOnlyA.size())});
        if (scene.isVisible(GlobeLayer::G2mOnlyB))
            entries.push_back({Swatch::MarkedLine, toQColor(kColorOnlyB),
                               words(QStringLiteral("grid→mesh edges only in %1:\u00a0%2"),
                                     QStringLiteral("edges only in %1:\u00a0%2"))
                                   .arg(b)
                                   .arg(d->g2mOnlyB.size()),
                               true});
        if (scene.isVisible(GlobeLayer::Triangles)) {
            entries.push_back({Swatch::OutlineTriangle, toQColor(kColorOnlyA),
                               words(QStringLiteral("mesh→grid triangles only in %1:\u00a0%2"),
                                     QStringLiteral("triangles only in %1:\u00a0%2"))
                                   .arg(a)
                                   .arg(d->m2gChanged.size())});
            entries.push_back(
                {Swatch::OutlineTriangle, toQColor(kColorOnlyB),
                 words(QStringLiteral("mesh→grid triangles only in %1"), QStringLiteral("triangles only in %1")).arg(b),
                 true});
            entries.push_back(
                {Swatch::Ring, toQColor(kColorChanged),
                 words(QStringLiteral("grid point whose triangle differs"), QStringLiteral("triangle differs"))});
        }
        if (scene.isVisible(GlobeLayer::MovedNodes))
            entries.push_back({Swatch::Ring, toQColor(kColorMoved),
                               brief ? QStringLiteral("mesh nodes moved:\u00a0%1").arg(d->movedNodes.size())
                                     : QStringLiteral("mesh node moved (%1, ≤\u00a0%2\u00a0ULP)")
                                           .arg(d->movedNodes.size())
                                           .arg(d->maxMovedUlp)});
        if (scene.isVisible(GlobeLayer::ReorderedReceivers) && d->orderDiffers())
            entries.push_back(
                {Swatch::Dot, toQColor(kColorReordered),
                 words(QStringLiteral("receiver sums in another order (%L1)"), QStringLiteral("sums reordered (%L1)"))
                     .arg(d->g2mReordered.size() + d->m2gReordered.size())});
    }
    if (scene.isVisible(GlobeLayer::DiffNeighbourhood) && scene.places && !scene.places->empty())
        entries.push_back({Swatch::Patch, toQColor(kColorNeighbourhood),
                           brief ? QStringLiteral("near the differences")
                                 : QStringLiteral("near the differences (≤\u00a0%1°, as the diagnosis counts)")
                                       .arg(scene.places->radiusDegrees, 0, 'f', 2)});
    if (scene.isVisible(GlobeLayer::EdgeFeatureDrift) && scene.edgeDrift && scene.edgeDrift->drifting() > 0) {
        const EdgeFeatureDrift& d = *scene.edgeDrift;
        const QString count =
            d.drifting() > kManyDriftingEdges
                ? QStringLiteral("%1 edges, the %2 most drawn").arg(d.drifting()).arg(kManyDriftingEdges)
                : QStringLiteral("%1 edges").arg(d.drifting());
        entries.push_back({Swatch::Gradient, QColor(),
                           brief ? QStringLiteral("edge features drift")
                                 : QStringLiteral("edge features drift (%1): 1 … %2 ULP, log")
                                       .arg(count)
                                       .arg(std::max(d.g2m.maxUlps, d.m2g.maxUlps), 0, 'g', 3)});
    }
    if (scene.isVisible(GlobeLayer::AtRisk) && (!scene.atRisk.edges.empty() || !scene.atRisk.gridPoints.empty()))
        entries.push_back({Swatch::Line, toQColor(kColorAtRisk),
                           brief ? QStringLiteral("at risk")
                                 : QStringLiteral("at risk (%1 edges, %2 grid points)")
                                       .arg(scene.atRisk.edges.size())
                                       .arg(scene.atRisk.gridPoints.size())});
    if (scene.isVisible(GlobeLayer::GridPoints) && scene.graphA)
        entries.push_back({Swatch::Dot, QColor(40, 40, 40), QStringLiteral("grid points")});
    return entries;
}

// The drape's colour bar: the same painter and scale as the error map's, on a dark panel, with
// the field's name above it and the scale in use below.
void paintFieldColorBar(QPainter& p, const QRectF& area, const FieldOverlay& overlay, double scale,
                        const QColor& paper) {
    const bool onPaper = paper.isValid();
    ColorBarContent content;
    content.scale = overlayScale(overlay);
    content.dark = !onPaper || paper.lightnessF() < 0.5;
    content.forPaper = onPaper;
    content.caption = QString::fromStdString(describeScale(content.scale));
    if (!content.scale.limitsName.empty()) content.caption += ", " + QString::fromStdString(content.scale.limitsName);
    QFont font = p.font();
    font.setPixelSize(static_cast<int>(std::round(12 * scale)));
    p.setFont(font);
    const QFontMetricsF fm(font);
    const double pad = 10 * scale, barH = colorBarHeight(false, onPaper) * scale, titleH = fm.height();
    // As wide as 300 units, or as the area leaves (a figure's margin), never below 120.
    const double barW = std::clamp(area.width() - 6 * pad, 120 * scale, 300 * scale);
    const QRectF panel(area.right() - barW - 4 * pad, area.bottom() - barH - titleH - 3 * pad, barW + 2 * pad,
                       barH + titleH + 2 * pad);
    // On paper the panel has the paper's colour: unseen, yet it holds the legend's place.
    p.setPen(Qt::NoPen);
    p.setBrush(onPaper ? paper : kPanelColor);
    p.drawRoundedRect(panel, 6 * scale, 6 * scale);
    QString title = QString::fromStdString(overlay.name);
    if (!overlay.units.empty()) title += QStringLiteral(" [%1]").arg(QString::fromStdString(overlay.units));
    p.setPen(inkOn(paper));
    p.drawText(QRectF(panel.left() + pad, panel.top() + pad * 0.6, barW, titleH), Qt::AlignLeft | Qt::AlignVCenter,
               fm.elidedText(title, Qt::ElideRight, barW));
    paintColorBar(p, QRectF(panel.left() + pad, panel.top() + pad + titleH, barW, barH), content, scale);
}

}  // namespace

void paintGlobeLegend(QPainter& p, const QRect& area, const GlobeScene& scene, double scale, const QColor& paper) {
    p.save();
    p.setRenderHint(QPainter::Antialiasing);
    QFont font = p.font();
    font.setPixelSize(static_cast<int>(std::round(12 * scale)));
    p.setFont(font);
    const QFontMetricsF fm(font);

    if (scene.isVisible(GlobeLayer::Legend)) {
        auto entries = legendEntries(scene, false);
        if (!entries.empty()) {
            const double pad = 8 * scale, swatchW = 26 * scale, lineH = std::max(fm.height(), 14 * scale) + 4 * scale;
            double textW = 0, listH = 0;
            std::vector<double> rowH;
            const auto measure = [&] {
                textW = 0;
                for (const auto& e : entries) textW = std::max(textW, fm.horizontalAdvance(e.text));
                // Lines longer than the area leaves (a figure's margin) wrap between words.
                textW = std::min(textW, std::max(60 * scale, area.width() - swatchW - 4 * pad));
                rowH.clear();
                for (const auto& e : entries) {
                    const QRectF wrapped = fm.boundingRect(QRectF(0, 0, textW + pad, 1e6), Qt::TextWordWrap, e.text);
                    rowH.push_back(std::max(lineH, wrapped.height() + 4 * scale));
                }
                listH = 0;
                for (double h : rowH) listH += h;
            };
            measure();
            if (!paper.isValid() && listH + 2 * pad > kBriefLegendHeightShare * area.height()) {
                entries = legendEntries(scene, true);
                measure();
            }
            const QRectF panel(area.left() + pad, area.top() + pad, swatchW + textW + 3 * pad, listH + 2 * pad);
            p.setPen(Qt::NoPen);
            p.setBrush(paper.isValid() ? paper : kPanelColor);
            p.drawRoundedRect(panel, 6 * scale, 6 * scale);
            double y = panel.top() + pad;
            for (std::size_t i = 0; i < entries.size(); ++i) {
                // The swatch beside the entry's first line.
                paintSwatch(p, QRectF(panel.left() + pad, y + 3 * scale, swatchW, lineH - 6 * scale), entries[i],
                            scale);
                p.setPen(inkOn(paper));
                p.drawText(QRectF(panel.left() + 2 * pad + swatchW, y, textW + pad, rowH[i]),
                           Qt::AlignLeft | Qt::AlignVCenter | Qt::TextWordWrap, entries[i].text);
                y += rowH[i];
            }
        }
    }
    if (scene.isVisible(GlobeLayer::ColorBar) && scene.isVisible(GlobeLayer::FieldOverlay) && !scene.field.empty())
        paintFieldColorBar(p, QRectF(area), scene.field, scale, paper);
    p.restore();
}

}  // namespace meshdiff::views
