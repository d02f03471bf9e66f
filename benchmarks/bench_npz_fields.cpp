// Loading every field of two uncompressed fields .npz files of full 0.25° size (101 fields of
// 721×1440 float32, ~420 MB each). Data: /usr/bin/python3 benchmarks/make_field_bench_data.py DIR
// with DIR = $MESHDIFF_FIELD_BENCH_DIR (default /tmp/meshdiff-bench); reads DIR/run_{a,b}/fields.npz.
// Timings are with the files in the page cache (run twice; the first pass warms it).
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <filesystem>
#include <future>
#include <variant>

#include "fields/NpzFieldSource.h"

using namespace meshdiff;
namespace fs = std::filesystem;

namespace {

fs::path runFile(const char* run) {
    const char* dir = std::getenv("MESHDIFF_FIELD_BENCH_DIR");
    return (dir ? fs::path(dir) : fs::path("/tmp/meshdiff-bench")) / run / "fields.npz";
}

bool haveFile(benchmark::State& state, const fs::path& path) {
    if (fs::exists(path)) return true;
    state.SkipWithError(("missing " + path.string() + ": run benchmarks/make_field_bench_data.py").c_str());
    return false;
}

// Loads every field once, one at a time; returns the bytes loaded.
std::size_t loadAll(const std::string& path) {
    const auto source = openNpzFieldSource(path);
    std::size_t bytes = 0;
    for (const std::string& name : source->fieldNames()) {
        const Field f = source->load(name);
        std::visit(
            [&](const auto& v) {
                benchmark::DoNotOptimize(v.data());
                bytes += v.size() * sizeof(v[0]);
            },
            f.values);
    }
    return bytes;
}

void BM_NpzFieldsLoadAll_OneFile(benchmark::State& state) {
    const fs::path a = runFile("run_a");
    if (!haveFile(state, a)) return;
    std::size_t bytes = 0;
    for (auto _ : state) bytes = loadAll(a.string());
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * bytes));
}

// Both runs at once, one thread each, as a comparison of A with B reads them.
void BM_NpzFieldsLoadAll_TwoFiles(benchmark::State& state) {
    const fs::path a = runFile("run_a"), b = runFile("run_b");
    if (!haveFile(state, a) || !haveFile(state, b)) return;
    std::size_t bytes = 0;
    for (auto _ : state) {
        auto other = std::async(std::launch::async, [&] { return loadAll(b.string()); });
        bytes = loadAll(a.string());
        bytes += other.get();
    }
    state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * bytes));
}

void BM_NpzFieldsOpen(benchmark::State& state) {
    const fs::path a = runFile("run_a");
    if (!haveFile(state, a)) return;
    for (auto _ : state) benchmark::DoNotOptimize(openNpzFieldSource(a.string())->fieldNames().size());
}

}  // namespace

BENCHMARK(BM_NpzFieldsOpen)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_NpzFieldsLoadAll_OneFile)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_NpzFieldsLoadAll_TwoFiles)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK_MAIN();
