// FieldSource::loadPointAt: one grid point of one lead and member, as the point-over-leads chart
// reads it. Rollouts of tests/fixtures/make_rollout_fixtures.py and make_rollout_lead_files.py,
// whose A follows pointCode(t, m, k, i, j) = 1000 t + 10 k + i + 0.01 j + 5 cos(i/3) sin(j/4) + m sin(i+j);
// NetCDF packing and fill values from make_netcdf_fixtures.py (time_level.nc).
#include <gtest/gtest.h>

#include <cmath>
#include <variant>

#include "common/Error.h"
#include "core/TestHelpers.h"
#include "core/TestPaths.h"
#include "fields/FieldSource.h"

using namespace meshdiff;

namespace {

constexpr int kLat = 19, kLon = 36;

std::string pointRollout(const std::string& name) { return test::fixture("rollouts/" + name).string(); }

double pointCode(int t, int m, int k, int i, int j) {
    return 1000.0 * t + 10.0 * k + i + 0.01 * j + 5 * std::cos(i / 3.0) * std::sin(j / 4.0) + m * std::sin(i + j);
}

double only(const Field& point) {
    EXPECT_EQ(point.nlat, 1u);
    EXPECT_EQ(point.nlon, 1u);
    return std::visit([](const auto& v) { return v.size() == 1 ? double(v[0]) : NAN; }, point.values);
}

double at(const Field& field, std::size_t i, std::size_t j) {
    return std::visit([&](const auto& v) { return double(v[i * field.nlon + j]); }, field.values);
}

}  // namespace

TEST(PointReads, EveryLeadMemberAndPointOfEachFormatIsTheFilesValue) {
    // NetCDF (zlib-compressed), stored and compressed .npz, and a folder of one NetCDF file per lead.
    for (const char* file : {"a.nc", "a.npz", "a_compressed.npz", "lead_files_a"}) {
        SCOPED_TRACE(file);
        const auto source = openFieldSource(pointRollout(file));
        const int members = int(source->members().size());
        ASSERT_EQ(members, 2);
        for (int t = 0; t < 4; ++t)
            for (int m = 0; m < members; ++m)
                for (int i : {0, 7, kLat - 1})
                    for (int j : {0, 13, kLon - 1}) {
                        EXPECT_NEAR(only(source->loadPointAt("temperature@850", t, m, i, j)), pointCode(t, m, 1, i, j),
                                    2e-3)
                            << "lead " << t << " member " << m << " point " << i << ", " << j;
                    }
    }
}

TEST(PointReads, NamesTheFieldAndItsUnits) {
    const auto source = openFieldSource(test::fixture("netcdf/time_level.nc").string());
    const Field point = source->loadPointAt("2m_temperature", 0, 0, 1, 3);
    EXPECT_EQ(point.name, "2m_temperature");
    EXPECT_EQ(point.units, "K");
}

TEST(PointReads, UnpackAndMaskAsWholeFieldsDo) {
    // Packed int16 with float64 and float32 scale/offset, _FillValue and missing_value, uint8.
    const auto source = openFieldSource(test::fixture("netcdf/time_level.nc").string());
    for (const char* name : {"packed_t", "packed_f32", "2m_temperature", "land_sea_mask", "temperature@500"}) {
        for (std::size_t lead = 0; lead < source->leads().size(); ++lead) {
            SCOPED_TRACE(std::string(name) + " lead " + std::to_string(lead));
            const Field whole = source->loadAt(name, lead, 0);
            for (std::size_t i = 0; i < whole.nlat; ++i)
                for (std::size_t j = 0; j < whole.nlon; ++j) {
                    const Field point = source->loadPointAt(name, lead, 0, i, j);
                    EXPECT_EQ(point.values.index(), whole.values.index());  // float stays float, double double
                    const double expected = at(whole, i, j), got = only(point);
                    if (std::isnan(expected)) EXPECT_TRUE(std::isnan(got)) << i << ", " << j;
                    else EXPECT_EQ(got, expected) << i << ", " << j;
                }
        }
    }
}

TEST(PointReads, APointOffTheGridOrAMissingLeadIsAnErrorNamingTheFile) {
    for (const char* file : {"a.nc", "a.npz"}) {
        SCOPED_TRACE(file);
        const auto source = openFieldSource(pointRollout(file));
        const std::string offGrid =
            test::problemOf([&] { source->loadPointAt("2m_temperature", 0, 0, std::size_t(kLat), 0); });
        EXPECT_NE(offGrid.find(pointRollout(file)), std::string::npos) << offGrid;
        const std::string noLead = test::problemOf([&] { source->loadPointAt("2m_temperature", 9, 0, 0, 0); });
        EXPECT_NE(noLead.find(pointRollout(file)), std::string::npos) << noLead;
        EXPECT_NE(noLead.find("lead"), std::string::npos) << noLead;
    }
}
