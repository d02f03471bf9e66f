// Lead hours for files that do not give them (FieldSourceOptions::leadStepHours, `--lead-hours`):
// the rollouts of tests/fixtures/make_rollout_fixtures.py, B written without its lead hours.
#include <gtest/gtest.h>

#include "common/Error.h"
#include "compare/Comparison.h"
#include "core/TestPaths.h"

using namespace meshdiff;

namespace {

std::unique_ptr<FieldSource> open(const std::string& name, std::optional<double> step) {
    FieldSourceOptions options;
    options.leadStepHours = step;
    return openFieldSource(test::fixture("rollouts/" + name).string(), options);
}

std::vector<std::optional<double>> leadHoursOf(const FieldSource& source) {
    std::vector<std::optional<double>> hours;
    for (const LeadTime& lead : source.leads()) hours.push_back(lead.hours);
    return hours;
}

}  // namespace

TEST(LeadStepHours, GiveTheLeadsOfAFileWithoutHoursOneStepApartFromTheFirstStep) {
    const auto plain = open("b_no_hours.npz", std::nullopt);
    ASSERT_EQ(leadHoursOf(*plain), (std::vector<std::optional<double>>(4, std::nullopt)));
    const auto stepped = open("b_no_hours.npz", 6.0);
    EXPECT_EQ(leadHoursOf(*stepped), (std::vector<std::optional<double>>{6.0, 12.0, 18.0, 24.0}));
    EXPECT_EQ(stepped->fieldNames(), plain->fieldNames());
}

TEST(LeadStepHours, KeepTheHoursAFileGives) {
    EXPECT_EQ(leadHoursOf(*open("a.npz", 3.0)), (std::vector<std::optional<double>>{6.0, 12.0, 18.0, 24.0}));
}

TEST(LeadStepHours, LineUpAFileWithoutHoursWithOneThatHasThem) {
    RolloutScope scope;
    scope.everyLead = scope.everyMember = true;
    const auto a = open("a.npz", 6.0), b = open("b_no_hours.npz", 6.0);
    const FieldsComparison c = compareFieldSources(*a, *b, 0, scope);
    ASSERT_EQ(c.perLead.size(), 4u);
    for (std::size_t k = 0; k < 4; ++k) EXPECT_EQ(c.perLead[k].hours, 6.0 * double(k + 1)) << k;
    const auto b12 = open("b_no_hours.npz", 12.0);
    const FieldsComparison shifted = compareFieldSources(*a, *b12, 0, scope);
    EXPECT_EQ(shifted.perLead.size(), 2u) << "12 and 24 h line up; 6 and 18 h are only in A, 36 and 48 h only in B";
}

TEST(LeadStepHours, ANonPositiveStepIsAnErrorNamingTheFile) {
    try {
        open("b_no_hours.npz", 0.0);
        FAIL() << "a step of 0 h was taken";
    } catch (const Error& e) {
        EXPECT_NE(std::string(e.what()).find("b_no_hours.npz"), std::string::npos) << e.what();
        EXPECT_NE(std::string(e.what()).find("lead step"), std::string::npos) << e.what();
    }
}
