#include <CLI/CLI.hpp>
#include <exception>
#include <iostream>

#include "cli/Command.h"
#include "common/Error.h"

int main(int argc, char** argv) {
    using namespace meshdiff::cli;
    CLI::App app{"meshdiff: where and why two runs of a mesh-graph weather model differ", "meshdiff"};
    app.set_version_flag("--version", std::string("meshdiff ") + MESHDIFF_VERSION);
    app.require_subcommand(0, 1);

    CommandAction action;
    addCompareCommand(app, action);
    addRerunCommand(app, action);

    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        const int status = app.exit(e);
        return status == 0 ? 0 : kExitError;
    }
    if (!action) {
        std::cout << app.help();
        return kExitSame;
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
