#pragma once
#include <functional>

namespace CLI {
class App;
}

namespace meshdiff::cli {

// What a sub-command runs once the command line is parsed; returns the process exit status.
using CommandAction = std::function<int()>;

// Exit statuses shared by every sub-command (h5diff/nccmp convention).
constexpr int kExitSame = 0;
constexpr int kExitDifferent = 1;
constexpr int kExitError = 2;
constexpr int kExitCancelled = 130;  // Ctrl-C, as shells report a SIGINT (128 + 2); nothing was written

// Each sub-command adds itself to the parser and, when chosen, stores its action.
void addCompareCommand(CLI::App& app, CommandAction& action);
void addReportCommand(CLI::App& app, CommandAction& action);
void addBuildGraphCommand(CLI::App& app, CommandAction& action);
void addFragilityCommand(CLI::App& app, CommandAction& action);
void addDemoCommand(CLI::App& app, CommandAction& action);
void addRerunCommand(CLI::App& app, CommandAction& action);
void addModelStepCommand(CLI::App& app, CommandAction& action);
void addExperimentsCommand(CLI::App& app, CommandAction& action);

}  // namespace meshdiff::cli
