#pragma once
#include <string>
#include <vector>

namespace meshdiff::gui {

// Opens the desktop window (on `runs` = {A, B} when given, on the built-in demo with `demo`)
// and runs the Qt event loop; returns the process exit status.
int runWindow(int argc, char** argv, const std::vector<std::string>& runs, bool demo);

}  // namespace meshdiff::gui
