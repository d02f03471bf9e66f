#include <CLI/CLI.hpp>
#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QTimer>
#include <filesystem>
#include <fstream>
#include <iostream>

#include "cli/BackendOptions.h"
#include "cli/Command.h"
#include "cli/InterruptWatch.h"
#include "common/Error.h"
#include "experiments/ExperimentRecipe.h"
#include "experiments/ExperimentRunner.h"
#include "experiments/PairMeasure.h"
#include "rerun/ResourceDirectory.h"
#include "rerun/RunRefs.h"
#include "rerun/RunsDirectory.h"

namespace meshdiff::cli {
namespace {

struct ExperimentsArgs {
    std::string runA, runB, recipe, jsonPath, markdownPath, side;
    BackendOptions where;
    std::vector<std::string> sets;
    double tolerance = 0;
    bool dryRun = false, everyExperiment = false;
};

void writeFile(const std::string& path, const std::string& text) {
    const std::string partial = path + ".partial";
    {
        std::ofstream out(partial, std::ios::binary | std::ios::trunc);
        if (!out || !(out << text) || !out.flush()) throw Error(path, "cannot write");
    }
    std::error_code ec;
    std::filesystem::rename(partial, path, ec);
    if (ec) throw Error(path, "cannot write: " + ec.message());
}

rerun::RerunRequest baseRequest(const ExperimentsArgs& args, const std::string& self) {
    rerun::RerunRequest request;
    args.where.applyTo(request, self);
    request.runs["A"] = rerun::runRefFromPath(args.runA);
    request.runs["B"] = rerun::runRefFromPath(args.runB);
    return request;
}

void writeOutputs(const ExperimentsArgs& args, const experiments::ExperimentsResult& result) {
    if (!args.jsonPath.empty()) writeFile(args.jsonPath, experiments::experimentsResultToJson(result).dump(2) + "\n");
    if (!args.markdownPath.empty()) writeFile(args.markdownPath, experiments::experimentsResultToMarkdown(result));
}

int runExperiments(const ExperimentsArgs& args) {
    auto recipe = experiments::loadExperimentRecipe(args.recipe);
    for (const auto& text : args.sets) {
        const auto equals = text.find('=');
        if (equals == std::string::npos || equals == 0) throw Error("--set", "\"" + text + "\" is not NAME=VALUE");
        recipe.recipe.params[text.substr(0, equals)] = text.substr(equals + 1);
    }
    const std::string self = QFileInfo("/proc/self/exe").canonicalFilePath().toStdString();
    const rerun::RerunRequest base = baseRequest(args, self);  // checks the back-end and the runs first

    std::cout << "comparing A and B…\n" << std::flush;
    CompareOptions options;
    options.tolerance = args.tolerance;
    const Comparison pair = compareRuns(args.runA, args.runB, options);
    experiments::ExperimentsResult result;
    result.runA = args.runA;
    result.runB = args.runB;
    result.recipe = args.recipe;
    result.backend = args.where.backend;
    result.tolerance = args.tolerance;
    result.facts = experiments::pairFacts(pair);
    std::cout << "A vs B: cause " << result.facts.cause << ", max rel RMS "
              << experiments::formatRelRms(result.facts.maxRelRms) << ", graphs "
              << (result.facts.graphsDiffer ? "differ" : (result.facts.graphsCompared ? "identical" : "not compared"))
              << "\n";

    experiments::PlanSettings settings;
    if (!args.side.empty()) settings.backendSide = args.side[0];
    settings.everyExperiment = args.everyExperiment;
    result.plan = experiments::planExperiments(result.facts, recipe, settings);
    std::cout << experiments::planText(result.plan) << std::flush;
    if (args.dryRun) return kExitSame;
    if (result.plan.experiments.empty() && result.facts.cause != "none")
        throw Error(args.recipe, "no experiment can test this pair with this recipe (see the notes above)");

    int argc = 1;
    char name[] = "meshdiff";
    char* argv[] = {name, nullptr};
    QCoreApplication application(argc, argv);
    experiments::ExperimentRunner runner(result, recipe.recipe, base);
    QObject::connect(&runner, &experiments::ExperimentRunner::experimentStarted, &runner,
                     [&](int index, const QString& id) {
                         std::cout << "\n== experiment " << index + 1 << "/" << result.plan.experiments.size() << ": "
                                   << id.toStdString() << "\n"
                                   << std::flush;
                     });
    QObject::connect(&runner, &experiments::ExperimentRunner::logText, &runner,
                     [](const QString& text) { std::cout << text.toStdString() << std::flush; });
    QObject::connect(&runner, &experiments::ExperimentRunner::experimentEnded, &runner,
                     [](int, const QString& id, const QString& status) {
                         std::cout << "== " << id.toStdString() << ": " << status.toStdString() << "\n" << std::flush;
                     });
    QObject::connect(&runner, &experiments::ExperimentRunner::finished, &application, &QCoreApplication::quit,
                     Qt::QueuedConnection);
    const InterruptWatch interruptWatch([&] { runner.cancel(); });
    QTimer::singleShot(0, &runner, &experiments::ExperimentRunner::start);
    application.exec();

    if (runner.cancelled()) {
        std::cerr << "meshdiff: cancelled (ledger: " << base.runsDir << "/ledger.json)\n";
        return kExitCancelled;
    }
    const auto& done = runner.result();
    std::cout << "\n" << experiments::evidenceTable(done) << std::flush;
    writeOutputs(args, done);
    int failed = 0;
    for (const auto& row : done.evidence)
        if (row.status != "succeeded") {
            std::cerr << "meshdiff: error: experiment " << row.experiment.id << " (recipe " << args.recipe
                      << "): " << row.status << (row.reason.empty() ? "" : ": " + row.reason) << "\n";
            ++failed;
        }
    return failed ? kExitError : kExitSame;
}

}  // namespace

void addExperimentsCommand(CLI::App& app, CommandAction& action) {
    auto args = std::make_shared<ExperimentsArgs>();
    auto* cmd = app.add_subcommand(
        "experiments", "Say why A and B differ by rerunning them: graph swap, graph rebuild, precision knobs");
    cmd->alias("diagnose");  // the command's old name; CLI11 lists no alias in --help
    cmd->add_option("RUN_A", args->runA, "Reference run folder")->required();
    cmd->add_option("RUN_B", args->runB, "Run folder compared with A")->required();
    cmd->add_option("--recipe", args->recipe,
                    "Recipe with an \"experiments\" block (resources/recipes/demo-model-step.json)")
        ->required();
    cmd->add_option("--side", args->side,
                    "The back-end's host is this run's (A or B): for recipes without experiments.side")
        ->check(CLI::IsMember({"A", "B"}));
    cmd->add_option("--json", args->jsonPath, "Write the plan, evidence and verdict as JSON");
    cmd->add_option("--markdown", args->markdownPath, "Write the evidence table and verdict as Markdown");
    cmd->add_option("--tolerance", args->tolerance, "rel RMS at or below this counts as a match (default 0)")
        ->check(CLI::NonNegativeNumber);
    cmd->add_flag("--dry-run", args->dryRun, "Compare A and B and print the plan; run nothing");
    cmd->add_flag("--every-experiment", args->everyExperiment,
                  "Also try the precision knobs when the compare's cause is graph");
    args->where.addTo(*cmd);
    cmd->add_option("--set", args->sets, "Set a recipe parameter: NAME=VALUE");
    cmd->footer(
        "Exit status: 0 every experiment ran (the verdict is in the output), 2 error (a bad recipe, a failed\n"
        "experiment: the evidence is still written), 130 cancelled (Ctrl-C; the running rerun is stopped).");
    cmd->callback([args, &action] { action = [args] { return runExperiments(*args); }; });
}

}  // namespace meshdiff::cli
