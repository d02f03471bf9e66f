// Reading and writing meshdiff's HDF5 graph file at 0.25° size (synthetic graph with the real
// array sizes: 721×1440 grid, 40,962 mesh nodes, 81,920 faces, ~1.62 M g2m and 3.11 M m2g edges).
#include <benchmark/benchmark.h>

#include <algorithm>
#include <filesystem>
#include <random>

#include "io/GraphFiles.h"

using namespace meshdiff;
namespace fs = std::filesystem;

namespace {

MeshGraph quarterDegreeSizedGraph() {
    std::mt19937 rng(1);
    MeshGraph g;
    const int nlat = 721, nlon = 1440, mesh = 40962;
    for (int i = 0; i < nlat; ++i) g.gridLat.push_back(-90.0f + 0.25f * float(i));
    for (int j = 0; j < nlon; ++j) g.gridLon.push_back(0.25f * float(j));
    std::uniform_real_distribution<float> lat(-90, 90), lon(0, 360);
    for (int m = 0; m < mesh; ++m) g.meshLat.push_back(lat(rng)), g.meshLon.push_back(lon(rng));
    std::uniform_int_distribution<int> pickMesh(0, mesh - 1), pickGrid(0, nlat * nlon - 1), near(0, 40);
    for (int f = 0; f < 81920; ++f)
        for (int k = 0; k < 3; ++k) g.meshFaces.push_back(pickMesh(rng));
    // g2m sorted by receiver, ~39.5 neighbouring grid points per mesh node (1,618,830 in all).
    const std::size_t g2m = 1618830;
    for (int m = 0; m < mesh; ++m) {
        const std::size_t end = g2m * std::size_t(m + 1) / mesh;
        const int centre = pickGrid(rng);
        while (g.g2mSenders.size() < end) {
            const int row = near(rng) / 7 - 3, col = near(rng) / 4 - 5;
            g.g2mSenders.push_back(std::clamp(centre + row * nlon + col, 0, nlat * nlon - 1));
            g.g2mReceivers.push_back(m);
        }
    }
    for (int p = 0; p < nlat * nlon; ++p) {
        const int base = int(std::int64_t(p) * (mesh - 3) / (nlat * nlon));
        for (int k = 0; k < 3; ++k) g.m2gSenders.push_back(base + k), g.m2gReceivers.push_back(p);
    }
    return g;
}

struct Files {
    fs::path dir = fs::temp_directory_path() / "meshdiff_bench_graph_hdf5";
    MeshGraph graph = quarterDegreeSizedGraph();
    std::string contiguous = (dir / "contiguous.h5").string();
    std::string deflate1 = (dir / "deflate1.h5").string();
    Files() {
        fs::create_directories(dir);
        writeGraphHdf5(graph, contiguous, R"({"label":"bench"})");
        writeGraphHdf5(graph, deflate1, R"({"label":"bench"})", 1);
    }
    ~Files() { fs::remove_all(dir); }
};

Files& files() {
    static Files instance;
    return instance;
}

void readOne(benchmark::State& state, const std::string& path) {
    for (auto _ : state) {
        MeshGraph g = readGraphHdf5(path);
        benchmark::DoNotOptimize(g.m2gReceivers.data());
    }
    state.counters["file_MB"] = double(fs::file_size(path)) / 1e6;
}

void BM_ReadGraphHdf5Contiguous(benchmark::State& state) { readOne(state, files().contiguous); }

// As a fresh process sees a file: a new modification time forces the forked pre-flight check
// (core/io/Hdf5Preflight.h), which is otherwise skipped for a file that passed already.
void BM_ReadGraphHdf5ContiguousWithPreflight(benchmark::State& state) {
    const std::string path = files().contiguous;
    for (auto _ : state) {
        fs::last_write_time(path, fs::file_time_type::clock::now());
        MeshGraph g = readGraphHdf5(path);
        benchmark::DoNotOptimize(g.m2gReceivers.data());
    }
}
void BM_ReadGraphHdf5Deflate1(benchmark::State& state) { readOne(state, files().deflate1); }

void BM_ReadTwoGraphsHdf5Contiguous(benchmark::State& state) {
    for (auto _ : state) {
        MeshGraph a = readGraphHdf5(files().contiguous);
        MeshGraph b = readGraphHdf5(files().contiguous);
        benchmark::DoNotOptimize(a.m2gReceivers.data());
        benchmark::DoNotOptimize(b.m2gReceivers.data());
    }
}

void BM_WriteGraphHdf5Contiguous(benchmark::State& state) {
    const std::string path = (files().dir / "write.h5").string();
    for (auto _ : state) writeGraphHdf5(files().graph, path);
}

}  // namespace

BENCHMARK(BM_ReadGraphHdf5Contiguous)->Unit(benchmark::kMillisecond)->MinTime(1.0);
BENCHMARK(BM_ReadGraphHdf5ContiguousWithPreflight)->Unit(benchmark::kMillisecond)->MinTime(1.0);
BENCHMARK(BM_ReadGraphHdf5Deflate1)->Unit(benchmark::kMillisecond)->MinTime(1.0);
BENCHMARK(BM_ReadTwoGraphsHdf5Contiguous)->Unit(benchmark::kMillisecond)->MinTime(1.0);
BENCHMARK(BM_WriteGraphHdf5Contiguous)->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
