#include "gui/GlobeController.h"

#include <algorithm>

#include <QAction>
#include <QSettings>
#include <QSignalBlocker>

#include "background/BackgroundWork.h"
#include "globe/GlobeView.h"
#include "gui/GlobeSceneSettings.h"
#include "gui/SettingsKeys.h"

namespace meshdiff::gui {

GlobeController::GlobeController(views::GlobeView* globe, QObject* parent) : QObject(parent), globe_(globe) {}

void GlobeController::redraw() { globe_->setScene(scene_, keepAlive()); }

std::shared_ptr<const void> GlobeController::keepAlive() const {
    return std::make_shared<
        std::pair<std::shared_ptr<const pair::LoadedPair>, std::shared_ptr<const pair::LoadedPair>>>(shownPair_,
                                                                                                     diagnosedPair_);
}

void GlobeController::showGraphs(std::shared_ptr<const pair::LoadedPair> shown) {
    views::releaseInBackground(std::exchange(shownPair_, std::move(shown)));
    const pair::LoadedPair& p = *shownPair_;
    scene_.graphA = p.graphA.get();
    scene_.graphB = p.graphB.get();
    scene_.diff = p.comparison.graph ? &*p.comparison.graph : nullptr;
    scene_.atRisk = {};
    scene_.field = {};
    scene_.labelA = p.comparison.a.label;
    scene_.labelB = p.comparison.b.label;
    scene_.edgeDrift = nullptr;
    views::releaseInBackground(std::exchange(diagnosedPair_, nullptr));
    scene_.places = p.places ? &*p.places : nullptr;  // in shownPair_
    redraw();
    if (!p.differenceLocations.empty()) {
        const auto& first = p.differenceLocations.front();
        globe_->lookAt(first[1], first[0]);
    }
}

void GlobeController::showAtRisk(views::AtRiskItems items) {
    scene_.atRisk = std::move(items);
    // The scene points into the pair the views show (the graph stage's comparison when the graphs
    // were shown before the fields), which may not be the session's pair.
    redraw();
}

void GlobeController::showFieldOverlay(views::FieldOverlay overlay) {
    auto previous = std::make_shared<views::FieldOverlay>(std::exchange(scene_.field, std::move(overlay)));
    globe_->setFieldOverlay(scene_.field);
    views::releaseInBackground(std::move(previous));
}

void GlobeController::followScale(const views::ColorScale& scale) {
    if (scene_.field.empty() || scene_.field.scale == scale) return;
    scene_.field.scale = scale;
    globe_->setFieldOverlay(scene_.field);
}

std::shared_ptr<const pair::LoadedPair> GlobeController::diagnose(std::shared_ptr<const pair::LoadedPair> diagnosed) {
    return std::exchange(diagnosedPair_, std::move(diagnosed));
}

void GlobeController::setLayerAction(views::GlobeLayer layer, QAction* action) {
    layerActions_[std::size_t(layer)] = action;
}

void GlobeController::setLayerVisible(views::GlobeLayer layer, bool on) {
    scene_.setVisible(layer, on);
    if (layer == views::GlobeLayer::EdgeFeatureDrift) {
        driftLayerWanted_ = on;
        // The drift came with a scene drawn while the layer was off.
        if (on && scene_.edgeDrift && globe_->scene().edgeDrift != scene_.edgeDrift) redraw();
    }
    globe_->setLayerVisible(layer, on);
    emit settingsChanged();
}

void GlobeController::showLayerQuietly(views::GlobeLayer layer, bool on) {
    if (QAction* action = layerAction(layer)) {
        const QSignalBlocker quiet(action);
        action->setChecked(on);
    }
    scene_.setVisible(layer, on);
    globe_->setLayerVisible(layer, on);
}

void GlobeController::setMeshLevel(int level) {
    scene_.meshLevel = level;
    globe_->setMeshLevel(level);
    emit settingsChanged();
}

int GlobeController::availableMeshLevels() const { return globe_->availableMeshLevels(); }

int GlobeController::shownMeshLevel() const {
    const int available = availableMeshLevels();
    return available > 0 ? std::min(scene_.meshLevel, available - 1) : scene_.meshLevel;
}

void GlobeController::markMeshLevel() { emit meshLevelMarked(); }

void GlobeController::restoreSettings(const SavedValue& value) {
    const views::GlobeScene saved = savedGlobeScene(value);
    if (value(settings::kGlobeLayers, {}).isValid()) {
        for (int layer = 0; layer < views::kGlobeLayerCount; ++layer) {
            const bool on = saved.visible[std::size_t(layer)];
            scene_.visible[std::size_t(layer)] = on;
            if (globe_->layerVisible(views::GlobeLayer(layer)) != on)
                globe_->setLayerVisible(views::GlobeLayer(layer), on);
            if (QAction* action = layerAction(views::GlobeLayer(layer))) {
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
}

std::vector<std::pair<QString, QVariant>> GlobeController::settingsValues() const {
    QVariantList visible;
    for (int layer = 0; layer < views::kGlobeLayerCount; ++layer) {
        const bool drift = layer == int(views::GlobeLayer::EdgeFeatureDrift);
        if (drift ? driftLayerWanted_ : scene_.visible[std::size_t(layer)]) visible << layer;
    }
    return {{settings::kGlobeLayers, visible},
            {settings::kGlobeLayerCount, views::kGlobeLayerCount},
            {settings::kGlobeMeshLevel, scene_.meshLevel}};
}

}  // namespace meshdiff::gui
