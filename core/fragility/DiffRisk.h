#pragma once
#include <cstddef>

#include <nlohmann/json.hpp>

#include "fragility/Fragility.h"
#include "graph/GraphDiff.h"
#include "graph/GraphView.h"

namespace meshdiff {

// How many of the items that differ between graphs A and B either graph's own fragility
// analysis flags as at risk (the "graph.at_risk" block of `meshdiff compare --json`).
struct DiffRisk {
    std::size_t grid2meshDiffering = 0, grid2meshFlagged = 0;
    std::size_t mesh2gridDiffering = 0, mesh2gridFlagged = 0;

    // {"grid2mesh_differing", "grid2mesh_flagged", "mesh2grid_differing", "mesh2grid_flagged"}
    nlohmann::json toJson() const;
};

DiffRisk flagDifferences(const GraphDiff& diff, const FragilityReport& a, const FragilityReport& b);

// The same counts as flagDifferences of both graphs' whole analyses, from the differing items
// alone (FragilityProbe): nothing to do when the diff is empty. The graphs must be validated.
DiffRisk assessDiffRisk(const GraphDiff& diff, const GraphView& a, const GraphView& b,
                        const FragilityOptions& options = {});
DiffRisk assessDiffRisk(const GraphDiff& diff, const MeshGraph& a, const MeshGraph& b,
                        const FragilityOptions& options = {});

}  // namespace meshdiff
