#include <CLI/CLI.hpp>
#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QProcess>
#include <QTimer>
#include <iostream>

#include "cli/BackendOptions.h"
#include "cli/Command.h"
#include "cli/InterruptWatch.h"
#include "common/Error.h"
#include "rerun/RerunController.h"
#include "rerun/ResourceDirectory.h"
#include "rerun/RunRefs.h"
#include "rerun/RunsDirectory.h"

namespace meshdiff::cli {
namespace {

struct RerunArguments {
    std::string recipe, label, runA, runB;
    BackendOptions where;
    std::vector<std::string> sets, options, env;
    double timeout = -1;
    bool wait = false;
};

std::pair<std::string, std::string> splitAssignment(const std::string& text, const std::string& flag) {
    const auto equals = text.find('=');
    if (equals == std::string::npos || equals == 0) throw Error(flag, "\"" + text + "\" is not NAME=VALUE");
    return {text.substr(0, equals), text.substr(equals + 1)};
}

rerun::RerunRequest makeRequest(const RerunArguments& args, const std::string& self) {
    rerun::RerunRequest request;
    request.recipe = rerun::loadRecipe(args.recipe);
    for (const auto& text : args.sets) {
        auto [key, value] = splitAssignment(text, "--set");
        request.recipe.params[key] = value;
    }
    for (const auto& text : args.options) {
        auto [name, choice] = splitAssignment(text, "--option");
        auto* option = request.recipe.option(name);
        if (!option) throw Error(args.recipe, "the recipe has no option \"" + name + "\"");
        option->selected = choice;
        option->selectedChoice();
    }
    for (const auto& text : args.env) {
        auto [name, value] = splitAssignment(text, "--env");
        if (!rerun::isValidEnvName(name)) throw Error("--env", "\"" + name + "\" is not a valid variable name");
        request.recipe.env[name] = value;
    }
    if (args.timeout >= 0) request.recipe.timeoutSeconds = args.timeout;
    args.where.applyTo(request, self);
    if (!args.runA.empty()) request.runs["A"] = rerun::runRefFromPath(args.runA);
    if (!args.runB.empty()) request.runs["B"] = rerun::runRefFromPath(args.runB);
    request.label = args.label;
    return request;
}

// "The result is diffed against A and B at once": meshdiff compare NEW A, NEW B.
void compareWithRuns(const QString& self, const QString& runFolder, const rerun::RerunRequest& request) {
    for (const auto& [key, ref] : request.runs) {
        std::cout << "\n== " << request.label << " vs " << key << " (" << ref.label << ")\n" << std::flush;
        QProcess compare;
        compare.setProcessChannelMode(QProcess::ForwardedChannels);
        compare.start(self, {"compare", runFolder, QString::fromStdString(ref.path)});
        compare.waitForFinished(-1);
    }
}

int runRerun(const RerunArguments& args) {
    int argc = 1;
    char name[] = "meshdiff";
    char* argv[] = {name, nullptr};
    QCoreApplication application(argc, argv);
    const std::string self = QFileInfo("/proc/self/exe").canonicalFilePath().toStdString();
    rerun::RerunRequest request = makeRequest(args, self);

    rerun::RerunController controller;
    int status = kExitError;
    bool detached = false;
    QObject::connect(&controller, &rerun::RerunController::logText, &controller,
                     [](const QString& text) { std::cout << text.toStdString() << std::flush; });
    QObject::connect(&controller, &rerun::RerunController::submitted, &controller, [&](const QString& jobId) {
        if (args.wait) return;
        std::cout << "submitted Slurm job " << jobId.toStdString() << "; follow it with squeue -j "
                  << jobId.toStdString() << "\nrun folder (when done): " << controller.runFolder().toStdString()
                  << "\n";
        detached = true;
        status = kExitSame;
        QTimer::singleShot(0, &application, &QCoreApplication::quit);
    });
    QObject::connect(&controller, &rerun::RerunController::finished, &controller,
                     [&](const QString& runFolder, const QString&, bool succeeded) {
                         status = succeeded ? kExitSame : kExitError;
                         if (succeeded && request.recipe.compareWithRuns)
                             compareWithRuns(QString::fromStdString(self), runFolder, request);
                         QTimer::singleShot(0, &application, &QCoreApplication::quit);
                     });
    const InterruptWatch interruptWatch([&] { controller.cancel(); });

    controller.start(request);
    if (controller.running() || detached) application.exec();

    const auto& record = controller.record();
    std::cout << "status: " << record.value("status", "") << "\n"
              << "run folder: " << controller.runFolder().toStdString() << "\n"
              << "ledger: " << controller.ledgerPath() << "\n";
    if (detached) return kExitSame;
    return status;
}

}  // namespace

void addRerunCommand(CLI::App& app, CommandAction& action) {
    auto args = std::make_shared<RerunArguments>();
    auto* command = app.add_subcommand("rerun", "Run a rerun recipe locally, over SSH or through Slurm");
    command->add_option("--recipe", args->recipe, "Recipe JSON file (resources/recipes/*.json)")->required();
    args->where.addTo(*command);
    command->add_flag("--wait", args->wait, "Slurm: follow the job to its end (local and SSH runs always wait)");
    command->add_option("--run-a", args->runA, "Run A (folder or file): {A.path} {A.label} {A.graph} {A.fields}");
    command->add_option("--run-b", args->runB, "Run B (folder or file): {B.*}");
    command->add_option("--set", args->sets, "Set a recipe parameter: NAME=VALUE");
    command->add_option("--option", args->options,
                        "Choose an option: NAME=CHOICE (e.g. simd=\"as an AVX2 host (NumPy 2: X86_V4 off)\")");
    command->add_option("--env", args->env, "Set an environment variable for the job: NAME=VALUE");
    command->add_option("--label", args->label, "Name of the new run (C, D, …)");
    command->add_option("--timeout", args->timeout, "Time limit in seconds (overrides the recipe; 0: none)");
    command->callback([&action, args] { action = [args] { return runRerun(*args); }; });
}

}  // namespace meshdiff::cli
