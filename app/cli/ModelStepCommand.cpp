#include <CLI/CLI.hpp>
#include <cstdio>
#include <memory>

#include "cli/Command.h"
#include "demo/ModelStep.h"

namespace meshdiff::cli {
namespace {

struct ModelStepArgs {
    std::string out, graph, math = "glibc", precision = "float32", label;
    double res = 1.0;
};

int runModelStep(const ModelStepArgs& args) {
    ModelStepOptions options;
    options.outDir = args.out;
    options.graphFile = args.graph;
    options.math = parseFloatMath(args.math);
    options.resolutionDeg = args.res;
    options.precision = parseMatmulPrecision(args.precision);
    options.label = args.label;
    std::printf("model step: %s graph, %s float32 math, %s matmuls\n",
                args.graph.empty() ? "building the" : ("the given (" + args.graph + ")").c_str(), args.math.c_str(),
                args.precision.c_str());
    std::fflush(stdout);
    const ModelStepResult r = writeModelStep(options);
    std::printf("100%% wrote %s (graph %s)\n", r.runFolder.c_str(), r.graphHash.c_str());
    return kExitSame;
}

}  // namespace

void addModelStepCommand(CLI::App& app, CommandAction& action) {
    auto args = std::make_shared<ModelStepArgs>();
    CLI::App* cmd = app.add_subcommand(
        "model-step",
        "Run one step of the demo's message-passing model and write a run folder (graph, fields, run.json)");
    cmd->add_option("--out", args->out, "Run folder to write graph.npz, fields.npz and run.json into")->required();
    cmd->add_option("--graph", args->graph, "Graph file to run on (default: build it here with --math)");
    cmd->add_option("--math", args->math,
                    "This host's float32 math, standing for its NumPy SIMD path: glibc (as the demo's A) or eigen (B)")
        ->check(CLI::IsMember({"glibc", "eigen"}))
        ->capture_default_str();
    cmd->add_option("--res", args->res, "Resolution of a graph built here: 1.0, 0.5 or 0.25")
        ->check(CLI::IsMember({1.0, 0.5, 0.25}))
        ->capture_default_str();
    cmd->add_option("--precision", args->precision,
                    "Matmul inputs: float32 (as is), tf32 (10 mantissa bits, like TF32 on a GPU) or bf16 (7 bits)")
        ->check(CLI::IsMember({"float32", "tf32", "bf16"}))
        ->capture_default_str();
    cmd->add_option("--label", args->label, "Label in run.json (default: the settings)");
    cmd->callback([args, &action] { action = [args] { return runModelStep(*args); }; });
}

}  // namespace meshdiff::cli
