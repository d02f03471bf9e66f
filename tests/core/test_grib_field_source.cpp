// GRIB 1 and 2 read through ecCodes, on files that ecCodes' own Python bindings wrote
// (tests/fixtures/make_grib_fixtures.py): names, leads, members, grids in every scanning
// direction, values, bitmaps; damaged and unsupported files are errors naming the file.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cmath>
#include <filesystem>
#include <fstream>

#include "common/Error.h"
#include "core/TestHelpers.h"
#include "fields/FieldSource.h"
#include "io/FileKind.h"
#include "run/RunFolder.h"

using namespace meshdiff;
using test::errorOf;
using test::fileBytes;
namespace fs = std::filesystem;

namespace {

std::string gribFixture(const std::string& name) { return (test::fixture("grib") / name).string(); }

// The fixture writer's formula (make_grib_fixtures.py).
double expected(double base, int lead, int member, double lat, double lon) {
    return base + 1000 * lead + 100 * member + 10 * (lat + 90) / 45 + lon / 45;
}

double valueAt(const Field& f, std::size_t i, std::size_t j) {
    return std::visit([&](const auto& v) { return double(v[i * f.nlon + j]); }, f.values);
}

bool mentions(const Error& e, const std::string& text) { return std::string(e.what()).find(text) != std::string::npos; }

// Every point of `f` against the formula, at the coordinates the source gives it.
void expectFormula(const Field& f, const LatLonGrid& grid, double base, int lead, int member) {
    ASSERT_EQ(f.nlat, grid.nlat());
    ASSERT_EQ(f.nlon, grid.nlon());
    for (std::size_t i = 0; i < f.nlat; ++i)
        for (std::size_t j = 0; j < f.nlon; ++j) {
            const double want = expected(base, lead, member, grid.lat[i], grid.lon[j]);
            const double got = valueAt(f, i, j);
            if (std::isnan(got)) continue;  // checked where a test expects it
            EXPECT_NEAR(got, want, 1e-3 + 1e-6 * std::abs(want))
                << f.name << " at " << grid.lat[i] << ", " << grid.lon[j];
        }
}

class GribFieldSourceTest : public ::testing::Test {
protected:
    void SetUp() override {
        dir_ = fs::temp_directory_path() / ("meshdiff_grib_" + std::to_string(::getpid()) + "_" +
                                            ::testing::UnitTest::GetInstance()->current_test_info()->name());
        fs::remove_all(dir_);
        fs::create_directories(dir_);
    }
    void TearDown() override { fs::remove_all(dir_); }
    std::string write(const std::string& name, const std::string& bytes) const {
        const fs::path p = dir_ / name;
        fs::create_directories(p.parent_path());
        std::ofstream(p, std::ios::binary | std::ios::trunc) << bytes;
        return p.string();
    }
    fs::path dir_;
};

}  // namespace

TEST_F(GribFieldSourceTest, ARolloutHasGraphCastNamesLeadsAndMembers) {
    const auto source = openFieldSource(gribFixture("rollout.grib2"));
    EXPECT_EQ(source->fieldNames(), (std::vector<std::string>{"temperature@850", "temperature@500", "2m_temperature",
                                                              "mean_sea_level_pressure", "total_precipitation_6hr"}));
    EXPECT_EQ(source->leads(), (std::vector<LeadTime>{{0, 6.0}, {1, 12.0}}));
    EXPECT_EQ(source->members(), (std::vector<int>{1, 2}));
    EXPECT_EQ(source->grid().lat, (std::vector<double>{90, 45, 0, -45, -90}));
    EXPECT_EQ(source->grid().lon, (std::vector<double>{0, 45, 90, 135, 180, 225, 270, 315}));
    EXPECT_FALSE(source->grid().inferred());
}

TEST_F(GribFieldSourceTest, EveryLeadAndMemberHoldsWhatEccodesWrote) {
    const auto source = openFieldSource(gribFixture("rollout.grib2"));
    const std::vector<std::pair<std::string, double>> bases = {{"temperature@850", 250},
                                                               {"temperature@500", 230},
                                                               {"2m_temperature", 280},
                                                               {"mean_sea_level_pressure", 100000},
                                                               {"total_precipitation_6hr", 0}};
    for (std::size_t lead = 0; lead < 2; ++lead)
        for (std::size_t member = 0; member < 2; ++member)
            for (const auto& [name, base] : bases) {
                SCOPED_TRACE(name + " lead " + std::to_string(lead) + " member " + std::to_string(member));
                const Field f = source->loadAt(name, lead, member);
                EXPECT_EQ(f.name, name);
                expectFormula(f, source->grid(), base, int(lead), int(member) + 1);
            }
}

TEST_F(GribFieldSourceTest, BitmapMissingPointsAreNaN) {
    const auto source = openFieldSource(gribFixture("rollout.grib2"));
    const Field withHole = source->loadAt("2m_temperature", 0, 0);
    std::size_t nans = 0;
    for (std::size_t i = 0; i < withHole.nlat; ++i)
        for (std::size_t j = 0; j < withHole.nlon; ++j)
            if (std::isnan(valueAt(withHole, i, j))) {
                ++nans;
                EXPECT_EQ(source->grid().lat[i], 45.0);
                EXPECT_EQ(source->grid().lon[j], 90.0);
            }
    EXPECT_EQ(nans, 1u);
    const Field full = source->loadAt("2m_temperature", 0, 1);
    for (std::size_t k = 0; k < full.size(); ++k) EXPECT_FALSE(std::isnan(valueAt(full, k / full.nlon, k % full.nlon)));
}

TEST_F(GribFieldSourceTest, UnitsAndLongNamesComeFromEccodes) {
    const auto source = openFieldSource(gribFixture("rollout.grib2"));
    const Field t = source->load("temperature@850");
    EXPECT_EQ(t.units, "K");
    EXPECT_EQ(t.longName, "Temperature");
    EXPECT_EQ(source->load("mean_sea_level_pressure").units, "Pa");
    EXPECT_EQ(source->load("total_precipitation_6hr").units, "m");
    EXPECT_TRUE(std::holds_alternative<std::vector<float>>(t.values));  // 24-bit packing fits a float
}

TEST_F(GribFieldSourceTest, LoadTakesTheFirstLeadAndMemberOrTheChosenOnes) {
    const auto first = openFieldSource(gribFixture("rollout.grib2"));
    expectFormula(first->load("temperature@500"), first->grid(), 230, 0, 1);
    FieldSourceOptions options;
    options.leadingIndex = {1, 1};
    const auto chosen = openFieldSource(gribFixture("rollout.grib2"), options);
    expectFormula(chosen->load("temperature@500"), chosen->grid(), 230, 1, 2);
    EXPECT_TRUE(mentions(errorOf([&] { first->loadAt("temperature@500", 2, 0); }), "the file has 2 lead(s)"));
    EXPECT_TRUE(mentions(errorOf([&] { first->loadAt("temperature@500", 0, 2); }), "the file has 2 member(s)"));
    EXPECT_TRUE(mentions(errorOf([&] { first->load("geopotential@500"); }), "no field named geopotential@500"));
}

TEST_F(GribFieldSourceTest, Grib1ScannedSouthToNorthIsADeterministicAnalysis) {
    const auto source = openFieldSource(gribFixture("south_north.grib1"));
    EXPECT_EQ(source->fieldNames(),
              (std::vector<std::string>{"land_sea_mask", "geopotential_at_surface", "mean_sea_level_pressure"}));
    EXPECT_EQ(source->leads(), (std::vector<LeadTime>{{0, 0.0}}));
    EXPECT_TRUE(source->members().empty());
    EXPECT_EQ(source->grid().lat, (std::vector<double>{-90, -45, 0, 45, 90}));
    expectFormula(source->load("land_sea_mask"), source->grid(), 0, 0, 0);
    expectFormula(source->load("geopotential_at_surface"), source->grid(), 500, 0, 0);
    expectFormula(source->loadAt("mean_sea_level_pressure", 0, 0), source->grid(), 100000, 0, 0);
    EXPECT_EQ(source->load("geopotential_at_surface").units, "m**2 s**-2");
}

TEST_F(GribFieldSourceTest, AMessageScannedEastToWestIsMirroredOntoAscendingLongitudes) {
    const auto source = openFieldSource(gribFixture("east_west.grib2"));
    EXPECT_EQ(source->grid().lon, (std::vector<double>{0, 45, 90, 135, 180, 225, 270, 315}));
    EXPECT_EQ(source->grid().lat, (std::vector<double>{90, 45, 0, -45, -90}));
    expectFormula(source->load("2m_temperature"), source->grid(), 280, 0, 0);
}

TEST_F(GribFieldSourceTest, AMessageWhoseColumnsAreContiguousIsTransposed) {
    const auto source = openFieldSource(gribFixture("columns.grib2"));
    EXPECT_EQ(source->grid().lat, (std::vector<double>{-90, -45, 0, 45, 90}));
    expectFormula(source->load("mean_sea_level_pressure"), source->grid(), 100000, 0, 0);
}

TEST_F(GribFieldSourceTest, LeadsCountFromTheEarliestReferenceTime) {
    const auto source = openFieldSource(gribFixture("analyses.grib2"));
    EXPECT_EQ(source->leads(), (std::vector<LeadTime>{{0, 0.0}, {1, 6.0}}));  // 2023-12-31 18:00 and 2024-01-01 00:00
    expectFormula(source->loadAt("mean_sea_level_pressure", 1, 0), source->grid(), 100000, 1, 0);
}

TEST_F(GribFieldSourceTest, AGridOtherThanRegularLatLonIsRefusedByName) {
    const std::string file = gribFixture("reduced_gg.grib2");
    const Error e = errorOf([&] { openFieldSource(file); });
    EXPECT_EQ(e.file(), file);
    EXPECT_TRUE(mentions(e, "reduced_gg grid")) << e.what();
}

TEST_F(GribFieldSourceTest, ATruncatedFileIsAnErrorNamingItAndStaysUntouched) {
    const std::string bytes = fileBytes(gribFixture("rollout.grib2"));
    for (const std::size_t cut : {bytes.size() / 2 + 17, std::size_t(100), bytes.size() - 1}) {
        SCOPED_TRACE(cut);
        const std::string file = write("cut.grib2", bytes.substr(0, cut));
        const Error e = errorOf([&] { openFieldSource(file); });
        EXPECT_EQ(e.file(), file);
        EXPECT_TRUE(mentions(e, "truncated")) << e.what();
        EXPECT_EQ(fileBytes(file), bytes.substr(0, cut));
    }
}

TEST_F(GribFieldSourceTest, AFileThatSaysGribButIsNotIsAnError) {
    const std::string fake = write("fake.grib", "GRIB but then only text, long enough to pass for a header\n");
    const Error e = errorOf([&] { openFieldSource(fake); });
    EXPECT_EQ(e.file(), fake);
    EXPECT_TRUE(mentions(e, "is not a GRIB 1 or 2 message")) << e.what();

    const std::string message = fileBytes(gribFixture("east_west.grib2"));
    const std::string second = write("second.grib2", message + "GRIB" + std::string(60, 'x'));
    const Error e2 = errorOf([&] { openFieldSource(second); });
    EXPECT_EQ(e2.file(), second);
    EXPECT_TRUE(mentions(e2, "GRIB message 2")) << e2.what();
}

TEST_F(GribFieldSourceTest, MessagesOnTwoGridsOrTwiceTheSameFieldAreErrors) {
    const std::string rollout = fileBytes(gribFixture("rollout.grib2"));
    const std::string mixed = write("mixed.grib2", rollout + fileBytes(gribFixture("east_west.grib2")));
    EXPECT_TRUE(mentions(errorOf([&] { openFieldSource(mixed); }), "share one grid"));
    const std::string twice = write("twice.grib2", rollout + rollout);
    const Error e = errorOf([&] { openFieldSource(twice); });
    EXPECT_EQ(e.file(), twice);
    EXPECT_TRUE(mentions(e, "two GRIB messages for temperature@850 at lead 6 h, member 1")) << e.what();
}

TEST_F(GribFieldSourceTest, ARunFolderTakesAGribFileAsItsFields) {
    write("run/forecast.grib2", fileBytes(gribFixture("rollout.grib2")));
    const RunInputs run = discoverRun((dir_ / "run").string());
    ASSERT_TRUE(run.fieldsFile);
    EXPECT_EQ(*run.fieldsFile, (dir_ / "run/forecast.grib2").string());
    EXPECT_EQ(fileKindName(sniffFileKind(*run.fieldsFile)), "fields (GRIB)");

    write("run/more.grb", fileBytes(gribFixture("east_west.grib2")));
    EXPECT_TRUE(mentions(errorOf([&] { discoverRun((dir_ / "run").string()); }), "holds two fields files"));
    write("run/more.grb", "");
    EXPECT_EQ(errorOf([&] { discoverRun((dir_ / "run").string()); }).file(), (dir_ / "run/more.grb").string());
}
