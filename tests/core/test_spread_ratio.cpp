// A − B against the spread at one lead (compare/SpreadRatio.h): one ratio per field in A's field
// order from the spread's member, the largest of them with its field and lead, and the sentence
// the report and the window show.
#include <gtest/gtest.h>

#include <cmath>

#include "compare/SpreadRatio.h"

using namespace meshdiff;

namespace {

FieldMetrics metric(const std::string& name, double rms) {
    FieldMetrics m;
    m.name = name;
    m.areaWeighted.rms = rms;
    m.areaWeighted.relRms = rms / 10;
    return m;
}

std::optional<FieldMetrics> spreadMetric(double rms) { return metric("", rms); }

// Fields t@850 and msl (A's order), members 0 and 1 of each, against a third run.
LeadComparison twoMemberLead() {
    LeadComparison l;
    l.hours = 6;
    l.index = 1;
    l.perField = {metric("t@850", 0.002), metric("t@850", 0.5), metric("msl", 0.03), metric("msl", 0.7)};
    l.members = {0, 1, 0, 1};
    MemberSpread s;
    s.run = "/runs/c/fields.nc";
    s.perField = {spreadMetric(0.8), spreadMetric(1.5)};
    l.spread = s;
    return l;
}

}  // namespace

TEST(SpreadRatio, IsAreaWeightedRmsOfAMinusBOverThatOfTheSpreadPerFieldInAsOrder) {
    const std::vector<double> ratios = fieldSpreadRatios(twoMemberLead());
    ASSERT_EQ(ratios.size(), 2u);
    // Member 0 is the side A's spread against a run is measured from: 0.002 / 0.8 and 0.03 / 1.5.
    EXPECT_DOUBLE_EQ(ratios[0], 0.0025);
    EXPECT_DOUBLE_EQ(ratios[1], 0.02);
}

TEST(SpreadRatio, IsNaNWhereTheSpreadWasNotMeasuredAndEmptyWithoutASpread) {
    LeadComparison l = twoMemberLead();
    l.spread->perField[1].reset();
    const std::vector<double> ratios = fieldSpreadRatios(l);
    ASSERT_EQ(ratios.size(), 2u);
    EXPECT_DOUBLE_EQ(ratios[0], 0.0025);
    EXPECT_TRUE(std::isnan(ratios[1]));
    l.spread.reset();
    EXPECT_TRUE(fieldSpreadRatios(l).empty());
    EXPECT_FALSE(largestSpreadRatio(l).has_value());
}

TEST(SpreadRatio, LargestNamesItsFieldLeadAndYardstick) {
    const auto largest = largestSpreadRatio(twoMemberLead());
    ASSERT_TRUE(largest.has_value());
    EXPECT_DOUBLE_EQ(largest->ratio, 0.02);
    EXPECT_EQ(largest->field, "msl");
    EXPECT_EQ(largest->hours, 6.0);
    EXPECT_EQ(largest->yardstick, "A against /runs/c/fields.nc");
    EXPECT_EQ(spreadRatioText(*largest), "A − B is 2 % of the member spread at +6 h (area-weighted, worst field msl)");
}

TEST(SpreadRatio, BetweenMembersIsMeasuredFromTheSpreadsMember) {
    LeadComparison l = twoMemberLead();
    l.spread->run.clear();
    l.spread->memberA = 1;
    l.spread->memberB = 0;
    const std::vector<double> ratios = fieldSpreadRatios(l);
    ASSERT_EQ(ratios.size(), 2u);
    EXPECT_DOUBLE_EQ(ratios[0], 0.5 / 0.8);
    EXPECT_DOUBLE_EQ(ratios[1], 0.7 / 1.5);
    EXPECT_EQ(largestSpreadRatio(l)->yardstick, "A's member 1 against member 0");
}

TEST(SpreadRatio, OverEveryLeadIsTheLargestWithItsLead) {
    FieldsComparison fields;
    fields.perLead.push_back(twoMemberLead());
    LeadComparison later = twoMemberLead();
    later.hours = 12;
    later.index = 2;
    later.perField[0].areaWeighted.rms = 0.0024;  // 0.3 % of 0.8
    later.perField[2].areaWeighted.rms = 0.0015;
    fields.perLead.push_back(later);
    const auto largest = largestSpreadRatio(fields);
    ASSERT_TRUE(largest.has_value());
    EXPECT_DOUBLE_EQ(largest->ratio, 0.02);
    EXPECT_EQ(largest->hours, 6.0);
    fields.perLead[0].spread.reset();
    EXPECT_EQ(spreadRatioText(*largestSpreadRatio(fields)),
              "A − B is 0.3 % of the member spread at +12 h (area-weighted, worst field t@850)");
}

TEST(SpreadRatio, ALeadWithoutHoursIsNamedByItsIndex) {
    LeadComparison l = twoMemberLead();
    l.hours.reset();
    l.index = 3;
    EXPECT_EQ(spreadRatioText(*largestSpreadRatio(l)),
              "A − B is 2 % of the member spread at lead 3 (area-weighted, worst field msl)");
}
