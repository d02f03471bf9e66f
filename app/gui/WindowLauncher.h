#pragma once
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "gui/ReportWriterFunction.h"

namespace meshdiff::gui {

class MainWindow;

// The window, not shown yet, on `runs`: with {A, B} their reading and comparing has begun on
// workers before the window was built (so the window's construction costs the user no time),
// with {A} run A is set; with {A, B} and `spreadRun`, A against that third run is the yardstick;
// `leadStepHours`: hours between leads for files that give none (`--lead-hours`).
// Its File ▸ Export ▸ Report writes with `reportWriter`. Needs a QApplication.
std::unique_ptr<MainWindow> makeWindow(const std::vector<std::string>& runs, ReportWriter reportWriter = {},
                                       const std::string& spreadRun = {},
                                       std::optional<double> leadStepHours = std::nullopt);

// Opens the desktop window (on `runs` = {A, B} when given, on the built-in demo with `demo`)
// and runs the Qt event loop (`spreadRun` and `leadStepHours` as in makeWindow); with
// `sessionFile`, opens that saved session (gui/session), or names the file and the problem and
// returns 2 without a window. Returns the process exit status.
int runWindow(int argc, char** argv, const std::vector<std::string>& runs, bool demo, ReportWriter reportWriter,
              const std::string& spreadRun = {}, std::optional<double> leadStepHours = std::nullopt,
              const std::string& sessionFile = {});

}  // namespace meshdiff::gui
