#include "compare/SpreadRatio.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <map>

#include "compare/Scorecard.h"

namespace meshdiff {
namespace {

std::string yardstickOf(const MemberSpread& spread) {
    return spread.run.empty()
               ? "A's member " + std::to_string(spread.memberA) + " against member " + std::to_string(spread.memberB)
               : "A against " + spread.run;
}

std::string percentText(double ratio) {
    const double percent = 100 * ratio;
    char text[32];
    std::snprintf(text, sizeof text, percent < 10 ? "%.2g" : "%.0f", percent);
    return text;
}

std::string leadText(const SpreadRatio& r) {
    if (!r.hours) return "lead " + std::to_string(r.index);
    char text[32];
    std::snprintf(text, sizeof text, "%+g h", *r.hours);
    return text;
}

// One name per field, in A's field order (perField is field-major, one entry per member pair).
std::vector<std::string> fieldOrder(const LeadComparison& lead) {
    std::vector<std::string> order;
    for (const FieldMetrics& m : lead.perField)
        if (std::find(order.begin(), order.end(), m.name) == order.end()) order.push_back(m.name);
    return order;
}

}  // namespace

std::vector<double> fieldSpreadRatios(const LeadComparison& lead) {
    if (!lead.spread) return {};
    // The scorecard of this one lead: the same member and the same numbers as its cells.
    FieldsComparison one;
    one.perLead.push_back(lead);
    const Scorecard card = buildScorecard(one);
    std::map<std::string, double> byName;
    for (std::size_t r = 0; r < card.rows.size(); ++r) byName[card.rows[r].field] = card.cells[r][0];
    std::vector<double> ratios;
    for (const std::string& name : fieldOrder(lead)) {
        const auto at = byName.find(name);
        ratios.push_back(at == byName.end() ? std::numeric_limits<double>::quiet_NaN() : at->second);
    }
    return ratios;
}

std::optional<SpreadRatio> largestSpreadRatio(const LeadComparison& lead) {
    const std::vector<double> ratios = fieldSpreadRatios(lead);
    const std::vector<std::string> names = fieldOrder(lead);
    std::optional<SpreadRatio> largest;
    for (std::size_t p = 0; p < ratios.size() && p < names.size(); ++p) {
        if (!std::isfinite(ratios[p]) || (largest && ratios[p] <= largest->ratio)) continue;
        largest = SpreadRatio{ratios[p], names[p], lead.hours, lead.index, yardstickOf(*lead.spread)};
    }
    return largest;
}

std::optional<SpreadRatio> largestSpreadRatio(const FieldsComparison& fields) {
    std::optional<SpreadRatio> largest;
    for (const LeadComparison& lead : fields.perLead) {
        const auto ratio = largestSpreadRatio(lead);
        if (ratio && (!largest || ratio->ratio > largest->ratio)) largest = ratio;
    }
    return largest;
}

std::string spreadRatioText(const SpreadRatio& r) {
    return "A − B is " + percentText(r.ratio) + " % of the member spread at " + leadText(r) +
           " (area-weighted, worst field " + r.field + ")";
}

}  // namespace meshdiff
