#include "map/MapDifferences.h"

#include <algorithm>
#include <cmath>

#include <QFontMetricsF>
#include <QPainter>
#include <QPainterPath>

#include "colormap/DifferenceColors.h"
#include "map/MapSeam.h"

namespace meshdiff::views {
namespace {

QColor toQColor(Rgb c) { return QColor(c.r, c.g, c.b); }

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

// Draws `path` twice: a wider white halo, then the marker's own stroke.
void strokeWithHalo(QPainter& painter, const QPainterPath& path, const MarkerLook& look, double unit) {
    // Never thinner than a screen pixel or so, however small the map.
    const double width = std::max(1.2, 1.4 * unit);
    QColor halo = toQColor(kColorHalo);
    halo.setAlpha(210);
    painter.setBrush(Qt::NoBrush);
    painter.setPen(QPen(halo, width + std::max(1.6, 2.0 * unit), Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin));
    painter.drawPath(path);
    painter.setPen(strokePen(look, width));
    painter.drawPath(path);
}

QPainterPath markerPath(const QPointF& centre, double radius, bool square) {
    QPainterPath path;
    if (square) {
        const double half = radius * 0.9;
        path.addRect(QRectF(centre.x() - half, centre.y() - half, 2 * half, 2 * half));
    } else {
        path.addEllipse(centre, radius, radius);
    }
    return path;
}

double gridStep(const std::vector<double>& axis) {
    return axis.size() < 2 ? 0.0 : std::abs(axis.back() - axis.front()) / double(axis.size() - 1);
}

}  // namespace

double mapMarkerRadius(const MapProjection& projection, const LatLonGrid& grid, double unit) {
    const double cell = std::max(gridStep(grid.lon), gridStep(grid.lat)) * projection.pixelsPerDegree();
    // Half a cell's diagonal is 0.71 cell; the halo reaches 1.7 units inwards from the ring.
    return std::max(std::max(4.0, 5.0 * unit), 0.75 * cell + std::max(2.0, 2.0 * unit));
}

void drawMapDifferences(QPainter& painter, const MapProjection& projection, const ErrorMapData& data, double unit) {
    painter.save();
    painter.setRenderHint(QPainter::Antialiasing, true);
    const double west = projection.west();
    for (const MapTriangle& t : data.triangles) {
        const std::vector<LonLat> corners = unwrapLongitudes({t.corners.begin(), t.corners.end()});
        const double lo = std::min({corners[0][0], corners[1][0], corners[2][0]});
        const double hi = std::max({corners[0][0], corners[1][0], corners[2][0]});
        for (double shift : seamShifts(lo, hi, west)) {
            QPolygonF polygon;
            for (const auto& c : corners) polygon << projection.at(c, shift);
            QPainterPath path;
            path.addPolygon(polygon);
            path.closeSubpath();
            strokeWithHalo(painter, path, lookOf(t.run), unit);
        }
    }
    const double radius = mapMarkerRadius(projection, data.grid, unit);
    for (const MapLine& line : data.lines) {
        const std::vector<LonLat> ends = unwrapLongitudes({line.from, line.to});
        for (double shift : seamShifts(std::min(ends[0][0], ends[1][0]), std::max(ends[0][0], ends[1][0]), west)) {
            const QPointF from = projection.at(ends[0], shift), to = projection.at(ends[1], shift);
            const QPointF along = to - from;
            const double length = std::hypot(along.x(), along.y());
            if (length <= radius) continue;  // the ring around the grid point says it all
            QPainterPath path(from + along * (radius / length));
            path.lineTo(to);
            strokeWithHalo(painter, path, lookOf(line.run), unit);
        }
    }
    for (const MapMarker& marker : data.markers) {
        const QPointF centre(projection.x(projection.placed(marker.at[0])), projection.y(marker.at[1]));
        const MarkerLook look = lookOf(marker.run);
        strokeWithHalo(painter, markerPath(centre, radius, look.square), look, unit);
    }
    painter.restore();
}

double drawMapDifferencesLegend(QPainter& painter, const QRectF& area, const ErrorMapData& data, double unit,
                                const QColor& ink) {
    bool runs[3] = {false, false, false};
    for (const MapMarker& m : data.markers) runs[std::clamp(m.run, 0, 2)] = true;
    for (const MapLine& l : data.lines) runs[std::clamp(l.run, 0, 2)] = true;
    for (const MapTriangle& t : data.triangles) runs[std::clamp(t.run, 0, 2)] = true;
    const bool triangles = !data.triangles.empty();
    struct Entry {
        int run;
        QString text;
    };
    std::vector<Entry> entries;
    // Short: it shares the title row (the runs' labels are in the Runs panel and the globe legend).
    if (runs[1])
        entries.push_back({1, triangles ? QStringLiteral("in A only / A's face") : QStringLiteral("in A only")});
    if (runs[2])
        entries.push_back({2, triangles ? QStringLiteral("in B only / B's face") : QStringLiteral("in B only")});
    if (runs[0]) entries.push_back({0, QStringLiteral("triangle differs")});
    if (entries.empty()) return 0;

    painter.save();
    painter.setRenderHint(QPainter::Antialiasing, true);
    const QFontMetricsF metrics(painter.font());
    const double radius = std::min(5.0 * unit, area.height() * 0.35), gap = 4 * unit, spacing = 12 * unit;
    auto widthOf = [&] {
        double w = -spacing;
        for (const Entry& e : entries) w += 2 * radius + gap + metrics.horizontalAdvance(e.text) + spacing;
        return w;
    };
    double width = widthOf();
    if (width > area.width()) {  // a small map: the shortest words
        for (Entry& e : entries)
            e.text = e.run == 1 ? QStringLiteral("A") : e.run == 2 ? QStringLiteral("B") : QStringLiteral("triangle");
        width = widthOf();
    }
    double x = area.right() - width;
    const double y = area.center().y();
    for (const Entry& e : entries) {
        const MarkerLook look = lookOf(e.run);
        strokeWithHalo(painter, markerPath(QPointF(x + radius, y), radius, look.square), look, unit);
        x += 2 * radius + gap;
        const double textWidth = metrics.horizontalAdvance(e.text);
        painter.setPen(ink);
        painter.drawText(QRectF(x, area.top(), textWidth + 1, area.height()), Qt::AlignLeft | Qt::AlignVCenter, e.text);
        x += textWidth + spacing;
    }
    painter.restore();
    return width;
}

}  // namespace meshdiff::views
