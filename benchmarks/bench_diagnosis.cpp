// What the diagnosis adds to a 0.25° compare (docs/benchmarks.md, "Diagnosis"): the two 0.25°
// graphs of the demo (glibc vs Eigen float32 math) are built once in process; then timed are
// placing their differences and marking the neighbourhood on the 721×1440 grid (once per compare)
// and the extra pass over one field (once per field × lead × member), beside the field metrics
// that a compare computes anyway. No data files needed.
#include <benchmark/benchmark.h>

#include <cmath>
#include <random>

#include "builder/GraphBuilder.h"
#include "diagnose/DiffNeighbourhood.h"
#include "diagnose/NearEnergy.h"
#include "fields/FieldMetrics.h"

using namespace meshdiff;

namespace {

struct Setup {
    MeshGraph a, b;
    GraphDiff diff;
    LatLonGrid grid;
    Field fa, fb;
    GridAlignment alignment;

    Setup() {
        for (FloatMath math : {FloatMath::Glibc, FloatMath::Eigen}) {
            GraphBuildOptions o;
            o.resolutionDeg = 0.25;
            o.math = math;
            (math == FloatMath::Glibc ? a : b) = buildGraph(o).graph;
        }
        diff = diffGraphs(a, b);
        grid.lat.assign(a.gridLat.begin(), a.gridLat.end());
        grid.lon.assign(a.gridLon.begin(), a.gridLon.end());
        std::mt19937 random(1);
        std::normal_distribution<float> noise(0, 1e-3f);
        std::vector<float> va(grid.size()), vb(grid.size());
        for (std::size_t p = 0; p < va.size(); ++p) {
            va[p] = 280 + 20 * std::cos(float(p % 1440) * 0.01f);
            vb[p] = va[p] + noise(random);
        }
        fa = {"t", "K", "", grid.nlat(), grid.nlon(), va};
        fb = {"t", "K", "", grid.nlat(), grid.nlon(), vb};
        alignment = alignGrids(grid, grid, "A", "B");
    }
};

const Setup& setup() {
    static const Setup s;
    return s;
}

void NeighbourhoodOfTheGraphDifferences(benchmark::State& state) {
    const Setup& s = setup();
    for (auto _ : state) {
        const DiffPlaces places = placesOf(s.diff, viewOf(s.a), viewOf(s.b));
        benchmark::DoNotOptimize(neighbourhoodOn(places, s.grid).areaShare);
    }
    state.counters["places"] = double(placesOf(s.diff, viewOf(s.a), viewOf(s.b)).latLon.size());
}

void NearEnergyOfOneField(benchmark::State& state) {
    const Setup& s = setup();
    const DiffNeighbourhood around = neighbourhoodOn(placesOf(s.diff, viewOf(s.a), viewOf(s.b)), s.grid);
    const FieldMetrics metrics = computeFieldMetrics(s.fa, s.fb, s.alignment);
    for (auto _ : state) benchmark::DoNotOptimize(measureNearEnergy(s.fa, s.fb, s.alignment, around, metrics).near);
    state.counters["points_read"] = double(around.zonePoints.size());
}

void FieldMetricsOfOneField(benchmark::State& state) {
    const Setup& s = setup();
    for (auto _ : state) benchmark::DoNotOptimize(computeFieldMetrics(s.fa, s.fb, s.alignment).rms);
}

}  // namespace

BENCHMARK(NeighbourhoodOfTheGraphDifferences)->Unit(benchmark::kMillisecond);
BENCHMARK(NearEnergyOfOneField)->Unit(benchmark::kMillisecond);
BENCHMARK(FieldMetricsOfOneField)->Unit(benchmark::kMillisecond);
BENCHMARK_MAIN();
