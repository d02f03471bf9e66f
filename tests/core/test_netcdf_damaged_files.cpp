// Randomly damaged copies of a netCDF4-python file: every one must open and load cleanly or throw
// meshdiff::Error — never crash or hang. Some of these copies crash libhdf5 1.10 itself (corrupt
// global heap behind DIMENSION_LIST); the forked pre-flight check (core/io/Hdf5Preflight.h)
// turns that into an error.
#include <gtest/gtest.h>

#include <filesystem>

#include "common/Error.h"
#include "core/DamagedCopies.h"
#include "core/TestPaths.h"
#include "fields/NetcdfFieldSource.h"

using namespace meshdiff;
namespace fs = std::filesystem;

TEST(NetcdfDamagedFiles, BitFlippedCopiesLoadOrFailCleanly) {
    const fs::path dir = fs::temp_directory_path() / "meshdiff_netcdf_damaged";
    const auto copies = test::writeBitFlippedCopies(test::fixture("netcdf/time_level.nc"), dir, 72, 11);
    int loaded = 0, refused = 0, damaged = 0;
    for (const std::string& path : copies) {
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
