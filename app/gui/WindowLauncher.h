#pragma once
#include <memory>
#include <string>
#include <vector>

#include "gui/ReportWriterFunction.h"

namespace meshdiff::gui {

class MainWindow;

// The window, not shown yet, on `runs`: with {A, B} their reading and comparing has begun on
// workers before the window was built (so the window's construction costs the user no time),
// with {A} run A is set. Its File ▸ Export ▸ Report writes with `reportWriter`. Needs a QApplication.
std::unique_ptr<MainWindow> makeWindow(const std::vector<std::string>& runs, ReportWriter reportWriter = {});

// Opens the desktop window (on `runs` = {A, B} when given, on the built-in demo with `demo`)
// and runs the Qt event loop; returns the process exit status.
int runWindow(int argc, char** argv, const std::vector<std::string>& runs, bool demo, ReportWriter reportWriter);

}  // namespace meshdiff::gui
