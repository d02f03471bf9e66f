#include "map/FieldReadout.h"

#include <cmath>

#include "colormap/ColorMap.h"
#include "geo/LatLonText.h"

namespace meshdiff::views {

QString fieldValuesReadout(double a, double b, const std::string& units) {
    const QString unit = units.empty() ? QString() : QStringLiteral(" ") + QString::fromStdString(units);
    auto value = [&](double v) {
        return std::isfinite(v) ? QString::fromStdString(formatValue(v)) + unit : QStringLiteral("—");
    };
    return QStringLiteral("A %1   B %2   A−B %3").arg(value(a), value(b), value(a - b));
}

QString fieldReadout(double lat, double lon, double a, double b, const std::string& units,
                     std::optional<std::size_t> gridIndex) {
    QString text = QString::fromStdString(latLonLabel(lat, lon));
    if (gridIndex) text += QStringLiteral(" (grid point %1)").arg(*gridIndex);
    return text + QStringLiteral(":  ") + fieldValuesReadout(a, b, units);
}

}  // namespace meshdiff::views
