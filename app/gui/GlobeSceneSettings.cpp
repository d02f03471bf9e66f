#include "gui/GlobeSceneSettings.h"

#include <algorithm>

#include "globe/GlobeView.h"
#include "gui/SettingsKeys.h"

namespace meshdiff::gui {

views::GlobeScene savedGlobeScene(const QSettings& settings) { return savedGlobeScene(savedValueOf(settings)); }

views::GlobeScene savedGlobeScene(const SavedValue& value) {
    views::GlobeScene scene;
    if (value(settings::kGlobeLayers, {}).isValid()) {
        const QVariantList visible = value(settings::kGlobeLayers, {}).toList();
        // Layers added since the list was saved keep their defaults (11: before the diagnosis').
        const int saved = std::min(value(settings::kGlobeLayerCount, 11).toInt(), views::kGlobeLayerCount);
        for (int layer = 0; layer < saved; ++layer) scene.visible[std::size_t(layer)] = visible.contains(layer);
    }
    scene.meshLevel = value(settings::kGlobeMeshLevel, scene.meshLevel).toInt();
    return scene;
}

pair::GraphsReadFn drawMeshTextureAhead(const views::GlobeScene& scene) {
    views::GlobeScene layers;  // only what the texture depends on: no pointers into an old pair
    layers.visible = scene.visible;
    layers.meshLevel = scene.meshLevel;
    return [layers](std::shared_ptr<const MeshGraph> graphA, const std::shared_ptr<const MeshGraph>&) {
        if (graphA) views::GlobeView::prepareLineTexture(layers, std::move(graphA));
    };
}

}  // namespace meshdiff::gui
