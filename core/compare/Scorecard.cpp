#include "compare/Scorecard.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

#include "common/Error.h"
#include "fields/FieldLevel.h"

namespace meshdiff {
namespace {

constexpr double kUndefined = std::numeric_limits<double>::quiet_NaN();

// FieldMetrics::areaWeighted for "global", else the region's entry; none when not measured.
const AreaWeightedMetrics* inRegion(const FieldMetrics& m, std::optional<std::size_t> region) {
    if (!region) return &m.areaWeighted;
    return *region < m.regions.size() ? &m.regions[*region] : nullptr;
}

nlohmann::json numberOrNull(double value) { return std::isfinite(value) ? nlohmann::json(value) : nlohmann::json(); }

}  // namespace

bool Scorecard::aboveSpread(std::size_t row, std::size_t column) const {
    return metric == ScorecardMetric::RatioToSpread && cells.at(row).at(column) > 1.0;
}

Scorecard buildScorecard(const FieldsComparison& fields, const std::string& region) {
    Scorecard card;
    card.region = region;
    std::optional<std::size_t> regionIndex;
    if (region != "global") {
        const auto found = std::find_if(fields.regions.begin(), fields.regions.end(),
                                        [&](const Region& r) { return r.name == region; });
        if (found == fields.regions.end()) throw Error("scorecard", "no region \"" + region + "\" was measured");
        regionIndex = std::size_t(found - fields.regions.begin());
    }
    if (fields.perLead.empty()) return card;
    const LeadComparison& first = fields.perLead.front();
    // Field-major entries, one per member pair: a field's first entry is member 0's.
    std::vector<std::size_t> firstEntry;
    std::vector<std::string> names;
    for (std::size_t k = 0; k < first.perField.size(); ++k) {
        if (names.empty() || first.perField[k].name != names.back()) {
            names.push_back(first.perField[k].name);
            firstEntry.push_back(k);
        }
    }
    // Variables in the order of their first appearance; levels from the highest number down.
    std::vector<std::string> variables;
    std::map<std::string, std::vector<std::size_t>> byVariable;
    for (std::size_t f = 0; f < names.size(); ++f) {
        const FieldLevel split = splitFieldLevel(names[f]);
        if (!byVariable.count(split.variable)) variables.push_back(split.variable);
        byVariable[split.variable].push_back(f);
    }
    std::vector<std::size_t> order;
    for (const std::string& v : variables) {
        std::vector<std::size_t> members = byVariable[v];
        std::stable_sort(members.begin(), members.end(), [&](std::size_t x, std::size_t y) {
            const auto lx = splitFieldLevel(names[x]).level, ly = splitFieldLevel(names[y]).level;
            if (lx && ly) return *lx > *ly;
            return !lx && ly.has_value();  // a surface row before the levels
        });
        order.insert(order.end(), members.begin(), members.end());
    }

    bool anySpread = false;
    for (const LeadComparison& lead : fields.perLead) anySpread = anySpread || lead.spread.has_value();
    card.metric = anySpread ? ScorecardMetric::RatioToSpread : ScorecardMetric::RelRms;
    for (const LeadComparison& lead : fields.perLead) {
        card.leadHours.push_back(lead.hours);
        card.leadIndex.push_back(lead.index);
    }
    const std::size_t columns = fields.perLead.size();
    for (std::size_t f : order) {
        const FieldLevel split = splitFieldLevel(names[f]);
        const FieldMetrics& m0 = first.perField[firstEntry[f]];
        card.rows.push_back({names[f], split.variable, split.level, split.levelLabel, m0.units});
        card.fieldPosition.push_back(firstEntry[f]);
        std::vector<double> cell(columns, kUndefined), diff(columns, kUndefined), spread(columns, kUndefined),
            rel(columns, kUndefined);
        for (std::size_t c = 0; c < columns; ++c) {
            const LeadComparison& lead = fields.perLead[c];
            if (firstEntry[f] >= lead.perField.size()) continue;
            const AreaWeightedMetrics* d = inRegion(lead.perField[firstEntry[f]], regionIndex);
            if (!d) continue;
            diff[c] = d->rms;
            rel[c] = d->relRms;
            if (lead.spread && f < lead.spread->perField.size() && lead.spread->perField[f]) {
                const AreaWeightedMetrics* s = inRegion(*lead.spread->perField[f], regionIndex);
                if (s) spread[c] = s->rms;
            }
            if (card.metric == ScorecardMetric::RelRms) {
                cell[c] = rel[c];
            } else if (spread[c] > 0 && std::isfinite(diff[c])) {
                cell[c] = diff[c] / spread[c];
            }
        }
        card.cells.push_back(std::move(cell));
        card.differenceRms.push_back(std::move(diff));
        card.spreadRms.push_back(std::move(spread));
        card.relRms.push_back(std::move(rel));
    }
    return card;
}

nlohmann::json scorecardToJson(const Scorecard& card) {
    nlohmann::json rows = nlohmann::json::array();
    for (const ScorecardRow& r : card.rows) {
        nlohmann::json row = {{"field", r.field}, {"variable", r.variable}};
        row["level"] = r.level ? nlohmann::json(*r.level) : nlohmann::json();
        rows.push_back(row);
    }
    nlohmann::json hours = nlohmann::json::array();
    for (const auto& h : card.leadHours) hours.push_back(h ? nlohmann::json(*h) : nlohmann::json());
    nlohmann::json cells = nlohmann::json::array();
    for (const auto& row : card.cells) {
        nlohmann::json line = nlohmann::json::array();
        for (double v : row) line.push_back(numberOrNull(v));
        cells.push_back(line);
    }
    return {{"metric", card.metric == ScorecardMetric::RatioToSpread ? "area_weighted_rms_ratio_to_spread"
                                                                     : "area_weighted_rel_rms"},
            {"region", card.region},
            {"rows", rows},
            {"lead_hours", hours},
            {"cells", cells}};
}

}  // namespace meshdiff
