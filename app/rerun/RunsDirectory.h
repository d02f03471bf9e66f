#pragma once
#include <string>

namespace meshdiff::rerun {

// Where reruns and ledger.json go unless told: $MESHDIFF_RUNS_DIR, else
// $XDG_DATA_HOME/meshdiff/reruns, else ~/.local/share/meshdiff/reruns.
std::string defaultRunsDirectory();

// The shipped recipes (<resourceDirectory()>/recipes).
std::string presetRecipeDirectory();

}  // namespace meshdiff::rerun
