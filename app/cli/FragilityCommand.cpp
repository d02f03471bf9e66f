#include <CLI/CLI.hpp>
#include <algorithm>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <memory>

#include "cli/Command.h"
#include "common/Error.h"
#include "fragility/Fragility.h"
#include "io/GraphFiles.h"

namespace meshdiff::cli {
namespace {

struct FragilityArgs {
    std::string graph, jsonPath, math = "glibc";
    double g2mThreshold = FragilityOptions{}.grid2meshThresholdUlps;
    double m2gThreshold = FragilityOptions{}.mesh2gridThresholdUlps;
    std::size_t show = 10;
};

void printSummary(const FragilityReport& r, std::size_t show) {
    std::printf(
        "radius %.9g (%.2f x longest mesh edge %.9g); thresholds: grid->mesh %g, mesh->grid %g float32 steps "
        "(1 step = 2^-24)\n",
        r.radius, r.options.radiusFraction, r.longestEdge, r.options.grid2meshThresholdUlps,
        r.options.mesh2gridThresholdUlps);
    std::size_t edges = 0;
    for (const auto& i : r.grid2meshAtRisk) edges += i.isEdge;
    std::printf("grid->mesh: %zu pairs at risk (%zu edges, %zu non-edges just outside the radius) of %zu edges\n",
                r.grid2meshAtRisk.size(), edges, r.grid2meshAtRisk.size() - edges, r.grid2meshEdges);
    std::printf("NumPy 1 vs 2: %zu grid->mesh pairs lie between NumPy 1's radius %.9g and NumPy 2's %.9g (flagged)\n",
                r.grid2meshNumpyVersion, r.radii.numpy1, r.radii.numpy2);
    std::printf("mesh->grid: %zu grid points at risk of %zu (%zu exact ties between two faces)\n",
                r.mesh2gridAtRisk.size(), r.gridPoints, r.mesh2gridExactTies);
    std::printf("edge order: at risk: %s\n", kEdgeOrderRisk);
    if (r.grid2meshContradicted + r.mesh2gridContradicted > 0)
        std::printf(
            "note: %zu grid->mesh pairs and %zu mesh->grid triangles disagree with the recomputation beyond "
            "the thresholds (graph built another way?)\n",
            r.grid2meshContradicted, r.mesh2gridContradicted);
    auto g2m = r.grid2meshAtRisk;
    std::sort(g2m.begin(), g2m.end(), [](auto& a, auto& b) { return std::abs(a.marginUlps) < std::abs(b.marginUlps); });
    for (std::size_t k = 0; k < std::min(show, g2m.size()); ++k)
        std::printf("  grid %d - mesh %d  %s  d - r = %+.3f steps\n", g2m[k].grid, g2m[k].mesh,
                    g2m[k].isEdge ? "edge    " : "non-edge", g2m[k].marginUlps);
    auto m2g = r.mesh2gridAtRisk;
    std::stable_sort(m2g.begin(), m2g.end(), [](auto& a, auto& b) { return a.gapUlps < b.gapUlps; });
    for (std::size_t k = 0; k < std::min(show, m2g.size()); ++k)
        std::printf("  grid %d  face %d vs %d  gap %.3g steps%s\n", m2g[k].grid, m2g[k].face, m2g[k].runnerUpFace,
                    m2g[k].gapUlps, m2g[k].exactTie ? " (exact tie)" : "");
}

int runFragility(const FragilityArgs& args) {
    FragilityOptions options;
    options.grid2meshThresholdUlps = args.g2mThreshold;
    options.mesh2gridThresholdUlps = args.m2gThreshold;
    options.math = parseFloatMath(args.math);
    const MeshGraph graph = readGraph(args.graph);
    FragilityReport report;
    try {
        report = analyzeFragility(graph, options);
    } catch (const Error& e) {
        throw Error(args.graph, e.problem());
    }
    if (!args.jsonPath.empty()) {
        const std::string text = report.toJson(true).dump(1) + "\n";
        if (args.jsonPath == "-") {
            std::cout << text;
            return kExitSame;
        }
        std::ofstream out(args.jsonPath, std::ios::binary | std::ios::trunc);
        if (!out || !(out << text) || !out.flush()) throw Error(args.jsonPath, "cannot write the JSON report");
    }
    printSummary(report, args.show);
    return kExitSame;
}

}  // namespace

void addFragilityCommand(CLI::App& app, CommandAction& action) {
    auto args = std::make_shared<FragilityArgs>();
    CLI::App* cmd =
        app.add_subcommand("fragility", "List the graph edges and triangles at risk of differing between hosts");
    cmd->add_option("GRAPH", args->graph, "Graph file (.npz or meshdiff .h5)")->required();
    cmd->add_option("--json", args->jsonPath, "Write counts and every at-risk item as JSON ('-': standard output)");
    cmd->add_option("--g2m-threshold", args->g2mThreshold, "Grid->mesh margin |d - r| in float32 steps")
        ->check(CLI::NonNegativeNumber);
    cmd->add_option("--m2g-threshold", args->m2gThreshold, "Mesh->grid closest-face gap in float32 steps")
        ->check(CLI::NonNegativeNumber);
    cmd->add_option("--math", args->math, "float32 math used to recompute coordinates: glibc or eigen")
        ->check(CLI::IsMember({"glibc", "eigen"}));
    cmd->add_option("--show", args->show, "How many of the closest calls to print (default 10)");
    cmd->callback([args, &action] { action = [args] { return runFragility(*args); }; });
}

}  // namespace meshdiff::cli
