// The edge-feature drift of `compare` (core/features) on two 0.25° graphs. Data: two graphs from
//   meshdiff build-graph --res 0.25 --math glibc --out DIR/g025_glibc.h5   (and --math eigen)
// in MESHDIFF_BENCH_DIR (default /tmp/meshdiff-bench), as benchmarks/run_compare_benchmarks.sh
// builds them. Arg: worker threads; process_cpu_ms is the CPU cost summed over threads.
#include <benchmark/benchmark.h>

#include <sys/resource.h>
#include <tbb/global_control.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <memory>
#include <optional>

#include "features/EdgeFeatureDrift.h"
#include "io/GraphFiles.h"

using namespace meshdiff;
namespace fs = std::filesystem;

namespace {

fs::path benchDir() {
    const char* dir = std::getenv("MESHDIFF_BENCH_DIR");
    return dir ? fs::path(dir) : fs::path("/tmp/meshdiff-bench");
}

double processCpuSeconds() {
    rusage r{};
    getrusage(RUSAGE_SELF, &r);
    return double(r.ru_utime.tv_sec + r.ru_stime.tv_sec) + 1e-6 * double(r.ru_utime.tv_usec + r.ru_stime.tv_usec);
}

struct Pair {
    MeshGraph a, b;
    PreparedGraph pa, pb;
};

const Pair* pair(benchmark::State& state) {
    static std::unique_ptr<Pair> loaded;
    const fs::path a = benchDir() / "g025_glibc.h5", b = benchDir() / "g025_eigen.h5";
    if (!loaded && fs::exists(a) && fs::exists(b)) {
        loaded = std::make_unique<Pair>();
        loaded->a = readGraph(a.string());
        loaded->b = readGraph(b.string());
        loaded->pa = prepareGraph(loaded->a);
        loaded->pb = prepareGraph(loaded->b);
    }
    if (!loaded) state.SkipWithError(("missing " + a.string() + " or " + b.string() + ": see the header").c_str());
    return loaded.get();
}

void BM_GraphEdgeFrames_0p25(benchmark::State& state) {
    const Pair* p = pair(state);
    if (!p) return;
    tbb::global_control threads(tbb::global_control::max_allowed_parallelism, std::size_t(state.range(0)));
    const double cpu0 = processCpuSeconds();
    for (auto _ : state) benchmark::DoNotOptimize(graphEdgeFrames(viewOf(p->a)).g2mNormalization);
    state.counters["process_cpu_ms"] = 1e3 * (processCpuSeconds() - cpu0) / double(state.iterations());
}

// FNV-1a over every drifting edge (sender, receiver, ULPs) and the summary numbers of both sets.
std::uint64_t fingerprintOf(const EdgeFeatureDrift& d) {
    std::uint64_t h = 14695981039346656037ull;
    auto add = [&h](const auto& value) {
        unsigned char bytes[sizeof value];
        std::memcpy(bytes, &value, sizeof value);
        for (unsigned char b : bytes) h = (h ^ b) * 1099511628211ull;
    };
    for (const EdgeSetDrift* s : {&d.g2m, &d.m2g}) {
        for (const EdgeDrift& e : s->edges) {
            add(e.sender);
            add(e.receiver);
            add(e.ulps);
        }
        for (const DriftingEdgeDetail& t : s->top) {
            add(t.edge.ulps);
            add(t.featuresA);
            add(t.featuresB);
        }
        add(s->shared);
        add(s->drifting);
        add(s->maxUlps);
        add(s->medianUlps);
        add(s->maxAbsDifference);
        add(s->normalizationA);
        add(s->normalizationB);
    }
    return h;
}

void BM_EdgeFeatureDrift_0p25(benchmark::State& state) {
    const Pair* p = pair(state);
    if (!p) return;
    tbb::global_control threads(tbb::global_control::max_allowed_parallelism, std::size_t(state.range(0)));
    const double cpu0 = processCpuSeconds();
    std::optional<EdgeFeatureDrift> last;
    for (auto _ : state) {
        last.reset();  // freed before the next is computed, as in compare
        last = edgeFeatureDrift(viewOf(p->a), viewOf(p->b), p->pa, p->pb);
        benchmark::DoNotOptimize(last->g2m.drifting);
    }
    state.counters["process_cpu_ms"] = 1e3 * (processCpuSeconds() - cpu0) / double(state.iterations());
    const std::uint64_t fingerprint = fingerprintOf(*last);
    // The same number before and after a change to the computation: every drifting edge, its
    // ULPs and the summary are the same bits.
    state.counters["fingerprint_mod_1e9"] = double(fingerprint % 1000000000u);
}

}  // namespace

BENCHMARK(BM_GraphEdgeFrames_0p25)->Arg(1)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_EdgeFeatureDrift_0p25)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_MAIN();
