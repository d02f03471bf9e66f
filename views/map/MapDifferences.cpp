#include "map/MapDifferences.h"

#include <algorithm>
#include <cmath>

#include <QFontMetricsF>
#include <QPainter>
#include <QPainterPath>

#include "colormap/DifferenceColors.h"
#include "colormap/QtColor.h"
#include "map/MapSeam.h"

namespace meshdiff::views {
namespace {

struct MarkerLook {
    QColor color;
    bool dashed = false;
    bool square = false;
};

MarkerLook lookOf(int run) {
    if (run == 1) return {toQColor(kColorOnlyA), false, false};
    if (run == 2) return {toQColor(kColorOnlyB), true, true};
    return {toQColor(kColorChanged), false, false};
}

QPen strokePen(const MarkerLook& look, double width) {
    QPen pen(look.color, width, look.dashed ? Qt::CustomDashLine : Qt::SolidLine, Qt::FlatCap, Qt::MiterJoin);
    if (look.dashed) pen.setDashPattern({3.0, 2.0});
    return pen;
}

// Draws `path` twice: a wider white halo, then the marker's own stroke, both as `stroke` says.
void strokeWithHalo(QPainter& painter, const QPainterPath& path, MarkerLook look, const MarkerStroke& stroke) {
    QColor halo = toQColor(kColorHalo);
    halo.setAlphaF(stroke.haloOpacity);
    look.color.setAlphaF(stroke.opacity);
    painter.setBrush(Qt::NoBrush);
    painter.setPen(QPen(halo, stroke.haloWidth, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin));
    painter.drawPath(path);
    painter.setPen(strokePen(look, stroke.width));
    painter.drawPath(path);
}

QPainterPath markerPath(const QPointF& centre, double radius, bool square) {
    QPainterPath path;
    if (square) {
        path.addRect(QRectF(centre.x() - radius, centre.y() - radius, 2 * radius, 2 * radius));
    } else {
        path.addEllipse(centre, radius, radius);
    }
    return path;
}

QFont countFont(double unit) {
    QFont font;
    font.setPixelSize(std::max(7, int(std::lround(11 * unit))));
    font.setBold(true);
    return font;
}

// A cluster's number ("12"; "n" in the legend) as an outline, its bottom-left corner at `corner`.
QPainterPath countPath(const QPointF& corner, const QString& count, double unit) {
    const QFont font = countFont(unit);
    QPainterPath path;
    path.addText(corner - QPointF(0, QFontMetricsF(font).descent()), font, count);
    return path;
}

// `text` filled in the look's colour over a white halo.
void fillWithHalo(QPainter& painter, const QPainterPath& text, const MarkerLook& look, const MarkerStroke& stroke) {
    QColor halo = toQColor(kColorHalo);
    halo.setAlphaF(stroke.haloOpacity);
    painter.setBrush(Qt::NoBrush);
    painter.setPen(QPen(halo, stroke.haloWidth, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin));
    painter.drawPath(text);
    QColor ink = look.color;
    ink.setAlphaF(stroke.opacity);
    painter.setPen(Qt::NoPen);
    painter.setBrush(ink);
    painter.drawPath(text);
}

// A cluster's ring, with its count (of two or more) outside it at the upper right.
void drawCluster(QPainter& painter, const MarkCluster& cluster, const MarkerStroke& stroke, double unit) {
    MarkerLook look = lookOf(cluster.run);
    strokeWithHalo(painter, markerPath(cluster.centre, cluster.radius, false), look, stroke);
    if (cluster.count < 2) return;
    const double out = (cluster.radius + stroke.haloWidth / 2 + unit) / std::sqrt(2.0);
    look.dashed = false;
    fillWithHalo(painter, countPath(cluster.centre + QPointF(out, -out), QString::number(cluster.count), unit), look,
                 stroke);
}

double gridStep(const std::vector<double>& axis) {
    return axis.size() < 2 ? 0.0 : std::abs(axis.back() - axis.front()) / double(axis.size() - 1);
}

// The triangle moved outwards by `distance` on every side: scaled about its incentre, whose
// distance to each side is the inradius.
QPolygonF grownTriangle(const QPolygonF& corners, double distance) {
    const QPointF a = corners[0], b = corners[1], c = corners[2];
    auto length = [](QPointF v) { return std::hypot(v.x(), v.y()); };
    const double la = length(c - b), lb = length(a - c), lc = length(b - a), perimeter = la + lb + lc;
    const double area = std::abs((b.x() - a.x()) * (c.y() - a.y()) - (c.x() - a.x()) * (b.y() - a.y())) / 2;
    if (!(perimeter > 0) || !(area > 0)) return corners;
    const QPointF centre = (a * la + b * lb + c * lc) / perimeter;
    const double factor = (2 * area / perimeter + distance) / (2 * area / perimeter);
    QPolygonF grown;
    for (const QPointF& p : corners) grown << centre + (p - centre) * factor;
    return grown;
}

}  // namespace

double mapCellPixels(const MapProjection& projection, const LatLonGrid& grid) {
    return std::max(gridStep(grid.lon), gridStep(grid.lat)) * projection.pixelsPerDegree();
}

MarkerStroke markerStroke(double cellPixels, double unit) {
    // Full strength while a cell is a few pixels; from 3 to 30 pixels a cell the halo fades to a
    // third and both thin to 60 %, as the cells themselves become easy to see. The stroke stays
    // nearly opaque, so that a marker keeps its own colour.
    const double zoomedIn = std::clamp(std::log10(std::max(cellPixels, 1e-9) / 3.0), 0.0, 1.0);
    const double thinner = 1.0 - 0.4 * zoomedIn;
    MarkerStroke stroke;
    stroke.opacity = 1.0 - 0.15 * zoomedIn;
    stroke.haloOpacity = 0.8 - 0.55 * zoomedIn;
    // Never thinner than a screen pixel or so, however small the map.
    stroke.width = std::max(1.2, 1.4 * unit * thinner);
    stroke.haloWidth = stroke.width + std::max(1.0, 1.6 * unit * thinner);
    return stroke;
}

double markerClearance(double cellPixels, double unit) {
    // Half a cell's diagonal is 0.71 cell.
    return 0.71 * cellPixels + std::max(1.5, 1.5 * unit) + markerStroke(cellPixels, unit).haloWidth / 2;
}

double mapMarkerRadius(const MapProjection& projection, const LatLonGrid& grid, double unit) {
    return std::max(std::max(4.0, 5.0 * unit), markerClearance(mapCellPixels(projection, grid), unit));
}

void drawMapDifferences(QPainter& painter, const MapProjection& projection, const ErrorMapData& data,
                        const MarkLayout& layout, double unit) {
    painter.save();
    painter.setRenderHint(QPainter::Antialiasing, true);
    const double west = projection.west();
    const double cell = mapCellPixels(projection, data.grid);
    const MarkerStroke stroke = markerStroke(cell, unit);
    // A face's outline passes outside the cells of the grid points within it.
    const double clearance = markerClearance(cell, unit);
    for (std::size_t k = 0; k < data.triangles.size(); ++k) {
        if (k < layout.triangleAlone.size() && !layout.triangleAlone[k]) continue;
        const MapTriangle& t = data.triangles[k];
        const std::vector<LonLat> corners = unwrapLongitudes({t.corners.begin(), t.corners.end()});
        const double lo = std::min({corners[0][0], corners[1][0], corners[2][0]});
        const double hi = std::max({corners[0][0], corners[1][0], corners[2][0]});
        for (double shift : seamShifts(lo, hi, west)) {
            QPolygonF polygon;
            for (const auto& c : corners) polygon << projection.at(c, shift);
            QPainterPath path;
            path.addPolygon(grownTriangle(polygon, clearance));
            path.closeSubpath();
            strokeWithHalo(painter, path, lookOf(t.run), stroke);
        }
    }
    const double radius = mapMarkerRadius(projection, data.grid, unit);
    for (std::size_t k = 0; k < data.lines.size(); ++k) {
        if (k < layout.lineAlone.size() && !layout.lineAlone[k]) continue;
        const MapLine& line = data.lines[k];
        const std::vector<LonLat> ends = unwrapLongitudes({line.from, line.to});
        for (double shift : seamShifts(std::min(ends[0][0], ends[1][0]), std::max(ends[0][0], ends[1][0]), west)) {
            const QPointF from = projection.at(ends[0], shift), to = projection.at(ends[1], shift);
            const QPointF along = to - from;
            const double length = std::hypot(along.x(), along.y());
            if (length <= radius) continue;  // the ring around the grid point says it all
            QPainterPath path(from + along * (radius / length));
            path.lineTo(to);
            strokeWithHalo(painter, path, lookOf(line.run), stroke);
        }
    }
    for (std::size_t k = 0; k < data.markers.size(); ++k) {
        if (k < layout.markerAlone.size() && !layout.markerAlone[k]) continue;
        const MapMarker& marker = data.markers[k];
        const QPointF centre(projection.x(projection.placed(marker.at[0])), projection.y(marker.at[1]));
        const MarkerLook look = lookOf(marker.run);
        strokeWithHalo(painter, markerPath(centre, radius, look.square), look, stroke);
    }
    for (const MarkCluster& cluster : layout.clusters) drawCluster(painter, cluster, stroke, unit);
    painter.restore();
}

double drawMapDifferencesLegend(QPainter& painter, const QRectF& area, const ErrorMapData& data, double unit,
                                const QColor& ink, bool clusters) {
    bool runs[3] = {false, false, false};
    for (const MapMarker& m : data.markers) runs[std::clamp(m.run, 0, 2)] = true;
    for (const MapLine& l : data.lines) runs[std::clamp(l.run, 0, 2)] = true;
    for (const MapTriangle& t : data.triangles) runs[std::clamp(t.run, 0, 2)] = true;
    const bool triangles = !data.triangles.empty();
    struct Entry {
        int run;
        QString text;
        bool cluster = false;  // a ring with "n" at its upper right
    };
    std::vector<Entry> entries;
    // Short: it shares the title row (the runs' labels are in the Runs panel and the globe legend).
    if (runs[1])
        entries.push_back({1, triangles ? QStringLiteral("in A only / A's face") : QStringLiteral("in A only")});
    if (runs[2])
        entries.push_back({2, triangles ? QStringLiteral("in B only / B's face") : QStringLiteral("in B only")});
    if (runs[0]) entries.push_back({0, QStringLiteral("triangle differs")});
    if (clusters) entries.push_back({0, QStringLiteral("close together"), true});
    if (entries.empty()) return 0;

    painter.save();
    painter.setRenderHint(QPainter::Antialiasing, true);
    const QFontMetricsF metrics(painter.font());
    const double radius = std::min(5.0 * unit, area.height() * 0.35), gap = 4 * unit, spacing = 12 * unit;
    const QString n = QStringLiteral("n");
    const double countWidth = QFontMetricsF(countFont(unit)).horizontalAdvance(n);
    auto widthOf = [&] {
        double w = -spacing;
        for (const Entry& e : entries)
            w += 2 * radius + (e.cluster ? countWidth : 0.0) + gap + metrics.horizontalAdvance(e.text) + spacing;
        return w;
    };
    double width = widthOf();
    if (width > area.width() && clusters) {  // first the cluster's words
        entries.back().text = QStringLiteral("close");
        width = widthOf();
    }
    if (width > area.width()) {  // a small map: the shortest words
        for (Entry& e : entries)
            e.text = e.cluster    ? QStringLiteral("close")
                     : e.run == 1 ? QStringLiteral("A")
                     : e.run == 2 ? QStringLiteral("B")
                                  : QStringLiteral("triangle");
        width = widthOf();
    }
    double x = area.right() - width;
    const double y = area.center().y();
    for (const Entry& e : entries) {
        const MarkerLook look = lookOf(e.run);
        strokeWithHalo(painter, markerPath(QPointF(x + radius, y), look.square ? 0.9 * radius : radius, look.square),
                       look, markerStroke(0, unit));
        x += 2 * radius;
        if (e.cluster) {
            fillWithHalo(painter, countPath(QPointF(x - 0.3 * radius, y - 0.3 * radius), n, unit), look,
                         markerStroke(0, unit));
            x += countWidth;
        }
        x += gap;
        const double textWidth = metrics.horizontalAdvance(e.text);
        painter.setPen(ink);
        painter.drawText(QRectF(x, area.top(), textWidth + 1, area.height()), Qt::AlignLeft | Qt::AlignVCenter, e.text);
        x += textWidth + spacing;
    }
    painter.restore();
    return width;
}

void drawMapMarkSwatch(QPainter& painter, const QRectF& box, MapMark mark, int run, double unit) {
    painter.save();
    painter.setRenderHint(QPainter::Antialiasing, true);
    const MarkerLook look = lookOf(run);
    const double radius = box.height() * 0.32;
    const QPointF ring(box.left() + radius + 1, box.center().y());
    QPainterPath path;
    if (mark == MapMark::Face) {
        path.addPolygon(QPolygonF{QPointF(box.left(), box.bottom()), QPointF(box.right(), box.bottom()),
                                  QPointF(box.center().x(), box.top()), QPointF(box.left(), box.bottom())});
    } else {
        path = markerPath(ring, look.square ? 0.9 * radius : radius, look.square);
        if (mark == MapMark::Edge) {
            path.moveTo(ring.x() + radius, ring.y());
            path.lineTo(box.right(), box.top() + box.height() * 0.2);
        }
    }
    strokeWithHalo(painter, path, look, markerStroke(0, unit));
    painter.restore();
}

}  // namespace meshdiff::views
