// Native graph builder and fragility analysis at 0.25° (1,038,240 grid points): the whole build,
// its two searches (grid raster vs nanoflann KD-tree for grid→mesh), and the fragility analysis.
#include <benchmark/benchmark.h>

#include "builder/ClosestFaces.h"
#include "builder/GraphBuilder.h"
#include "builder/NearbyMeshNodes.h"
#include "builder/SphereCoordinates.h"
#include "fragility/Fragility.h"

using namespace meshdiff;

namespace {

struct Quarter {
    BuiltGraph built;
    std::vector<Vec3> mesh, grid;
    std::vector<std::array<std::int32_t, 3>> faces;
    Quarter() {
        GraphBuildOptions o;
        o.resolutionDeg = 0.25;
        built = buildGraph(o);
        const MeshGraph& g = built.graph;
        mesh = latLonToCartesian(FloatMath::Glibc, g.meshLat, g.meshLon);
        grid = gridCartesian(FloatMath::Glibc, GridAxes{g.gridLat, g.gridLon});
        for (std::size_t f = 0; f < g.faceCount(); ++f)
            faces.push_back({g.meshFaces[3 * f], g.meshFaces[3 * f + 1], g.meshFaces[3 * f + 2]});
    }
};

const Quarter& quarter() {
    static const Quarter q;
    return q;
}

void BM_BuildGraph(benchmark::State& state) {
    GraphBuildOptions o;
    o.resolutionDeg = state.range(0) == 1 ? 1.0 : 0.25;
    o.math = state.range(1) == 0 ? FloatMath::Glibc : FloatMath::Eigen;
    for (auto _ : state) benchmark::DoNotOptimize(buildGraph(o));
}
BENCHMARK(BM_BuildGraph)->Args({4, 0})->Args({4, 1})->Args({1, 0})->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_Grid2MeshGridRaster(benchmark::State& state) {
    const auto& q = quarter();
    for (auto _ : state)
        benchmark::DoNotOptimize(findMeshNodesWithinRadiusOnGrid(q.built.graph.gridLat, q.built.graph.gridLon, q.grid,
                                                                 q.mesh, q.built.radius));
}
BENCHMARK(BM_Grid2MeshGridRaster)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_Grid2MeshNanoflannKdTree(benchmark::State& state) {
    const auto& q = quarter();
    for (auto _ : state) benchmark::DoNotOptimize(findMeshNodesWithinRadius(q.grid, q.mesh, q.built.radius));
}
BENCHMARK(BM_Grid2MeshNanoflannKdTree)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_Mesh2GridClosestFaces(benchmark::State& state) {
    const auto& q = quarter();
    for (auto _ : state)
        benchmark::DoNotOptimize(
            findClosestFaces(q.built.graph.gridLat, q.built.graph.gridLon, q.grid, q.mesh, q.faces));
}
BENCHMARK(BM_Mesh2GridClosestFaces)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_Fragility(benchmark::State& state) {
    const auto& q = quarter();
    for (auto _ : state) benchmark::DoNotOptimize(analyzeFragility(q.built.graph));
}
BENCHMARK(BM_Fragility)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace

BENCHMARK_MAIN();
