#include "gui/MapStyleSettings.h"

#include "gui/SettingsKeys.h"

namespace meshdiff::gui {

views::ErrorMapStyle savedMapStyle(const QSettings& settings) {
    views::ErrorMapStyle style;
    style.mode = views::MapMode(settings.value(settings::kMapMode, int(style.mode)).toInt());
    style.limits.mode = views::LimitMode(settings.value(settings::kMapLimits, int(style.limits.mode)).toInt());
    style.limits.manualMin = settings.value(settings::kMapManualMin, style.limits.manualMin).toDouble();
    style.limits.manualMax = settings.value(settings::kMapManualMax, style.limits.manualMax).toDouble();
    style.scale = views::ScaleChoice(settings.value(settings::kMapScale, int(style.scale)).toInt());
    style.sequentialMap = views::ColorMapKind(settings.value(settings::kMapColorMap, int(style.sequentialMap)).toInt());
    style.coastlines = settings.value(settings::kMapCoastlines, true).toBool();
    style.differences = settings.value(settings::kMapDifferences, true).toBool();
    style.graticule = settings.value(settings::kMapGraticule, true).toBool();
    style.spotlight = settings.value(settings::kMapSpotlight, false).toBool();
    style.differenceMap =
        views::ColorMapKind(settings.value(settings::kMapDifferenceColorMap, int(style.differenceMap)).toInt());
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
