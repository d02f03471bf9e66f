// NetCDF-4 fields written by netCDF4-python and h5py (tests/fixtures/make_netcdf_fixtures.py).
// The script's values follow netcdfCode(b, t, k, i, j) = 10000 b + 1000 t + 100 k + 10 i + j.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <functional>
#include <thread>
#include <variant>

#include "common/Error.h"
#include "core/TestHelpers.h"
#include "core/TestPaths.h"
#include "fields/FieldSource.h"
#include "fields/NetcdfFieldSource.h"

using namespace meshdiff;
using meshdiff::test::problemOf;

namespace {

double netcdfCode(int i, int j, int k = 0, int t = 0, int b = 0) { return 10000 * b + 1000 * t + 100 * k + 10 * i + j; }

std::string nc(const std::string& name) { return test::fixture("netcdf/" + name).string(); }

std::unique_ptr<FieldSource> open(const std::string& name, std::vector<std::size_t> leading = {}) {
    FieldSourceOptions options;
    options.leadingIndex = std::move(leading);
    return openNetcdfFieldSource(nc(name), options);
}

// Copies (not references): callers pass temporaries.
std::vector<float> floats(const Field& f) {
    EXPECT_TRUE(std::holds_alternative<std::vector<float>>(f.values)) << f.name << " is not float32";
    return std::holds_alternative<std::vector<float>>(f.values) ? std::get<std::vector<float>>(f.values)
                                                                : std::vector<float>(f.size());
}

std::vector<double> doubles(const Field& f) {
    EXPECT_TRUE(std::holds_alternative<std::vector<double>>(f.values)) << f.name << " is not float64";
    return std::holds_alternative<std::vector<double>>(f.values) ? std::get<std::vector<double>>(f.values)
                                                                 : std::vector<double>(f.size());
}

}  // namespace

TEST(NetcdfFieldSource, ListsLevelsAsNameAtLevelInFileOrderAndSkipsCoordinates) {
    const auto source = open("time_level.nc");
    EXPECT_EQ(source->fieldNames(),
              (std::vector<std::string>{"temperature@1000", "temperature@850", "temperature@500", "geopotential@1000",
                                        "geopotential@850", "geopotential@500", "2m_temperature", "packed_t",
                                        "packed_f32", "land_sea_mask"}));
    EXPECT_EQ(source->grid().lat, (std::vector<double>{-45, -15, 15, 45}));
    EXPECT_EQ(source->grid().lon, (std::vector<double>{0, 72, 144, 216, 288}));
    EXPECT_FALSE(source->grid().inferred());
    EXPECT_EQ(source->path(), nc("time_level.nc"));
}

TEST(NetcdfFieldSource, ReadsTheRightLevelAndTimeWithUnitsAndNames) {
    const auto source = open("time_level.nc");
    const Field t850 = source->load("temperature@850");
    EXPECT_EQ(t850.nlat, 4u);
    EXPECT_EQ(t850.nlon, 5u);
    EXPECT_EQ(t850.units, "K");
    EXPECT_EQ(t850.longName, "Temperature");
    const auto t = floats(t850);
    ASSERT_EQ(t.size(), 20u);
    for (int i = 0; i < 4; ++i)
        for (int j = 0; j < 5; ++j) EXPECT_EQ(t[i * 5 + j], float(netcdfCode(i, j, 1) + 0.5)) << i << "," << j;

    const Field z500 = source->load("geopotential@500");
    EXPECT_EQ(z500.units, "m**2 s**-2");  // variable-length string attribute
    const auto z = doubles(z500);
    ASSERT_EQ(z.size(), 20u);
    EXPECT_EQ(z[3 * 5 + 4], netcdfCode(3, 4, 2) * 9.80665);
    EXPECT_EQ(z[0], netcdfCode(0, 0, 2) * 9.80665);

    const auto later = open("time_level.nc", {1});
    EXPECT_EQ(floats(later->load("temperature@500"))[2 * 5 + 3], float(netcdfCode(2, 3, 2, 1) + 0.5));
}

TEST(NetcdfFieldSource, FillValuesBecomeNaNInCompressedFloatData) {
    const auto v = floats(open("time_level.nc")->load("2m_temperature"));
    ASSERT_EQ(v.size(), 20u);
    EXPECT_TRUE(std::isnan(v[1 * 5 + 2]));
    EXPECT_EQ(v[1 * 5 + 3], float(netcdfCode(1, 3) + 0.25));
    EXPECT_EQ(v[0], 0.25f);
}

TEST(NetcdfFieldSource, UnpacksInt16WithScaleOffsetAndMasksFillAndMissingValues) {
    const auto first = open("time_level.nc");
    const Field packed = first->load("packed_t");
    EXPECT_EQ(packed.longName, "packed temperature");
    const auto p0 = doubles(packed);  // float64 scale_factor → float64 values
    ASSERT_EQ(p0.size(), 20u);
    EXPECT_TRUE(std::isnan(p0[0]));  // missing_value
    for (int idx = 1; idx < 20; ++idx)
        EXPECT_DOUBLE_EQ(p0[idx], (netcdfCode(idx / 5, idx % 5) - 50) * 0.01 + 273.15) << idx;

    const auto p1 = doubles(open("time_level.nc", {1})->load("packed_t"));
    EXPECT_TRUE(std::isnan(p1[3 * 5 + 4]));  // _FillValue
    EXPECT_DOUBLE_EQ(p1[0], (netcdfCode(0, 0, 0, 1) - 50) * 0.01 + 273.15);

    const auto f32 = floats(first->load("packed_f32"));  // float32 scale_factor → float32 values
    for (int idx = 0; idx < 20; ++idx) EXPECT_EQ(f32[idx], float(netcdfCode(idx / 5, idx % 5) * 0.5 + 10.0)) << idx;

    const auto mask = floats(first->load("land_sea_mask"));  // uint8 without packing
    for (int idx = 0; idx < 20; ++idx)
        EXPECT_EQ(mask[idx], std::fmod(netcdfCode(idx / 5, idx % 5), 3.0) == 0 ? 1.f : 0.f);
}

TEST(NetcdfFieldSource, Era5LikeFileKeepsDescendingLatitudeAndFloatLevels) {
    const auto source = open("era5_descending.nc");
    EXPECT_EQ(source->fieldNames(), (std::vector<std::string>{"z@500", "z@850", "t@500", "t@850"}));
    EXPECT_EQ(source->grid().lat, (std::vector<double>{90, 60, 30, 0, -30, -60, -90}));
    ASSERT_EQ(source->grid().nlon(), 12u);
    EXPECT_EQ(source->grid().lon[11], 330.0);
    const Field z = source->load("z@850");
    EXPECT_EQ(z.longName, "Geopotential");
    EXPECT_EQ(floats(z)[6 * 12 + 11], float(netcdfCode(6, 11, 1) * 10.0));
    const auto t = doubles(source->load("t@500"));
    ASSERT_EQ(t.size(), 84u);
    EXPECT_DOUBLE_EQ(t[2 * 12 + 5], netcdfCode(2, 5) * 0.002 + 250.0);
}

TEST(NetcdfFieldSource, BatchAndTimeIndicesPickTheSlice) {
    const auto source = open("batch.nc", {1, 2});
    EXPECT_EQ(source->fieldNames(),
              (std::vector<std::string>{"temperature@500", "temperature@850", "2m_temperature", "land_sea_mask"}));
    const auto t = floats(source->load("temperature@850"));
    ASSERT_EQ(t.size(), 12u);
    for (int idx = 0; idx < 12; ++idx) EXPECT_EQ(t[idx], float(netcdfCode(idx / 4, idx % 4, 1, 2, 1))) << idx;
    EXPECT_EQ(floats(source->load("2m_temperature"))[7], float(netcdfCode(1, 3, 0, 2, 1)));
    EXPECT_EQ(floats(source->load("land_sea_mask"))[7], float(netcdfCode(1, 3) * 0.5));  // static: no leading dims

    const auto defaults = open("batch.nc");
    EXPECT_EQ(floats(defaults->load("temperature@850"))[5], float(netcdfCode(1, 1, 1)));
}

TEST(NetcdfFieldSource, OutOfRangeLeadingIndicesAreCleanErrors) {
    const std::string batch = problemOf([] { open("batch.nc", {2, 0}); });
    EXPECT_NE(batch.find("dimension batch is out of range (size 2)"), std::string::npos) << batch;
    const std::string time = problemOf([] { open("time_level.nc", {2}); });
    EXPECT_NE(time.find("dimension time is out of range (size 2)"), std::string::npos) << time;
    const std::string extra = problemOf([] { open("time_level.nc", {0, 0}); });
    EXPECT_NE(extra.find("1 leading dimension"), std::string::npos) << extra;
}

TEST(NetcdfFieldSource, SurfaceOnlyFileHasPlainNames) {
    const auto source = open("surface_2d.nc");
    EXPECT_EQ(source->fieldNames(), (std::vector<std::string>{"geopotential_at_surface", "land_sea_mask"}));
    EXPECT_EQ(source->grid().nlat(), 181u);
    EXPECT_EQ(source->grid().lat.front(), -90.0);
    EXPECT_EQ(source->grid().lon.back(), 359.0);
    EXPECT_FALSE(source->grid().inferred());
    EXPECT_EQ(floats(source->load("geopotential_at_surface"))[100 * 360 + 200], float(netcdfCode(100, 200) * 0.25));
}

TEST(NetcdfFieldSource, GridWithoutCoordinateVariablesIsInferred) {
    const auto source = open("no_coordinates.nc");
    ASSERT_TRUE(source->grid().inferred());
    EXPECT_EQ(source->grid().lat.front(), -90.0);
    EXPECT_EQ(source->grid().lon[1], 1.0);
    EXPECT_EQ(floats(source->load("2m_temperature"))[180 * 360 + 359], float(netcdfCode(180, 359)));
}

TEST(NetcdfFieldSource, ReadsH5pyFilesWithAndWithoutDimensionScales) {
    const auto scales = open("h5py_scales.nc", {1});
    EXPECT_EQ(scales->fieldNames(), std::vector<std::string>{"msl"});
    EXPECT_EQ(scales->grid().lat, (std::vector<double>{10, 20, 30}));
    const Field msl = scales->load("msl");
    EXPECT_EQ(msl.units, "Pa");
    EXPECT_EQ(floats(msl)[2 * 3 + 1], float(netcdfCode(2, 1, 0, 1)));

    const auto plain = open("h5py_plain.h5", {1});
    EXPECT_EQ(plain->fieldNames(), std::vector<std::string>{"t2m"});
    EXPECT_EQ(plain->grid().lat, (std::vector<double>{-10, 0, 10, 20, 30}));
    EXPECT_EQ(doubles(plain->load("t2m"))[4 * 6 + 5], netcdfCode(4, 5, 0, 1));
}

TEST(NetcdfFieldSource, BrokenFilesAreCleanErrors) {
    EXPECT_NE(problemOf([] { open("truncated.nc"); }).find("truncated"), std::string::npos);
    EXPECT_NE(problemOf([] { open("not_hdf5.nc"); }).find("not an HDF5 file"), std::string::npos);
    EXPECT_NE(problemOf([] { open("classic.nc"); }).find("NetCDF-3"), std::string::npos);
    EXPECT_NE(problemOf([] { open("no_fields.nc"); }).find("no variable with latitude and longitude"),
              std::string::npos);
    EXPECT_NE(problemOf([] { open("does_not_exist.nc"); }).find("not found"), std::string::npos);
    const auto source = open("time_level.nc");
    EXPECT_NE(problemOf([&] { source->load("lat"); }).find("no field named lat"), std::string::npos);
    EXPECT_NE(problemOf([&] { source->load("temperature@700"); }).find("no field named"), std::string::npos);
}

TEST(NetcdfFieldSource, OpenFieldSourceDispatchesNetcdfByContent) {
    const auto source = openFieldSource(nc("era5_descending.nc"));
    EXPECT_EQ(source->fieldNames().size(), 4u);
    EXPECT_EQ(source->grid().lat.front(), 90.0);
}

TEST(NetcdfFieldSource, TwoSourcesLoadFromTwoThreadsAtOnce) {
    const auto a = open("surface_2d.nc");
    const auto b = open("time_level.nc", {1});
    int goodA = 0, goodB = 0;
    std::thread ta([&] {
        for (int n = 0; n < 30; ++n)
            goodA += floats(a->load("geopotential_at_surface"))[5 * 360 + 7] == float(netcdfCode(5, 7) * 0.25);
    });
    std::thread tb([&] {
        for (int n = 0; n < 30; ++n)
            goodB += floats(b->load("temperature@1000"))[6] == float(netcdfCode(1, 1, 0, 1) + 0.5);
    });
    ta.join();
    tb.join();
    EXPECT_EQ(goodA, 30);
    EXPECT_EQ(goodB, 30);
}
