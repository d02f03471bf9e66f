// A click on the error map of a 0.25° rollout: one grid point of one field over 10 leads, of A and
// B, as readPointSeries reads it. Whole fields picked at the point (FieldSource::loadAt, how the
// series was read before) against the point alone (loadPointAt), for a 10-lead (time, lat, lon)
// float32 rollout written by netCDF4-python (uncompressed as xarray writes it, and deflated at
// level 1 with netCDF's default chunks) and by numpy (np.savez and np.savez_compressed).
// Needs Debian's /usr/bin/python3 with netCDF4 and numpy.
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <filesystem>
#include <stdexcept>
#include <variant>

#include "fields/FieldSource.h"

using namespace meshdiff;
namespace fs = std::filesystem;

namespace {

constexpr std::size_t kLeads = 10, kRows = 721, kColumns = 1440;

constexpr const char* kWriter = R"(
import sys, netCDF4, numpy as np
out = sys.argv[1]
lat = np.linspace(-90, 90, 721)
lon = np.arange(1440) * 0.25
rng = np.random.default_rng(1)
rl, rn = np.deg2rad(lat)[:, None], np.deg2rad(lon)[None, :]
leads = np.stack([(np.cos(rl) * 30 + np.sin(3 * rn + t) * np.cos(2 * rl) * 5 + 250 +
                   rng.standard_normal((721, 1440)) * 0.01).astype("f4") for t in range(10)])
for name, zlib in [("plain.nc", False), ("deflated.nc", True)]:
    with netCDF4.Dataset(out + "/" + name, "w") as ds:
        for dim, size in [("time", 10), ("lat", 721), ("lon", 1440)]:
            ds.createDimension(dim, size)
        t = ds.createVariable("time", "i8", ("time",))
        t.units = "hours"
        t[:] = 6 * np.arange(1, 11)
        ds.createVariable("lat", "f8", ("lat",))[:] = lat
        ds.createVariable("lon", "f8", ("lon",))[:] = lon
        v = ds.createVariable("2m_temperature", "f4", ("time", "lat", "lon"), zlib=zlib, complevel=1)
        v.units = "K"
        v[:] = leads
hours = (6 * np.arange(1, 11)).astype("f8")
np.savez(out + "/stored.npz", lat=lat, lon=lon, lead_hours=hours, **{"2m_temperature": leads})
np.savez_compressed(out + "/compressed.npz", lat=lat, lon=lon, lead_hours=hours, **{"2m_temperature": leads})
)";

struct Files {
    fs::path dir = fs::temp_directory_path() / "meshdiff_bench_point_series";
    Files() {
        fs::create_directories(dir);
        const std::string script = (dir / "write.py").string();
        FILE* f = std::fopen(script.c_str(), "w");
        std::fputs(kWriter, f);
        std::fclose(f);
        const std::string command = "/usr/bin/python3 " + script + " " + dir.string();
        if (std::system(command.c_str()) != 0) throw std::runtime_error("cannot write the point-series files");
    }
    ~Files() { fs::remove_all(dir); }
    std::string operator()(const char* name) const { return (dir / name).string(); }
};

Files& files() {
    static Files instance;
    return instance;
}

double valueOf(const Field& field, std::size_t index) {
    return std::visit([index](const auto& v) { return double(v[index]); }, field.values);
}

// A and B (two sources of one file, opened once as the window keeps them), every lead; each
// iteration a click at another grid point, so that no chunk cache holds it from the one before.
template <class Read>
void clickSeries(benchmark::State& state, const char* file, Read read) {
    const auto a = openFieldSource(files()(file)), b = openFieldSource(files()(file));
    std::size_t click = 0;
    for (auto _ : state) {
        const std::size_t row = (click * 97) % kRows, column = (click * 389) % kColumns;
        ++click;
        double sum = 0;
        for (std::size_t lead = 0; lead < kLeads; ++lead)
            sum += read(*a, lead, row, column) - read(*b, lead, row, column);
        benchmark::DoNotOptimize(sum);
    }
    state.counters["file_MB"] = double(fs::file_size(files()(file))) / 1e6;
}

void wholeFields(benchmark::State& state, const char* file) {
    clickSeries(state, file, [](const FieldSource& s, std::size_t lead, std::size_t row, std::size_t column) {
        const Field f = s.loadAt("2m_temperature", lead, 0);
        return valueOf(f, row * f.nlon + column);
    });
}

void pointOnly(benchmark::State& state, const char* file) {
    clickSeries(state, file, [](const FieldSource& s, std::size_t lead, std::size_t row, std::size_t column) {
        return valueOf(s.loadPointAt("2m_temperature", lead, 0, row, column), 0);
    });
}

}  // namespace

BENCHMARK_CAPTURE(wholeFields, netcdf_plain, "plain.nc")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(pointOnly, netcdf_plain, "plain.nc")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(wholeFields, netcdf_deflated, "deflated.nc")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(pointOnly, netcdf_deflated, "deflated.nc")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(wholeFields, npz_stored, "stored.npz")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(pointOnly, npz_stored, "stored.npz")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(wholeFields, npz_compressed, "compressed.npz")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(pointOnly, npz_compressed, "compressed.npz")->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
