#pragma once
#include <QString>

#include "gui/session/SessionFile.h"

namespace meshdiff::gui {

class MainWindow;

// What `window` shows, as a session: its runs, lead step, lead, member, field, map style, metric
// choice and globe layers (by the keys its settings use), and the map's zoom and pan, its "near"
// outline, the globe's camera, the selected difference, the point inspected, the docks shown,
// whether the map is in the middle, and the field table's filter and sort (SessionKeys.h).
SessionState windowSession(const MainWindow& window);

// Opens the session's runs in `window` and applies its view at once; its field, lead and member
// once the leads are known; the selection, the "near" outline, the camera and the docks once the
// pair is shown (its load sets them too), the docks again once a rollout is compared.
void applySession(MainWindow& window, const SessionState& state);

}  // namespace meshdiff::gui
