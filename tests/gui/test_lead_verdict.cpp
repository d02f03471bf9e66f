// The lead's verdict in the status line follows the table's metric choice and says which numbers
// it gives: area-weighted (over a region) or over the grid points.
#include <gtest/gtest.h>

#include <cmath>

#include "gui/LeadVerdict.h"

namespace meshdiff::gui {
namespace {

FieldMetrics metrics(double gridPoints, double areaWeighted, double tropics) {
    FieldMetrics m;
    m.relRms = gridPoints;
    m.areaWeighted.relRms = areaWeighted;
    m.regions.resize(2);
    m.regions[0].relRms = areaWeighted;
    m.regions[1].relRms = tropics;
    return m;
}

std::vector<Region> regions() {
    Region global, tropics;
    global.name = "global";
    tropics.name = "tropics";
    return {global, tropics};
}
const std::vector<Region> kRegions = regions();

TEST(LeadVerdict, MaxAndMedianOfTheChosenNumbersOverDefinedFields) {
    LeadComparison lead;
    lead.perField = {metrics(4e-3, 1e-3, 2e-3), metrics(1e-3, 3e-3, 8e-3), metrics(2e-3, 5e-3, NAN),
                     metrics(NAN, NAN, NAN)};
    const LeadVerdict area = leadVerdict(lead, views::MetricChoice{}, kRegions);
    EXPECT_DOUBLE_EQ(area.maxRelRms, 5e-3);
    EXPECT_DOUBLE_EQ(area.medianRelRms, 3e-3);
    const LeadVerdict grid = leadVerdict(lead, views::MetricChoice::gridPoints(), kRegions);
    EXPECT_DOUBLE_EQ(grid.maxRelRms, 4e-3);
    EXPECT_DOUBLE_EQ(grid.medianRelRms, 2e-3);
    const LeadVerdict tropics = leadVerdict(lead, views::MetricChoice{true, "tropics"}, kRegions);
    EXPECT_DOUBLE_EQ(tropics.maxRelRms, 8e-3);
    EXPECT_DOUBLE_EQ(tropics.medianRelRms, 5e-3) << "the mean of the two middle values";
    EXPECT_FALSE(area.ratioToSpread) << "no spread";
}

TEST(LeadVerdict, TheSpreadIsMeasuredTheSameWayAndTheTextSaysWhichNumbers) {
    LeadComparison lead;
    lead.perField = {metrics(4e-3, 1e-3, 2e-3)};
    lead.spread = MemberSpread{};
    lead.spread->perField = {metrics(8e-3, 4e-3, 1e-3), std::nullopt};
    EXPECT_DOUBLE_EQ(*leadVerdict(lead, views::MetricChoice{}, kRegions).ratioToSpread, 0.25);
    EXPECT_DOUBLE_EQ(*leadVerdict(lead, views::MetricChoice::gridPoints(), kRegions).ratioToSpread, 0.5);
    EXPECT_EQ(leadVerdictText("+12 h", lead, views::MetricChoice{}, kRegions),
              "+12 h: max rel RMS (area-weighted) 0.001, median 0.001 (all fields and members); 0.25× the spread "
              "between A's members.");
    EXPECT_EQ(leadVerdictText("+12 h", lead, views::MetricChoice::gridPoints(), kRegions),
              "+12 h: max rel RMS (grid points) 0.004, median 0.004 (all fields and members); 0.5× the spread "
              "between A's members.");
    EXPECT_TRUE(leadVerdictText("+6 h", lead, views::MetricChoice{true, "tropics"}, kRegions)
                    .startsWith("+6 h: max rel RMS (area-weighted, Tropics) 0.002"));
}

TEST(LeadVerdict, ASpreadRunIsNamedAsTheYardstickNotAsMembers) {
    LeadComparison lead;
    lead.perField = {metrics(4e-3, 1e-3, 2e-3)};
    lead.spread = MemberSpread{};
    lead.spread->run = "/runs/c/predictions.nc";
    lead.spread->perField = {metrics(8e-3, 4e-3, 1e-3)};
    const QString text = leadVerdictText("+6 h", lead, views::MetricChoice{}, kRegions);
    EXPECT_TRUE(text.endsWith("; 0.25× the spread between A and the spread run.")) << text.toStdString();
    EXPECT_FALSE(text.contains("A's members")) << text.toStdString();
}

}  // namespace
}  // namespace meshdiff::gui
