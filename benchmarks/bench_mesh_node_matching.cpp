// Matching the mesh nodes of two 0.25° graphs by position (graph/MeshNodeMatching.h; issue 30 asks
// ≤ 0.2 s): the check every compare pays for graphs in the same numbering, the match of a renumbered
// graph, B rewritten into A's numbering, and naming the RCM seed. The mesh has 40,962 nodes at any
// grid resolution; the grid→mesh and mesh→grid edges that the rewrite carries are 0.25°'s.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <numeric>
#include <random>

#include "builder/GraphBuilder.h"
#include "graph/MeshNodeMatching.h"
#include "graph/MeshNodeRenumbering.h"
#include "graph/RcmSeed.h"

using namespace meshdiff;

namespace {

struct QuarterPair {
    MeshGraph a, renumbered;
    std::vector<std::int32_t> bToA;
    QuarterPair() {
        GraphBuildOptions o;
        o.resolutionDeg = 0.25;
        a = buildGraph(o).graph;
        bToA.resize(a.meshCount());
        std::iota(bToA.begin(), bToA.end(), 0);
        std::mt19937 rng(30);
        std::shuffle(bToA.begin(), bToA.end(), rng);
        renumbered = a;  // only the node positions are renumbered: what the matching reads
        for (std::size_t j = 0; j < bToA.size(); ++j) {
            renumbered.meshLat[j] = a.meshLat[std::size_t(bToA[j])];
            renumbered.meshLon[j] = a.meshLon[std::size_t(bToA[j])];
        }
    }
};

const QuarterPair& quarterPair() {
    static const QuarterPair q;
    return q;
}

void BM_FindMeshRenumbering_SameNumbering(benchmark::State& state) {
    const auto& q = quarterPair();
    for (auto _ : state) benchmark::DoNotOptimize(findMeshRenumbering(viewOf(q.a), viewOf(q.a)));
}
BENCHMARK(BM_FindMeshRenumbering_SameNumbering)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_FindMeshRenumbering_Renumbered(benchmark::State& state) {
    const auto& q = quarterPair();
    for (auto _ : state) benchmark::DoNotOptimize(findMeshRenumbering(viewOf(q.a), viewOf(q.renumbered)));
}
BENCHMARK(BM_FindMeshRenumbering_Renumbered)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_RenumberMeshNodes(benchmark::State& state) {
    const auto& q = quarterPair();
    for (auto _ : state) benchmark::DoNotOptimize(renumberMeshNodes(viewOf(q.renumbered), q.bToA));
}
BENCHMARK(BM_RenumberMeshNodes)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_RcmSeedVertex(benchmark::State& state) {
    const auto& q = quarterPair();
    for (auto _ : state) benchmark::DoNotOptimize(rcmSeedVertex(viewOf(q.a)));
}
BENCHMARK(BM_RcmSeedVertex)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace

BENCHMARK_MAIN();
