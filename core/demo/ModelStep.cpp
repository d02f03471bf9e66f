#include "demo/ModelStep.h"

#include <cmath>
#include <filesystem>

#include "builder/GraphBuilder.h"
#include "common/Error.h"
#include "demo/DemoRunFolder.h"
#include "graph/GraphHash.h"
#include "io/GraphFiles.h"

namespace fs = std::filesystem;

namespace meshdiff {
namespace {

// The demo saves its fields on the 1° grid: every n-th point of a 1/n° graph grid.
std::size_t savedStride(const MeshGraph& graph, const std::string& source) {
    const std::size_t nLon = graph.gridLon.size();
    if (nLon == 0 || nLon % 360 != 0 || graph.gridLat.empty())
        throw Error(source, "the graph's grid is not a 1/n degree global grid (" + std::to_string(nLon) +
                                " longitudes): the demo model saves its fields at 1 degree");
    return nLon / 360;
}

std::string describeSettings(const ModelStepOptions& o) {
    const std::string graph = o.graphFile.empty() ? "own graph" : "graph " + fs::path(o.graphFile).filename().string();
    return "model step (" + graph + ", " + toString(o.math) + " float32 math, " + toString(o.precision) + " matmuls)";
}

}  // namespace

ModelStepResult writeModelStep(const ModelStepOptions& options) {
    const fs::path dir(options.outDir);
    std::error_code ec;
    fs::create_directories(dir, ec);
    if (!fs::is_directory(dir)) throw Error(dir.string(), "cannot create the run folder");

    MeshGraph graph;
    nlohmann::json graphSource;
    if (options.graphFile.empty()) {
        GraphBuildOptions build;
        build.resolutionDeg = options.resolutionDeg;
        build.math = options.math;
        BuiltGraph built = buildGraph(build);
        graphSource = {{"built_here", true}, {"graph_build", describeBuild(build, built)}};
        graph = std::move(built.graph);
    } else {
        graph = readGraph(options.graphFile);
        graphSource = {{"built_here", false}, {"graph_given", fs::absolute(options.graphFile).string()}};
    }
    const std::size_t stride = savedStride(graph, options.graphFile.empty() ? dir.string() : options.graphFile);
    const auto fields = demoFields(graph, stride, options.precision);
    const std::size_t nLat = (graph.gridLat.size() + stride - 1) / stride,
                      nLon = (graph.gridLon.size() + stride - 1) / stride;

    ModelStepResult result;
    result.runFolder = dir.string();
    result.graphHash = canonicalGraphHash(graph);
    const double res = 360.0 / double(graph.gridLon.size());
    writeGraphNpz(graph, (dir / "graph.npz").string(), res >= 1.0);
    writeDemoFields(fields, nLat, nLon, dir / "fields.npz");
    result.metadata = {
        {"label", options.label.empty() ? describeSettings(options) : options.label},
        {"synthetic", true},
        {"note", "meshdiff model-step: the demo's message-passing model, not a weather forecast"},
        {"ok", true},
        {"device",
         std::string("synthetic (meshdiff demo model on the CPU, ") + toString(options.precision) + " matmuls)"},
        {"numpy_simd", demoNumpySimd(options.math)},
        {"numpy_blas", {{"vendor", "reference BLAS/LAPACK (its summation order, emulated)"}}},
        {"precision", toString(options.precision)},
        {"graph_hash", result.graphHash},
        {"graph_file", "graph.npz"},
        {"graph_source", graphSource},
        {"res_deg", res},
        {"fields_res_deg", 1.0},
        {"finite", true},
    };
    writeDemoText(dir / "run.json", result.metadata.dump(1) + "\n");
    return result;
}

}  // namespace meshdiff
