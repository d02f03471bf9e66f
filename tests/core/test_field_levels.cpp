// Variables and levels (issue 32, item 2): a field name's variable and level, and the level's
// units as each reader knows them (NetCDF: the level coordinate's units; GRIB: by typeOfLevel).
#include <gtest/gtest.h>

#include "core/TestPaths.h"
#include "fields/FieldLevel.h"
#include "fields/FieldSource.h"
#include "fields/GribNames.h"
#include "fields/NetcdfFieldSource.h"

using namespace meshdiff;

namespace {

std::unique_ptr<FieldSource> openNetcdf(const std::string& name) {
    return openNetcdfFieldSource(test::fixture("netcdf/" + name).string(), FieldSourceOptions{});
}

}  // namespace

TEST(FieldLevel, SplitsVariableAndLevel) {
    const FieldLevel t = splitFieldLevel("temperature@850");
    EXPECT_EQ(t.variable, "temperature");
    ASSERT_TRUE(t.level.has_value());
    EXPECT_EQ(*t.level, 850.0);
    EXPECT_EQ(t.levelLabel, "850");
    const FieldLevel half = splitFieldLevel("t@0.5");
    EXPECT_EQ(half.variable, "t");
    EXPECT_EQ(half.level.value_or(-1), 0.5);
    const FieldLevel surface = splitFieldLevel("2m_temperature");
    EXPECT_EQ(surface.variable, "2m_temperature");
    EXPECT_FALSE(surface.level.has_value());
    EXPECT_EQ(surface.levelLabel, "");
    const FieldLevel word = splitFieldLevel("x@top");
    EXPECT_EQ(word.variable, "x");
    EXPECT_FALSE(word.level.has_value());
    EXPECT_EQ(word.levelLabel, "top");
}

TEST(FieldLevel, NetcdfLevelUnitsAreTheLevelCoordinatesAsWritten) {
    const auto timeLevel = openNetcdf("time_level.nc");  // level:units = "hPa"
    EXPECT_EQ(timeLevel->levelUnits("temperature@850"), "hPa");
    EXPECT_EQ(timeLevel->levelUnits("geopotential@500"), "hPa");
    EXPECT_EQ(timeLevel->levelUnits("2m_temperature"), "");
    EXPECT_EQ(timeLevel->levelUnits("no_such_field"), "");
    const auto era5 = openNetcdf("era5_descending.nc");  // pressure_level:units = "hPa"
    EXPECT_EQ(era5->levelUnits("z@500"), "hPa");
    const auto millibars = openNetcdf("millibars.nc");  // plev:units = "millibars", kept as written
    EXPECT_EQ(millibars->fieldNames(), (std::vector<std::string>{"u@250", "u@700"}));
    EXPECT_EQ(millibars->levelUnits("u@700"), "millibars");
    const auto batch = openNetcdf("batch.nc");  // a level coordinate without units
    EXPECT_EQ(batch->levelUnits("temperature@500"), "");
}

TEST(FieldLevel, GribLevelUnitsFollowTypeOfLevel) {
    EXPECT_EQ(gribLevelUnits({"t", "isobaricInhPa", 850, std::nullopt}), "hPa");
    EXPECT_EQ(gribLevelUnits({"t", "isobaricInPa", 5000, std::nullopt}), "hPa");  // named t@50 (hPa)
    EXPECT_EQ(gribLevelUnits({"foo", "heightAboveGround", 80, std::nullopt}), "m");
    EXPECT_EQ(gribLevelUnits({"pv", "theta", 320, std::nullopt}), "K");
    EXPECT_EQ(gribLevelUnits({"foo", "hybrid", 37, std::nullopt}), "");
    EXPECT_EQ(gribLevelUnits({"2t", "heightAboveGround", 2, std::nullopt}), "");  // 2m_temperature: no level
    EXPECT_EQ(gribLevelUnits({"msl", "meanSea", 0, std::nullopt}), "");
}
