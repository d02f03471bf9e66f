// Loading graph .npz files (numpy.savez_compressed) of 0.25° size. Data: run
//   /usr/bin/python3 benchmarks/make_npz_graph_bench_data.py /tmp/meshdiff-bench
// (or set MESHDIFF_BENCH_DIR). Also times the official 1° graph of tests/data/graphs.
#include <benchmark/benchmark.h>

#include <sys/resource.h>
#include <tbb/global_control.h>

#include <cstdlib>
#include <filesystem>
#include <future>

#include "io/GraphFiles.h"
#include "io/NpzArchive.h"

using namespace meshdiff;
namespace fs = std::filesystem;

namespace {

fs::path benchDir() {
    const char* dir = std::getenv("MESHDIFF_BENCH_DIR");
    return dir ? fs::path(dir) : fs::path("/tmp/meshdiff-bench");
}

bool haveFile(benchmark::State& state, const fs::path& path) {
    if (fs::exists(path)) return true;
    state.SkipWithError(("missing " + path.string() + ": run benchmarks/make_npz_graph_bench_data.py").c_str());
    return false;
}

double processCpuSeconds() {
    rusage r{};
    getrusage(RUSAGE_SELF, &r);
    return double(r.ru_utime.tv_sec + r.ru_stime.tv_sec) + 1e-6 * double(r.ru_utime.tv_usec + r.ru_stime.tv_usec);
}

// Arg: worker threads (1 = the whole CPU cost on one core; its process_cpu_ms is the cost on any machine).
void BM_ReadGraphNpz_0p25(benchmark::State& state) {
    const fs::path path = benchDir() / "graph_0p25_a.npz";
    if (!haveFile(state, path)) return;
    tbb::global_control threads(tbb::global_control::max_allowed_parallelism, std::size_t(state.range(0)));
    const double cpu0 = processCpuSeconds();
    for (auto _ : state) {
        MeshGraph g = readGraphNpz(path.string());
        benchmark::DoNotOptimize(g.m2gSenders.data());
    }
    state.counters["process_cpu_ms"] = 1e3 * (processCpuSeconds() - cpu0) / double(state.iterations());
}

void BM_ReadTwoGraphsNpz_0p25(benchmark::State& state) {
    const fs::path a = benchDir() / "graph_0p25_a.npz", b = benchDir() / "graph_0p25_b.npz";
    if (!haveFile(state, a) || !haveFile(state, b)) return;
    for (auto _ : state) {
        auto other = std::async(std::launch::async, [&] { return readGraphNpz(b.string()); });
        MeshGraph ga = readGraphNpz(a.string());
        MeshGraph gb = other.get();
        benchmark::DoNotOptimize(ga.m2gSenders.data());
        benchmark::DoNotOptimize(gb.m2gSenders.data());
    }
}

// The archive part alone: fetch, inflate (in parallel) and decode every member.
void BM_NpzReadManyMembers_0p25(benchmark::State& state) {
    const fs::path path = benchDir() / "graph_0p25_a.npz";
    if (!haveFile(state, path)) return;
    std::size_t bytes = 0;
    for (auto _ : state) {
        NpzArchive archive(path.string());
        const std::vector<NdArray> arrays = archive.readMany(archive.keys());
        bytes = 0;
        for (const NdArray& a : arrays) bytes += a.bytes.size();
    }
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * bytes));
}

void BM_ReadGraphNpz_Official1deg(benchmark::State& state) {
    const fs::path path = fs::path(__FILE__).parent_path() / "../tests/data/graphs/wn2_graph_1p0deg_default.npz";
    if (!haveFile(state, path)) return;
    for (auto _ : state) {
        MeshGraph g = readGraphNpz(path.string());
        benchmark::DoNotOptimize(g.m2gSenders.data());
    }
}

// Arg: 1 = deflated (as numpy.savez_compressed), 0 = stored.
void BM_WriteGraphNpz_0p25(benchmark::State& state) {
    const fs::path path = benchDir() / "graph_0p25_a.npz";
    if (!haveFile(state, path)) return;
    const MeshGraph g = readGraphNpz(path.string());
    const fs::path out = benchDir() / "graph_0p25_written.npz";
    for (auto _ : state) writeGraphNpz(g, out.string(), state.range(0) != 0);
    state.counters["file_MB"] = double(fs::file_size(out)) / 1e6;
    fs::remove(out);
}

}  // namespace

BENCHMARK(BM_ReadGraphNpz_0p25)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_ReadTwoGraphsNpz_0p25)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_NpzReadManyMembers_0p25)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_ReadGraphNpz_Official1deg)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_WriteGraphNpz_0p25)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(2);
BENCHMARK_MAIN();
