// GRIB shortName + typeOfLevel + level → the names NPZ and NetCDF runs use, and the table in
// docs/grib-names.md is the one the code uses.
#include <gtest/gtest.h>

#include <fstream>
#include <regex>

#include "fields/GribNames.h"

using namespace meshdiff;

namespace {

std::string nameOf(const std::string& shortName, const std::string& typeOfLevel, double level,
                   std::optional<double> accumHours = std::nullopt) {
    return gribFieldName({shortName, typeOfLevel, level, accumHours});
}

}  // namespace

TEST(GribNames, PressureLevelsTakeGraphCastNamesAndTheLevelInHectopascals) {
    EXPECT_EQ(nameOf("t", "isobaricInhPa", 850), "temperature@850");
    EXPECT_EQ(nameOf("z", "isobaricInhPa", 500), "geopotential@500");
    EXPECT_EQ(nameOf("q", "isobaricInhPa", 700), "specific_humidity@700");
    EXPECT_EQ(nameOf("w", "isobaricInhPa", 50), "vertical_velocity@50");
    EXPECT_EQ(nameOf("u", "isobaricInhPa", 1000), "u_component_of_wind@1000");
    EXPECT_EQ(nameOf("v", "isobaricInhPa", 1), "v_component_of_wind@1");
    EXPECT_EQ(nameOf("t", "isobaricInPa", 5000), "temperature@50");
    EXPECT_EQ(nameOf("t", "isobaricInPa", 50), "temperature@0.5");
}

TEST(GribNames, SingleLevelsTakeTheirOwnNames) {
    EXPECT_EQ(nameOf("2t", "heightAboveGround", 2), "2m_temperature");
    EXPECT_EQ(nameOf("10u", "heightAboveGround", 10), "10m_u_component_of_wind");
    EXPECT_EQ(nameOf("10v", "heightAboveGround", 10), "10m_v_component_of_wind");
    EXPECT_EQ(nameOf("msl", "meanSea", 0), "mean_sea_level_pressure");
    EXPECT_EQ(nameOf("msl", "surface", 0), "mean_sea_level_pressure");  // GRIB 1 files may say surface
    EXPECT_EQ(nameOf("z", "surface", 0), "geopotential_at_surface");
    EXPECT_EQ(nameOf("lsm", "surface", 0), "land_sea_mask");
}

TEST(GribNames, AccumulationsAreNamedByTheirWindow) {
    EXPECT_EQ(nameOf("tp", "surface", 0, 6.0), "total_precipitation_6hr");
    EXPECT_EQ(nameOf("tp", "surface", 0, 24.0), "total_precipitation_24hr");
    EXPECT_EQ(nameOf("tp", "surface", 0, 1.5), "total_precipitation_1.5hr");
    EXPECT_EQ(nameOf("tp", "surface", 0), "total_precipitation");
}

TEST(GribNames, UnknownShortNamesKeepTheirShortNameAndLevel) {
    EXPECT_EQ(nameOf("cape", "surface", 0), "cape");
    EXPECT_EQ(nameOf("foo", "isobaricInhPa", 850), "foo@850");
    EXPECT_EQ(nameOf("t", "hybrid", 137), "t@137");
    EXPECT_EQ(nameOf("2t", "isobaricInhPa", 850), "2t@850");  // no pressure-level row for a 2 m field
}

TEST(GribNames, TheDocumentedTableIsTheOneInTheCode) {
    std::ifstream doc(std::string(MESHDIFF_SOURCE_DIR) + "/docs/grib-names.md");
    ASSERT_TRUE(doc) << "docs/grib-names.md";
    const std::regex row(R"(^\| `([^`]+)` \| ([^|]+?) \| `([^`]+)` \|$)");
    std::vector<GribNameRow> documented;
    for (std::string line; std::getline(doc, line);) {
        std::smatch m;
        if (std::regex_match(line, m, row)) documented.push_back({m[1], m[2], m[3]});
    }
    const std::vector<GribNameRow>& table = gribNameTable();
    ASSERT_EQ(documented.size(), table.size());
    for (std::size_t k = 0; k < table.size(); ++k) {
        EXPECT_EQ(documented[k].shortName, table[k].shortName) << k;
        EXPECT_EQ(documented[k].where, table[k].where) << k;
        EXPECT_EQ(documented[k].name, table[k].name) << k;
    }
}
