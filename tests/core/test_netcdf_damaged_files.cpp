// Randomly damaged copies of a netCDF4-python file: every one must open and load cleanly or throw
// meshdiff::Error — never crash or hang. Some of these copies crash libhdf5 1.10 itself (corrupt
// global heap behind DIMENSION_LIST); the forked pre-flight check (core/io/Hdf5Preflight.h)
// turns that into an error.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>

#include "common/Error.h"
#include "core/TestPaths.h"
#include "fields/NetcdfFieldSource.h"

using namespace meshdiff;
namespace fs = std::filesystem;

TEST(NetcdfDamagedFiles, BitFlippedCopiesLoadOrFailCleanly) {
    std::ifstream in(test::fixture("netcdf/time_level.nc"), std::ios::binary);
    const std::vector<char> original((std::istreambuf_iterator<char>(in)), {});
    ASSERT_GT(original.size(), 4096u);
    const fs::path dir = fs::temp_directory_path() / "meshdiff_netcdf_damaged";
    fs::remove_all(dir);
    fs::create_directories(dir);

    std::mt19937 rng(11);
    int loaded = 0, refused = 0, damaged = 0;
    for (int it = 0; it < 72; ++it) {
        auto bytes = original;
        const int flips = 1 + int(rng() % 4);
        for (int f = 0; f < flips; ++f) {
            const int bit = int(rng() % 8);
            const std::size_t pos = rng() % 2 ? rng() % 4096 : rng() % bytes.size();
            bytes[pos] = char(bytes[pos] ^ (1 << bit));
        }
        const std::string path = (dir / ("copy" + std::to_string(it) + ".nc")).string();
        std::ofstream(path, std::ios::binary).write(bytes.data(), std::streamsize(bytes.size()));
        try {
            const auto source = openNetcdfFieldSource(path);
            for (const auto& name : source->fieldNames()) source->load(name);
            ++loaded;
        } catch (const Error& e) {
            ++refused;
            damaged += std::string(e.what()).find("damaged HDF5 file") != std::string::npos;
        }
    }
    fs::remove_all(dir);
    EXPECT_EQ(loaded + refused, 72);
    EXPECT_GT(refused, 0);
    RecordProperty("crashes_or_hangs_caught", damaged);
}
