#pragma once
#include <QSettings>

#include "globe/GlobeScene.h"
#include "gui/SavedValue.h"
#include "pair/PairLoader.h"

namespace meshdiff::gui {

// The globe's layers and mesh level as the settings saved them (defaults where they hold none).
views::GlobeScene savedGlobeScene(const QSettings& settings);
views::GlobeScene savedGlobeScene(const SavedValue& value);

// Work for PairSession::setGraphsReadWork: draws run A's mesh texture for `scene`'s layers and
// mesh level on a worker while the graphs are diffed.
pair::GraphsReadFn drawMeshTextureAhead(const views::GlobeScene& scene);

}  // namespace meshdiff::gui
