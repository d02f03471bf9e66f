// MainWindow's settings: window layout, globe layers and mesh level, the error map's style and
// the recent pairs. Written on a worker (views::saveSettingsInBackground) where the GUI thread waits.
#include <QFileInfo>
#include <QSettings>
#include <QSignalBlocker>

#include <algorithm>

#include "background/BackgroundWork.h"
#include "globe/GlobeView.h"
#include "gui/GlobeSceneSettings.h"
#include "gui/MainWindow.h"
#include "gui/SettingsKeys.h"
#include "map/ErrorMapView.h"

namespace meshdiff::gui {
namespace {

QString pairKey(const QString& a, const QString& b) { return a + QLatin1Char('\n') + b; }

}  // namespace

void MainWindow::restoreSettings() {
    views::waitForSettingsWrites();
    QSettings settings;
    recentPairs_ = settings.value(settings::kRecentPairs).toStringList();
    restoreGeometry(settings.value(settings::kWindowGeometry).toByteArray());
    restoreState(settings.value(settings::kWindowState).toByteArray());
    const views::GlobeScene saved = savedGlobeScene(settings);
    if (settings.contains(settings::kGlobeLayers)) {
        for (int layer = 0; layer < views::kGlobeLayerCount; ++layer) {
            const bool on = saved.visible[std::size_t(layer)];
            scene_.visible[std::size_t(layer)] = on;
            if (globe_->layerVisible(views::GlobeLayer(layer)) != on)
                globe_->setLayerVisible(views::GlobeLayer(layer), on);
            if (auto* action = findChild<QAction*>(QStringLiteral("layer%1").arg(layer))) {
                // Quiet: its toggled() saves the settings, and the window is only half restored yet
                // (the map style still the default would be written over the one saved).
                const QSignalBlocker quiet(action);
                action->setChecked(on);
            }
        }
    }
    driftLayerWanted_ = scene_.isVisible(views::GlobeLayer::EdgeFeatureDrift);
    scene_.meshLevel = saved.meshLevel;
    markMeshLevel();
    applyMapStyleFromSettings();
}

void MainWindow::applyMapStyleFromSettings() {
    QSettings settings;
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
    map_->setStyle(style);
}

// On the one settings writer thread, like every other write: two QSettings writing the same file
// from two threads can let the later sync write back the other's stale copy.
void MainWindow::saveSettings() const {
    QVariantList visible;
    for (int layer = 0; layer < views::kGlobeLayerCount; ++layer) {
        const bool drift = layer == int(views::GlobeLayer::EdgeFeatureDrift);
        if (drift ? driftLayerWanted_ : scene_.visible[std::size_t(layer)]) visible << layer;
    }
    const views::ErrorMapStyle& style = map_->style();
    views::saveSettingsInBackground({{settings::kWindowGeometry, saveGeometry()},
                                     {settings::kWindowState, saveState()},
                                     {settings::kGlobeLayers, visible},
                                     {settings::kGlobeLayerCount, views::kGlobeLayerCount},
                                     {settings::kGlobeMeshLevel, scene_.meshLevel},
                                     {settings::kMapMode, int(style.mode)},
                                     {settings::kMapLimits, int(style.limits.mode)},
                                     {settings::kMapManualMin, style.limits.manualMin},
                                     {settings::kMapManualMax, style.limits.manualMax},
                                     {settings::kMapScale, int(style.scale)},
                                     {settings::kMapColorMap, int(style.sequentialMap)},
                                     {settings::kMapCoastlines, style.coastlines},
                                     {settings::kMapDifferences, style.differences},
                                     {settings::kMapGraticule, style.graticule}});
}

void MainWindow::rememberPair(const QString& a, const QString& b) {
    recentPairs_.removeAll(pairKey(a, b));
    recentPairs_.prepend(pairKey(a, b));
    while (recentPairs_.size() > settings::kMaxRecentPairs) recentPairs_.removeLast();
    views::saveSettingsInBackground(
        {{settings::kRecentPairs, recentPairs_}, {settings::kLastFolder, QFileInfo(a).absolutePath()}});
}

}  // namespace meshdiff::gui
