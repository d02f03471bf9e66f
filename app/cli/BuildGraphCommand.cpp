#include <CLI/CLI.hpp>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>

#include "builder/GraphBuilder.h"
#include "builder/HostNumpy.h"
#include "cli/Command.h"
#include "common/Error.h"
#include "io/GraphFiles.h"
#include "run/RunFolder.h"

namespace meshdiff::cli {
namespace {

struct BuildGraphArgs {
    double resolution = 1.0;
    std::string precision = "float32", math = "glibc", latOrder = "ascending", out;
    std::string numpy, dispatch = "baseline", blas, edgeOrder = "canonical", like;
    bool quiet = false;
};

nlohmann::json jsonObjectIn(const std::string& file) {
    std::ifstream in(file);
    auto json = nlohmann::json::parse(in, nullptr, false);
    if (json.is_discarded() || !json.is_object()) throw Error(file, "not a JSON object");
    return json;
}

// A run's metadata and the file it came from: a metadata JSON file itself, or a run folder's
// (run.json or metadata.json first, else what run discovery finds).
std::pair<nlohmann::json, std::string> runMetadata(const std::string& path) {
    namespace fs = std::filesystem;
    if (fs::path(path).extension() == ".json" && fs::is_regular_file(path)) return {jsonObjectIn(path), path};
    for (const char* name : {"run.json", "metadata.json"}) {
        const std::string file = (fs::path(path) / name).string();
        if (fs::is_directory(path) && fs::is_regular_file(file)) return {jsonObjectIn(file), file};
    }
    const RunInputs run = discoverRun(path);
    if (!run.metadataFile) throw Error(path, "holds no run metadata (run.json or another JSON file)");
    return {run.metadata, *run.metadataFile};
}

int runBuildGraph(const BuildGraphArgs& args) {
    GraphBuildOptions options;
    options.resolutionDeg = args.resolution;
    options.precision = parsePrecision(args.precision);
    options.math = parseFloatMath(args.math);
    options.latOrder = parseLatOrder(args.latOrder);
    std::vector<std::string> notes;
    if (!args.like.empty()) {
        const auto [metadata, file] = runMetadata(args.like);
        const HostNumpy host = hostNumpyOf(metadata, file);
        if (host.major) options.numpyMajor = *host.major;
        if (host.blas) options.blas = host.blas;
        for (const std::string& note : host.notes) notes.push_back("as " + file + ": " + note);
    }
    if (!args.numpy.empty()) options.numpyMajor = parseNumpyMajor(args.numpy);
    options.dispatch = parseNumpyDispatch(args.dispatch);
    if (!args.blas.empty()) options.blas = parseBlasSum(args.blas);
    options.edgeOrder = parseEdgeOrder(args.edgeOrder);
    const std::string ext = std::filesystem::path(args.out).extension().string();
    if (ext != ".npz" && ext != ".h5" && ext != ".hdf5")
        throw Error(args.out, "output must end in .npz (shared fixture layout) or .h5 (meshdiff graph file)");

    const BuiltGraph built = buildGraph(options);
    if (ext == ".npz") writeGraphNpz(built.graph, args.out);
    else writeGraphHdf5(built.graph, args.out, describeBuild(options, built).dump());
    if (!args.quiet) {
        for (const std::string& note : notes) std::cout << note << "\n";
        const auto& g = built.graph;
        const auto& t = built.timings;
        std::cout << "built " << args.out << ": " << g.gridLat.size() << " x " << g.gridLon.size() << " grid, "
                  << g.meshCount() << " mesh nodes, " << g.g2mSenders.size() << " grid->mesh and "
                  << g.m2gSenders.size() << " mesh->grid edges (" << toString(options.precision) << ", "
                  << toString(options.math) << " math, NumPy " << options.numpyMajor << " "
                  << toString(options.dispatch) << ", " << toString(blasSumOf(options)) << " BLAS, radius "
                  << built.radius << ", " << toString(options.edgeOrder) << " edge order)\n"
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
    cmd->add_option("--like", args->like,
                    "Run folder (or its metadata JSON) whose host to build as: its numpy_version and "
                    "numpy_blas.vendor choose --numpy and --blas unless those are given");
    cmd->add_option("--numpy", args->numpy,
                    "NumPy major version of the host: 1 (as 1.24: float64 radius product) or 2 (NEP 50: float32); "
                    "default: what --like's metadata names, else 1")
        ->check(CLI::IsMember({"1", "2"}));
    cmd->add_option("--numpy-dispatch", args->dispatch,
                    "NumPy's SIMD dispatch on the host: baseline, avx2 or avx512 (decides whether the official "
                    "edge order is reproducible; the float math stays --math)")
        ->check(CLI::IsMember({"baseline", "avx2", "avx512"}));
    cmd->add_option("--blas", args->blas,
                    "BLAS summing the mesh midpoint norms: reference or openblas (default: reference for "
                    "--numpy 1, openblas for --numpy 2, as pip wheels bundle it)")
        ->check(CLI::IsMember({"reference", "openblas"}));
    cmd->add_option("--edge-order", args->edgeOrder,
                    "canonical (grid->mesh by mesh node, then grid point; mesh->grid by grid point) or official "
                    "(np.argsort(receivers) as the host orders "
                    "it; refused for --numpy 2 with avx2/avx512 dispatch)")
        ->check(CLI::IsMember({"canonical", "official"}));
    cmd->add_option("--out", args->out, "Output graph: FILE.npz or FILE.h5")->required();
    cmd->add_flag("--quiet", args->quiet, "Print nothing on success");
    cmd->callback([args, &action] { action = [args] { return runBuildGraph(*args); }; });
}

}  // namespace meshdiff::cli
