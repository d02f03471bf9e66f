#include <CLI/CLI.hpp>
#include <exception>
#include <iostream>
#include <memory>
#include <optional>

#include "cli/Command.h"
#include "cli/HelpFormatter.h"
#include "cli/LeadHoursOption.h"
#include "cli/VersionText.h"
#include "common/Error.h"
#include "io/Hdf5Preflight.h"
#ifdef MESHDIFF_HAVE_GUI
#include "WindowReportWriter.h"
#include "gui/WindowLauncher.h"
#endif
#ifdef MESHDIFF_GUI_HANDOVER
#include "cli/GuiHandOver.h"
#endif

int main(int argc, char** argv) {
    meshdiff::runHdf5PreflightChildIfAsked(argc, argv);  // the window's pre-flight children
    using namespace meshdiff::cli;
    CLI::App app{"meshdiff: where and why two runs of a mesh-graph weather model differ", "meshdiff"};
    app.formatter(std::make_shared<HelpFormatter>());
    app.set_version_flag("--version", meshdiff::cli::versionText,
                         "Print the version and the library versions, then exit");
    app.require_subcommand(0, 1);
#if defined(MESHDIFF_HAVE_GUI) || defined(MESHDIFF_GUI_HANDOVER)
    // Without a sub-command meshdiff opens the window: `meshdiff RUN_A RUN_B` or `meshdiff --demo`.
    std::vector<std::string> windowRuns;
    std::string windowSpread;
    std::optional<double> windowLeadHours;
    std::string windowSession;
    bool windowDemo = false;
    app.add_option("runs", windowRuns, "RUN_A RUN_B: open the window on two runs")->expected(0, 2);
    app.add_option("--spread", windowSpread,
                   "RUN_C: with RUN_A RUN_B, A against this third run is the yardstick of the window's numbers");
    addLeadHoursOption(app, windowLeadHours);
    app.add_flag("--demo", windowDemo, "Open the window on the built-in demo pair");
    app.add_option("--session", windowSession,
                   "FILE: open the window on a saved session (File > Save Session: runs, lead, field, map style)");
#endif

    CommandAction action;
    addCompareCommand(app, action);
    addReportCommand(app, action);
    addBuildGraphCommand(app, action);
    addFragilityCommand(app, action);
    addDemoCommand(app, action);
    addRerunCommand(app, action);
    addModelStepCommand(app, action);
    addExperimentsCommand(app, action);

    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        const int status = app.exit(e);
        return status == 0 ? 0 : kExitError;
    }
#if defined(MESHDIFF_HAVE_GUI) || defined(MESHDIFF_GUI_HANDOVER)
    if (!action && !windowSpread.empty() && windowRuns.size() != 2) {
        std::cerr << "meshdiff: error: --spread " << windowSpread << ": needs RUN_A and RUN_B\n";
        return kExitError;
    }
#endif
#ifdef MESHDIFF_GUI_HANDOVER
    // Parsed here first, so that --help lists every command and mistakes are reported without
    // loading the window's libraries.
    if (!action || app.got_subcommand("report")) return handOverToGui(argv);
#endif
    if (!action) {
#ifdef MESHDIFF_HAVE_GUI
        return meshdiff::gui::runWindow(argc, argv, windowRuns, windowDemo, meshdiff::windowReportWriter(),
                                        windowSpread, windowLeadHours, windowSession);
#else
        std::cout << app.help();
        return kExitSame;
#endif
    }
    try {
        return action();
    } catch (const meshdiff::Error& e) {
        std::cerr << "meshdiff: error: " << e.what() << "\n";
    } catch (const std::exception& e) {
        std::cerr << "meshdiff: error: " << e.what() << "\n";
    }
    return kExitError;
}
