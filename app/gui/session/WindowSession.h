#pragma once
#include <QString>

#include "gui/session/SessionFile.h"

namespace meshdiff::gui {

class MainWindow;

// What `window` shows, as a session: its runs, lead step, lead, member, field, map style, metric
// choice and globe layers (by the keys its settings use).
SessionState windowSession(const MainWindow& window);

// Opens the session's runs in `window` and applies its view at once; its field, lead and member
// once the pair is loaded and its leads are known.
void applySession(MainWindow& window, const SessionState& state);

}  // namespace meshdiff::gui
