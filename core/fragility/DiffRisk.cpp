#include "fragility/DiffRisk.h"

#include <tbb/parallel_invoke.h>

#include <optional>

#include "fragility/FragilityProbe.h"

namespace meshdiff {
namespace {

// `Analysis` is a FragilityReport or a FragilityProbe: both answer per item.
template <class Analysis>
DiffRisk flag(const GraphDiff& diff, const Analysis& a, const Analysis& b) {
    DiffRisk r;
    for (const auto* edges : {&diff.g2mOnlyA, &diff.g2mOnlyB}) {
        for (const auto& e : *edges) {
            ++r.grid2meshDiffering;
            r.grid2meshFlagged += a.g2mPairAtRisk(e.grid, e.mesh) || b.g2mPairAtRisk(e.grid, e.mesh);
        }
    }
    for (const auto& t : diff.m2gChanged) {
        ++r.mesh2gridDiffering;
        r.mesh2gridFlagged += a.m2gPointAtRisk(t.grid) || b.m2gPointAtRisk(t.grid);
    }
    return r;
}

}  // namespace

nlohmann::json DiffRisk::toJson() const {
    return {{"grid2mesh_differing", grid2meshDiffering},
            {"grid2mesh_flagged", grid2meshFlagged},
            {"mesh2grid_differing", mesh2gridDiffering},
            {"mesh2grid_flagged", mesh2gridFlagged}};
}

DiffRisk flagDifferences(const GraphDiff& diff, const FragilityReport& a, const FragilityReport& b) {
    return flag(diff, a, b);
}

DiffRisk assessDiffRisk(const GraphDiff& diff, const GraphView& a, const GraphView& b,
                        const FragilityOptions& options) {
    if (diff.g2mOnlyA.empty() && diff.g2mOnlyB.empty() && diff.m2gChanged.empty()) return {};
    std::optional<FragilityProbe> pa, pb;
    tbb::parallel_invoke([&] { pa.emplace(a, options); }, [&] { pb.emplace(b, options); });
    return flag(diff, *pa, *pb);
}

DiffRisk assessDiffRisk(const GraphDiff& diff, const MeshGraph& a, const MeshGraph& b,
                        const FragilityOptions& options) {
    validateGraph(a, "");
    validateGraph(b, "");
    return assessDiffRisk(diff, viewOf(a), viewOf(b), options);
}

}  // namespace meshdiff
