// Opening and loading 0.25° NetCDF-4 fields (721×1440 float32), written by netCDF4-python in an
// xarray-like (time, level, lat, lon) layout: uncompressed and deflated (level 1, netCDF's
// default chunking). Needs Debian's /usr/bin/python3 with netCDF4.
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <filesystem>
#include <stdexcept>
#include <variant>

#include "fields/NetcdfFieldSource.h"

using namespace meshdiff;
namespace fs = std::filesystem;

namespace {

constexpr const char* kWriter = R"(
import sys, netCDF4, numpy as np
for path, zlib in [(sys.argv[1], False), (sys.argv[2], True)]:
    with netCDF4.Dataset(path, "w") as ds:
        for name, size in [("time", 1), ("level", 13), ("lat", 721), ("lon", 1440)]:
            ds.createDimension(name, size)
        ds.createVariable("level", "i4", ("level",))[:] = [50, 100, 150, 200, 250, 300, 400, 500, 600, 700, 850, 925, 1000]
        ds.createVariable("lat", "f8", ("lat",))[:] = np.linspace(-90, 90, 721)
        ds.createVariable("lon", "f8", ("lon",))[:] = np.arange(1440) * 0.25
        lat = np.deg2rad(np.linspace(-90, 90, 721))[:, None]
        lon = np.deg2rad(np.arange(1440) * 0.25)[None, :]
        for v, name in enumerate(["temperature", "geopotential"]):
            var = ds.createVariable(name, "f4", ("time", "level", "lat", "lon"), zlib=zlib, complevel=1)
            for k in range(13):
                var[0, k] = (np.cos(lat) * 20 + np.sin(3 * lon + k + v) * np.cos(2 * lat) * 5).astype("f4")
        t2m = ds.createVariable("2m_temperature", "f4", ("time", "lat", "lon"), zlib=zlib, complevel=1)
        t2m[0] = (np.cos(lat) * 30 + np.sin(lon)).astype("f4")
)";

struct Files {
    fs::path dir = fs::temp_directory_path() / "meshdiff_bench_netcdf";
    std::string plain = (dir / "plain.nc").string();
    std::string deflated = (dir / "deflated.nc").string();
    Files() {
        fs::create_directories(dir);
        const std::string script = (dir / "write.py").string();
        FILE* f = std::fopen(script.c_str(), "w");
        std::fputs(kWriter, f);
        std::fclose(f);
        const std::string command = "/usr/bin/python3 " + script + " " + plain + " " + deflated;
        if (std::system(command.c_str()) != 0) throw std::runtime_error("cannot write the NetCDF benchmark files");
    }
    ~Files() { fs::remove_all(dir); }
};

Files& files() {
    static Files instance;
    return instance;
}

void BM_OpenNetcdf(benchmark::State& state) {
    const std::string path = files().deflated;
    for (auto _ : state) {
        auto source = openNetcdfFieldSource(path);
        benchmark::DoNotOptimize(source->fieldNames().size());
    }
}

// A fresh source each time, so that no chunk cache carries over between iterations.
void openAndLoadOne(benchmark::State& state, const std::string& path) {
    for (auto _ : state) {
        auto source = openNetcdfFieldSource(path);
        Field f = source->load("temperature@500");
        benchmark::DoNotOptimize(std::get<std::vector<float>>(f.values).data());
    }
    state.counters["file_MB"] = double(fs::file_size(path)) / 1e6;
}

void loadAll(benchmark::State& state, const std::string& path) {
    std::size_t fields = 0;
    for (auto _ : state) {
        auto source = openNetcdfFieldSource(path);
        const auto names = source->fieldNames();
        for (const auto& name : names) benchmark::DoNotOptimize(source->load(name).nlat);
        fields = names.size();
    }
    state.counters["fields"] = double(fields);
}

void BM_OpenAndLoadOneFieldPlain(benchmark::State& state) { openAndLoadOne(state, files().plain); }
void BM_OpenAndLoadOneFieldDeflated(benchmark::State& state) { openAndLoadOne(state, files().deflated); }
void BM_LoadAllFieldsPlain(benchmark::State& state) { loadAll(state, files().plain); }
void BM_LoadAllFieldsDeflated(benchmark::State& state) { loadAll(state, files().deflated); }

}  // namespace

BENCHMARK(BM_OpenNetcdf)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_OpenAndLoadOneFieldPlain)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_OpenAndLoadOneFieldDeflated)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_LoadAllFieldsPlain)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_LoadAllFieldsDeflated)->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
