#pragma once
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "compare/Comparison.h"
#include "fieldtable/MetricChoice.h"

namespace meshdiff::views {

// One field at one lead, as the error-growth chart plots it.
struct GrowthPoint {
    std::size_t lead = 0;  // position in FieldsComparison::perLead
    double x = 0;          // lead hours, or the lead's index when the files give no hours
    double relRms = 0;
    double corr = 1;
    int member = -1;                      // the member whose rel RMS is shown (the largest); -1 without members
    std::optional<double> ratioToSpread;  // relRms / the lead's member-spread max rel RMS
};

// One line: a field over the leads that have it.
struct GrowthLine {
    std::string field;
    std::vector<GrowthPoint> points;
    std::size_t color = 0;  // growthLineColor's index: the line's position, unless a view keeps it per field
};

// The member spread at one lead: the median and the largest rel RMS over the fields of the
// member-to-member difference (MemberSpread), the band the chart shades between them.
struct SpreadBandPoint {
    double x = 0, median = 0, max = 0;
};

// What the chart shows, built from a FieldsComparison without any widget.
struct GrowthChartData {
    bool leadsInHours = false;            // x is lead hours (every lead has them), else the lead index
    std::vector<double> leadX;            // x of each lead, in perLead order
    std::vector<GrowthLine> lines;        // the fields asked for, then the worst ones
    std::vector<SpreadBandPoint> spread;  // one per lead with a member spread; empty without
    std::string spreadSource;             // "A's members 0 and 1", or the third run's file
    double yMin = 1e-8, yMax = 1;         // whole decades around every value shown (log axis)
    std::string metric = "grid points";   // which rel RMS: metricLabel of the choice
};

// The lines of `fields` (in that order, when present) followed by the `worstCount` fields with
// the largest rel RMS at any lead and member. Points with rel RMS 0 or not finite have no place
// on a log axis and are left out. The rel RMS is the one `choice` names, the member spread's band
// and the ratio to it too (from MemberSpread::perField when area-weighted).
GrowthChartData growthChartData(const FieldsComparison& comparison, const std::vector<std::string>& fields,
                                std::size_t worstCount = 4, const MetricChoice& choice = MetricChoice::gridPoints());

// "+12 h" or "lead 3" for a point's lead, as the tooltip and the axis name it.
std::string leadName(const GrowthChartData& data, std::size_t lead);

// What hovering a point shows: field, lead, member, rel RMS and the ratio to the spread.
std::string growthPointText(const GrowthChartData& data, const GrowthLine& line, const GrowthPoint& point);

}  // namespace meshdiff::views
