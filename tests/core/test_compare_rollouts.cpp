// compareFieldSources on rollouts of 4 leads × 2 members (tests/fixtures/make_rollout_fixtures.py):
// what RolloutScope covers, --lead, and the member spread. Per-lead numbers against NumPy's are
// checked in tests/app/test_compare_leads.sh.
#include <gtest/gtest.h>

#include "common/Error.h"
#include "compare/Comparison.h"
#include "core/TestPaths.h"

using namespace meshdiff;

namespace {

std::unique_ptr<FieldSource> open(const std::string& name) {
    return openFieldSource(test::fixture("rollouts/" + name).string());
}

RolloutScope everything(std::optional<double> lead = std::nullopt) {
    RolloutScope scope;
    scope.everyLead = scope.everyMember = true;
    scope.lead = lead;
    return scope;
}

}  // namespace

TEST(CompareRollouts, ByDefaultOnlyTheFirstLeadAndMemberAsTheWindowShows) {
    const auto a = open("a.nc"), b = open("b.nc");
    const FieldsComparison c = compareFieldSources(*a, *b, 0);
    ASSERT_EQ(c.perLead.size(), 1u);
    EXPECT_EQ(c.perLead[0].hours, 6.0);
    EXPECT_EQ(c.perField.size(), 3u);
    EXPECT_TRUE(c.members.empty());
    EXPECT_FALSE(c.perLead[0].spread);
}

TEST(CompareRollouts, EveryLeadAndMemberWithTheMemberSpread) {
    const auto a = open("a.nc"), b = open("b.nc");
    const FieldsComparison c = compareFieldSources(*a, *b, 0, everything());
    ASSERT_EQ(c.perLead.size(), 4u);
    for (std::size_t k = 0; k < 4; ++k) {
        const LeadComparison& l = c.perLead[k];
        EXPECT_EQ(l.index, k);
        EXPECT_EQ(l.hours, 6.0 * double(k + 1));
        ASSERT_EQ(l.perField.size(), 6u);
        EXPECT_EQ(l.members, (std::vector<int>{3, 7, 3, 7, 3, 7}));
        ASSERT_TRUE(l.spread);
        EXPECT_EQ(l.spread->memberA, 3);
        EXPECT_EQ(l.spread->memberB, 7);
        EXPECT_GT(l.spread->maxRelRms, 0.05);
        ASSERT_TRUE(l.ratioToSpread());
        EXPECT_DOUBLE_EQ(*l.ratioToSpread(), l.maxRelRms / l.spread->maxRelRms);
    }
    for (std::size_t k = 1; k < 4; ++k) EXPECT_GT(c.perLead[k].maxRelRms, 2 * c.perLead[k - 1].maxRelRms);
    EXPECT_FALSE(c.perLead[2].nanMasksEqual);
    EXPECT_TRUE(c.nanMasksEqual);  // top level: the first lead
    EXPECT_EQ(c.maxRelRms, c.perLead[0].maxRelRms);
}

TEST(CompareRollouts, LeadChoosesTheTopLevelLeadByHours) {
    const auto a = open("a.nc"), b = open("b.nc");
    const FieldsComparison c = compareFieldSources(*a, *b, 0, everything(18));
    EXPECT_EQ(c.shownLead, 2u);
    EXPECT_EQ(c.maxRelRms, c.perLead[2].maxRelRms);
    EXPECT_FALSE(c.nanMasksEqual);
    RolloutScope one;
    one.lead = 24;
    const FieldsComparison only = compareFieldSources(*a, *b, 0, one);
    ASSERT_EQ(only.perLead.size(), 1u);
    EXPECT_EQ(only.perLead[0].hours, 24.0);
    EXPECT_THROW(compareFieldSources(*a, *b, 0, everything(7)), Error);
}
