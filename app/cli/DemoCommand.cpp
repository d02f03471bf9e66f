#include <CLI/CLI.hpp>
#include <cstdio>
#include <memory>

#include "cli/Command.h"
#include "demo/Demo.h"

namespace meshdiff::cli {
namespace {

int runDemo(const DemoOptions& options) {
    const DemoResult r = writeDemo(options);
    const auto& m = r.measurement;
    std::printf("wrote %s and %s (synthetic: %zu fields from one small message-passing model on two graphs)\n",
                r.runA.c_str(), r.runB.c_str(), m.fields);
    std::printf("graphs differ in %zu grid->mesh edges, %zu mesh->grid triangles, %zu mesh node positions\n",
                m.g2mDiffering, m.m2gDiffering, m.movedNodes);
    std::printf(
        "%.1f %% of the squared field difference lies on the %zu of %zu grid points near a differing edge "
        "(max |A-B|/std %.3g there, %.3g elsewhere)\n",
        100 * m.nearShareOfSquaredDifference, m.nearPoints, m.gridPoints, m.maxNormalizedDifferenceNear,
        m.maxNormalizedDifferenceElsewhere);
    std::printf("next: meshdiff compare %s %s\n", r.runA.c_str(), r.runB.c_str());
    return kExitSame;
}

}  // namespace

void addDemoCommand(CLI::App& app, CommandAction& action) {
    auto options = std::make_shared<DemoOptions>();
    CLI::App* cmd = app.add_subcommand("demo", "Write two synthetic run folders whose graphs differ like two hosts'");
    cmd->add_option("--out", options->outDir, "Folder to write A/ and B/ into")->required();
    cmd->add_option("--res", options->resolutionDeg,
                    "Graph resolution: 1.0 (fast, default), 0.5, 0.25 or 0.1 (6.5 M grid points)")
        ->check(CLI::IsMember({1.0, 0.5, 0.25, 0.1}));
    cmd->callback([options, &action] { action = [options] { return runDemo(*options); }; });
}

}  // namespace meshdiff::cli
