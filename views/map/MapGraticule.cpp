#include "map/MapGraticule.h"

#include <algorithm>
#include <cmath>

#include <QPainter>

namespace meshdiff::views {
namespace {

int decimalsFor(double step) {
    for (int decimals = 0; decimals < 4; ++decimals) {
        const double scaled = step * std::pow(10.0, decimals);
        if (std::abs(scaled - std::round(scaled)) < 1e-6) return decimals;
    }
    return 4;
}

QString degrees(double value, double step) {
    return QString::number(std::abs(value), 'f', decimalsFor(step)) + QStringLiteral("°");
}

bool isZero(double value, double step) { return std::abs(value) < step * 1e-6; }

}  // namespace

double graticuleStep(double spanDegrees, double maxLines) {
    constexpr double kSteps[] = {0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60, 90};
    for (double step : kSteps)
        if (spanDegrees / step <= maxLines) return step;
    return 90;
}

std::vector<double> graticuleValues(double from, double to, double step) {
    std::vector<double> values;
    if (!(step > 0) || !(to >= from)) return values;
    const long long first = static_cast<long long>(std::ceil(from / step - 1e-9));
    const long long last = static_cast<long long>(std::floor(to / step + 1e-9));
    for (long long k = first; k <= last && values.size() < 1000; ++k) values.push_back(double(k) * step);
    return values;
}

QString latitudeLabel(double lat, double step) {
    if (isZero(lat, step)) return degrees(0, step);
    return degrees(lat, step) + (lat > 0 ? QStringLiteral("N") : QStringLiteral("S"));
}

QString longitudeLabel(double lon, double step) {
    double wrapped = std::remainder(lon, 360.0);  // [−180, 180]
    if (wrapped <= -180.0 + step * 1e-6) wrapped = 180.0;
    if (isZero(wrapped, step) || std::abs(wrapped - 180.0) < step * 1e-6) return degrees(wrapped, step);
    return degrees(wrapped, step) + (wrapped > 0 ? QStringLiteral("E") : QStringLiteral("W"));
}

double graticuleLabelWidth(double unit) { return 46 * unit; }
double graticuleLabelHeight(double unit) { return 16 * unit; }

void drawGraticule(QPainter& painter, const MapProjection& projection, double unit, const QColor& ink) {
    const QRectF& frame = projection.frame;
    if (frame.width() <= 0 || frame.height() <= 0) return;
    const MapViewport& view = projection.viewport;
    // At most one labelled line per 45 units across the frame (a label such as "150°W" is about 30
    // units wide), and never more than 12.
    const double step = graticuleStep(view.lonSpan(), std::clamp(frame.width() / (45 * unit), 2.0, 12.0));
    const std::vector<double> lons = graticuleValues(view.west(), view.east(), step);
    const std::vector<double> lats = graticuleValues(std::max(-90.0, view.south()), std::min(90.0, view.north()), step);

    painter.save();
    painter.setRenderHint(QPainter::Antialiasing, true);
    // Faint and thin: a reference, not data.
    QColor faint = ink;
    faint.setAlpha(70);
    painter.setPen(QPen(faint, 0.6 * unit, Qt::SolidLine, Qt::FlatCap));
    painter.setClipRect(frame);
    for (double lon : lons)
        painter.drawLine(QPointF(projection.x(lon), frame.top()), QPointF(projection.x(lon), frame.bottom()));
    for (double lat : lats)
        painter.drawLine(QPointF(frame.left(), projection.y(lat)), QPointF(frame.right(), projection.y(lat)));
    painter.setClipping(false);

    QFont font = painter.font();
    font.setPixelSize(std::max(6, int(std::lround(10 * unit))));
    painter.setFont(font);
    painter.setPen(QPen(ink, 0.6 * unit));
    const double tick = 3 * unit, labelWidth = graticuleLabelWidth(unit), labelHeight = graticuleLabelHeight(unit);
    for (double lon : lons) {
        const double x = projection.x(lon);
        painter.drawLine(QPointF(x, frame.bottom()), QPointF(x, frame.bottom() + tick));
        painter.drawText(QRectF(x - 40 * unit, frame.bottom() + tick, 80 * unit, labelHeight - tick),
                         Qt::AlignHCenter | Qt::AlignTop, longitudeLabel(lon, step));
    }
    for (double lat : lats) {
        const double y = projection.y(lat);
        painter.drawLine(QPointF(frame.left() - tick, y), QPointF(frame.left(), y));
        painter.drawText(QRectF(frame.left() - labelWidth, y - 8 * unit, labelWidth - tick - unit, 16 * unit),
                         Qt::AlignRight | Qt::AlignVCenter, latitudeLabel(lat, step));
    }
    painter.restore();
}

}  // namespace meshdiff::views
