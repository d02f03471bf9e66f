#include <CLI/CLI.hpp>
#include <filesystem>
#include <iostream>
#include <memory>

#include "builder/GraphBuilder.h"
#include "cli/Command.h"
#include "common/Error.h"
#include "io/GraphFiles.h"

namespace meshdiff::cli {
namespace {

struct BuildGraphArgs {
    double resolution = 1.0;
    std::string precision = "float32", math = "glibc", latOrder = "ascending", out;
    bool quiet = false;
};

int runBuildGraph(const BuildGraphArgs& args) {
    GraphBuildOptions options;
    options.resolutionDeg = args.resolution;
    options.precision = parsePrecision(args.precision);
    options.math = parseFloatMath(args.math);
    options.latOrder = parseLatOrder(args.latOrder);
    const std::string ext = std::filesystem::path(args.out).extension().string();
    if (ext != ".npz" && ext != ".h5" && ext != ".hdf5")
        throw Error(args.out, "output must end in .npz (shared fixture layout) or .h5 (meshdiff graph file)");

    const BuiltGraph built = buildGraph(options);
    if (ext == ".npz") writeGraphNpz(built.graph, args.out);
    else writeGraphHdf5(built.graph, args.out, describeBuild(options, built).dump());
    if (!args.quiet) {
        const auto& g = built.graph;
        const auto& t = built.timings;
        std::cout << "built " << args.out << ": " << g.gridLat.size() << " x " << g.gridLon.size() << " grid, "
                  << g.meshCount() << " mesh nodes, " << g.g2mSenders.size() << " grid->mesh and "
                  << g.m2gSenders.size() << " mesh->grid edges (" << toString(options.precision) << ", "
                  << toString(options.math) << " math, radius " << built.radius << ")\n"
                  << "time: mesh " << t.mesh << " s, order " << t.permutation << " s, coordinates " << t.coordinates
                  << " s, grid->mesh " << t.grid2mesh << " s, mesh->grid " << t.mesh2grid << " s, total " << t.total
                  << " s\n";
    }
    return kExitSame;
}

}  // namespace

void addBuildGraphCommand(CLI::App& app, CommandAction& action) {
    auto args = std::make_shared<BuildGraphArgs>();
    CLI::App* cmd = app.add_subcommand("build-graph", "Build the grid<->mesh graphs as the official host code does");
    cmd->add_option("--res", args->resolution, "Grid resolution in degrees, 180/n (default 1.0)");
    cmd->add_option("--precision", args->precision, "float32 (official) or float64")
        ->check(CLI::IsMember({"float32", "float64"}));
    cmd->add_option("--math", args->math, "float32 sin/cos/atan2/acos: glibc (scalar libm) or eigen (vectorized)")
        ->check(CLI::IsMember({"glibc", "eigen"}));
    cmd->add_option("--lat-order", args->latOrder, "Grid latitude order: ascending (WeatherNext) or descending")
        ->check(CLI::IsMember({"ascending", "descending"}));
    cmd->add_option("--out", args->out, "Output graph: FILE.npz or FILE.h5")->required();
    cmd->add_flag("--quiet", args->quiet, "Print nothing on success");
    cmd->callback([args, &action] { action = [args] { return runBuildGraph(*args); }; });
}

}  // namespace meshdiff::cli
