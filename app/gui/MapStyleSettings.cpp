#include "gui/MapStyleSettings.h"

#include "gui/SettingsKeys.h"

namespace meshdiff::gui {

views::ErrorMapStyle savedMapStyle(const QSettings& settings) { return savedMapStyle(savedValueOf(settings)); }

views::ErrorMapStyle savedMapStyle(const SavedValue& value) {
    views::ErrorMapStyle style;
    style.mode = views::MapMode(value(settings::kMapMode, int(style.mode)).toInt());
    style.limits.mode = views::LimitMode(value(settings::kMapLimits, int(style.limits.mode)).toInt());
    style.limits.manualMin = value(settings::kMapManualMin, style.limits.manualMin).toDouble();
    style.limits.manualMax = value(settings::kMapManualMax, style.limits.manualMax).toDouble();
    style.scale = views::ScaleChoice(value(settings::kMapScale, int(style.scale)).toInt());
    style.sequentialMap = views::ColorMapKind(value(settings::kMapColorMap, int(style.sequentialMap)).toInt());
    style.coastlines = value(settings::kMapCoastlines, true).toBool();
    style.differences = value(settings::kMapDifferences, true).toBool();
    style.graticule = value(settings::kMapGraticule, true).toBool();
    style.spotlight = value(settings::kMapSpotlight, false).toBool();
    style.differenceMap =
        views::ColorMapKind(value(settings::kMapDifferenceColorMap, int(style.differenceMap)).toInt());
    return style;
}

std::vector<std::pair<QString, QVariant>> mapStyleSettings(const views::ErrorMapStyle& style) {
    return {{settings::kMapMode, int(style.mode)},
            {settings::kMapLimits, int(style.limits.mode)},
            {settings::kMapManualMin, style.limits.manualMin},
            {settings::kMapManualMax, style.limits.manualMax},
            {settings::kMapScale, int(style.scale)},
            {settings::kMapColorMap, int(style.sequentialMap)},
            {settings::kMapCoastlines, style.coastlines},
            {settings::kMapDifferences, style.differences},
            {settings::kMapGraticule, style.graticule},
            {settings::kMapSpotlight, style.spotlight},
            {settings::kMapDifferenceColorMap, int(style.differenceMap)}};
}

}  // namespace meshdiff::gui
