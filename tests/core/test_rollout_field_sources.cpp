// Rollouts (4 leads × 2 members) written by netCDF4-python and numpy
// (tests/fixtures/make_rollout_fixtures.py): leads(), members() and loadAt() of both readers.
// A's values follow code(t, m, k, i, j) = 1000 t + 10 k + i + 0.01 j + 5 cos(i/3) sin(j/4) + m sin(i+j).
#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <variant>

#include "common/Error.h"
#include "compare/LeadPairs.h"
#include "core/TestHelpers.h"
#include "core/TestPaths.h"
#include "fields/CfTime.h"
#include "fields/FieldSource.h"

using namespace meshdiff;
using meshdiff::test::problemOf;

namespace {

constexpr std::size_t kSourceLat = 19, kSourceLon = 36;

std::string rolloutFixture(const std::string& name) { return test::fixture("rollouts/" + name).string(); }

double code(int t, int m, int k, int i, int j) {
    return 1000.0 * t + 10.0 * k + i + 0.01 * j + 5 * std::cos(i / 3.0) * std::sin(j / 4.0) + m * std::sin(i + j);
}

// Largest |value − code| over the slice; k: 0 for 2m_temperature, 1 for @850, 2 for @500.
double worstError(const Field& f, int t, int m, int k) {
    EXPECT_EQ(f.nlat, kSourceLat);
    EXPECT_EQ(f.nlon, kSourceLon);
    const auto& values = std::get<std::vector<float>>(f.values);
    double worst = 0;
    for (std::size_t i = 0; i < kSourceLat; ++i)
        for (std::size_t j = 0; j < kSourceLon; ++j)
            worst = std::max(worst, std::abs(values[i * kSourceLon + j] - code(t, m, k, int(i), int(j))));
    return worst;
}

std::vector<std::optional<double>> rolloutHoursOf(const FieldSource& s) {
    std::vector<std::optional<double>> hours;
    for (const LeadTime& lead : s.leads()) hours.push_back(lead.hours);
    return hours;
}

const std::vector<std::optional<double>> kHours{6.0, 12.0, 18.0, 24.0};

}  // namespace

TEST(RolloutFieldSources, NetcdfTimedeltaAxisGivesLeadHoursAndMemberNumbers) {
    const auto source = openFieldSource(rolloutFixture("a.nc"));
    EXPECT_EQ(rolloutHoursOf(*source), kHours);
    for (std::size_t k = 0; k < 4; ++k) EXPECT_EQ(source->leads()[k].index, k);
    EXPECT_EQ(source->members(), (std::vector<int>{3, 7}));
    EXPECT_EQ(source->fieldNames(), (std::vector<std::string>{"2m_temperature", "temperature@850", "temperature@500"}));
}

TEST(RolloutFieldSources, NetcdfDatesAndOtherUnitsBecomeLeadHours) {
    EXPECT_EQ(rolloutHoursOf(*openFieldSource(rolloutFixture("a_since.nc"))),
              kHours);  // valid time − forecast_reference_time
    EXPECT_EQ(rolloutHoursOf(*openFieldSource(rolloutFixture("a_minutes.nc"))), kHours);
    // valid dates without a reference time: which lead they are is unknown
    EXPECT_EQ(rolloutHoursOf(*openFieldSource(rolloutFixture("a_dates_only.nc"))),
              (std::vector<std::optional<double>>(4)));
}

TEST(RolloutFieldSources, LoadAtReadsEachLeadAndMemberOfBothFormats) {
    for (const char* file : {"a.nc", "a.npz"}) {
        SCOPED_TRACE(file);
        const auto source = openFieldSource(rolloutFixture(file));
        for (int t = 0; t < 4; ++t) {
            for (int m = 0; m < 2; ++m) {
                EXPECT_LT(worstError(source->loadAt("2m_temperature", t, m), t, m, 0), 2e-3);
                EXPECT_LT(worstError(source->loadAt("temperature@850", t, m), t, m, 1), 2e-3);
                EXPECT_LT(worstError(source->loadAt("temperature@500", t, m), t, m, 2), 2e-3);
            }
        }
        EXPECT_LT(worstError(source->load("temperature@500"), 0, 0, 2), 2e-3);  // load(): first lead and member
    }
}

TEST(RolloutFieldSources, NpzLeadHoursComeFromTheLeadHoursArrayElseUnknown) {
    const auto withHours = openFieldSource(rolloutFixture("a.npz"));
    EXPECT_EQ(rolloutHoursOf(*withHours), kHours);
    EXPECT_EQ(withHours->members(), (std::vector<int>{0, 1}));
    const auto without = openFieldSource(rolloutFixture("b_no_hours.npz"));
    EXPECT_EQ(rolloutHoursOf(*without), (std::vector<std::optional<double>>(4)));
    const auto nan = openFieldSource(rolloutFixture("b_nan_hours.npz"));
    EXPECT_EQ(rolloutHoursOf(*nan), (std::vector<std::optional<double>>{6.0, std::nullopt, 18.0, 24.0}));
}

TEST(RolloutFieldSources, NpzInGraphCastsBatchTimeLevelLayoutHasLeadsButNoMembers) {
    const auto source = openFieldSource(rolloutFixture("graphcast_layout.npz"));
    EXPECT_EQ(rolloutHoursOf(*source), kHours);
    EXPECT_TRUE(source->members().empty());
    for (int t = 0; t < 4; ++t) {
        EXPECT_LT(worstError(source->loadAt("temperature", t, 0), t, 0, 1), 2e-3);  // level index 0: 850
        EXPECT_LT(worstError(source->loadAt("2m_temperature", t, 0), t, 0, 0), 2e-3);
    }
    FieldSourceOptions second;
    second.leadingIndex = {1, 1};  // lead 12 h, level 500
    EXPECT_LT(worstError(openFieldSource(rolloutFixture("graphcast_layout.npz"), second)->loadAt("temperature", 0, 0),
                         1, 0, 2),
              2e-3);
}

TEST(RolloutFieldSources, OutOfRangeLeadOrMemberIsAnErrorNamingTheFile) {
    for (const char* file : {"a.nc", "a.npz"}) {
        const auto source = openFieldSource(rolloutFixture(file));
        const std::string lead = problemOf([&] { source->loadAt("2m_temperature", 4, 0); });
        EXPECT_NE(lead.find(file), std::string::npos) << lead;
        EXPECT_NE(lead.find("lead 4 asked for, but the file has 4 lead(s)"), std::string::npos) << lead;
        const std::string member = problemOf([&] { source->loadAt("2m_temperature", 0, 2); });
        EXPECT_NE(member.find("member 2 asked for, but the file has 2 member(s)"), std::string::npos) << member;
    }
}

TEST(RolloutFieldSources, NpzArraysWithDifferentLeadCountsAreRefused) {
    const std::string problem = problemOf([] { openFieldSource(rolloutFixture("mixed_leads.npz")); });
    EXPECT_NE(problem.find("mixed_leads.npz[y]"), std::string::npos) << problem;
    EXPECT_NE(problem.find("has 3 leads but 'x' has 4"), std::string::npos) << problem;
}

TEST(CfTimeUnits, DurationsAndDatesInHours) {
    EXPECT_DOUBLE_EQ(parseCfTimeUnits("hours")->hoursPerUnit, 1);
    EXPECT_DOUBLE_EQ(parseCfTimeUnits("Days")->hoursPerUnit, 24);
    EXPECT_DOUBLE_EQ(parseCfTimeUnits("nanoseconds")->hoursPerUnit, 1 / 3.6e12);
    EXPECT_FALSE(parseCfTimeUnits("hours")->epochHours);
    const auto since = parseCfTimeUnits("seconds since 1970-01-02T06:00:00");
    ASSERT_TRUE(since);
    EXPECT_DOUBLE_EQ(since->hoursPerUnit, 1 / 3600.0);
    EXPECT_DOUBLE_EQ(*since->epochHours, 30);
    EXPECT_DOUBLE_EQ(*parseCfTimeUnits("days since 2000-03-01")->epochHours, 11017 * 24.0);
    EXPECT_FALSE(parseCfTimeUnits("fortnights"));
    EXPECT_FALSE(parseCfTimeUnits("hours since yesterday"));
    EXPECT_FALSE(parseCfTimeUnits(""));
}

TEST(LeadLineUp, ByHoursWhenBothKnowThemElseByIndex) {
    const std::vector<LeadTime> a{{0, 6.0}, {1, 12.0}, {2, 18.0}};
    const std::vector<LeadTime> b{{0, 12.0}, {1, 18.0}, {2, 24.0}};
    const LeadLineUp byHours = lineUpLeads(a, b);
    ASSERT_EQ(byHours.pairs.size(), 2u);
    EXPECT_EQ(byHours.pairs[0].a, 1u);
    EXPECT_EQ(byHours.pairs[0].b, 0u);
    EXPECT_EQ(byHours.notLinedUp, (std::vector<std::string>{"lead 6 h: only in A", "lead 24 h: only in B"}));

    const std::vector<LeadTime> unordered{{0, 12.0}, {1, 6.0}};
    const LeadLineUp byIndex = lineUpLeads(a, unordered);
    ASSERT_EQ(byIndex.pairs.size(), 2u);
    EXPECT_EQ(byIndex.pairs[1].a, 1u);
    EXPECT_EQ(byIndex.pairs[1].b, 1u);
    EXPECT_EQ(byIndex.notLinedUp, (std::vector<std::string>{"lead 18 h: only in A"}));
    ASSERT_EQ(byIndex.notes.size(), 1u);
    EXPECT_NE(byIndex.notes[0].find("do not increase (12 h, then 6 h)"), std::string::npos);
}

TEST(RolloutFieldSources, AnExplicitLeadingIndexPinsTheLeadAxisToOneLead) {
    FieldSourceOptions netcdf;
    netcdf.leadingIndex = {0, 2};  // batch 0, time 2
    FieldSourceOptions npz;
    npz.leadingIndex = {2};  // the batch of 1 is squeezed: the lead axis comes first
    for (const auto& [file, options] : {std::pair{"a.nc", netcdf}, std::pair{"a.npz", npz}}) {
        SCOPED_TRACE(file);
        const auto source = openFieldSource(rolloutFixture(file), options);
        EXPECT_EQ(source->leads(), (std::vector<LeadTime>{{2, 18.0}}));
        EXPECT_EQ(source->members().size(), 2u);
        EXPECT_LT(worstError(source->loadAt("temperature@850", 0, 1), 2, 1, 1), 2e-3);
    }
}
