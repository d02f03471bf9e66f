#pragma once
#include <utility>
#include <vector>

#include <QSettings>
#include <QVariant>

#include "gui/SavedValue.h"
#include "map/ErrorMapRenderer.h"

namespace meshdiff::gui {

// The error map's style as the settings saved it (defaults where they hold none), and as saved.
views::ErrorMapStyle savedMapStyle(const QSettings& settings);
views::ErrorMapStyle savedMapStyle(const SavedValue& value);
std::vector<std::pair<QString, QVariant>> mapStyleSettings(const views::ErrorMapStyle& style);

}  // namespace meshdiff::gui
