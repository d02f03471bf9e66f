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

// One compared field at one lead: the entry in LeadComparison::perField of the member the spread
// is measured from (MemberSpread::memberA; the field's first entry without such a spread) and the
// field's place in A's field order (MemberSpread::perField).
struct FieldEntry {
    std::size_t entry = 0, position = 0;
};

// perField is field-major, one entry per member pair.
std::map<std::string, FieldEntry> fieldEntries(const LeadComparison& lead, std::vector<std::string>* order = nullptr) {
    std::optional<int> spreadMember;
    if (lead.spread && lead.spread->run.empty()) spreadMember = lead.spread->memberA;
    std::map<std::string, FieldEntry> entries;
    std::size_t positions = 0;
    for (std::size_t k = 0; k < lead.perField.size(); ++k) {
        const std::string& name = lead.perField[k].name;
        const bool spreadSide = spreadMember && k < lead.members.size() && lead.members[k] == *spreadMember;
        const auto [it, isNew] = entries.try_emplace(name, FieldEntry{k, positions});
        if (isNew) {
            ++positions;
            if (order) order->push_back(name);
        } else if (spreadSide) {
            it->second.entry = k;
        }
    }
    return entries;
}

// WeatherBench 2's visualize_scorecard: variables on levels first (each one's levels from the
// lowest number down, the order of a pressure axis), then the surface fields.
std::vector<std::string> rowOrder(const std::vector<std::string>& names) {
    std::vector<std::string> variables, surface;
    std::map<std::string, std::vector<std::string>> levels;
    for (const std::string& name : names) {
        const FieldLevel split = splitFieldLevel(name);
        if (split.levelLabel.empty()) {
            surface.push_back(name);
            continue;
        }
        if (!levels.count(split.variable)) variables.push_back(split.variable);
        levels[split.variable].push_back(name);
    }
    std::vector<std::string> order;
    for (const std::string& v : variables) {
        std::vector<std::string>& stacked = levels[v];
        std::stable_sort(stacked.begin(), stacked.end(), [](const std::string& x, const std::string& y) {
            const auto lx = splitFieldLevel(x).level, ly = splitFieldLevel(y).level;
            if (lx && ly) return *lx < *ly;
            return lx.has_value() && !ly;  // levels that are not numbers last, as in the file
        });
        order.insert(order.end(), stacked.begin(), stacked.end());
    }
    order.insert(order.end(), surface.begin(), surface.end());
    return order;
}

// FieldMetrics::areaWeighted for "global", else the region's entry; none when not measured.
const AreaWeightedMetrics* inRegion(const FieldMetrics& m, std::optional<std::size_t> region) {
    if (!region) return &m.areaWeighted;
    return *region < m.regions.size() ? &m.regions[*region] : nullptr;
}

std::optional<std::size_t> regionPosition(const FieldsComparison& fields, const std::string& region) {
    if (region == "global") return std::nullopt;
    const auto found =
        std::find_if(fields.regions.begin(), fields.regions.end(), [&](const Region& r) { return r.name == region; });
    if (found == fields.regions.end()) throw Error("scorecard", "no region \"" + region + "\" was measured");
    return std::size_t(found - fields.regions.begin());
}

nlohmann::json numberOrNull(double value) { return std::isfinite(value) ? nlohmann::json(value) : nlohmann::json(); }

nlohmann::json textOrNull(const std::string& text) { return text.empty() ? nlohmann::json() : nlohmann::json(text); }

}  // namespace

bool Scorecard::nanMasksDiffer(std::size_t row, std::size_t column) const {
    return row < maskDiffers.size() && column < maskDiffers[row].size() && maskDiffers[row][column] != 0;
}

bool Scorecard::aboveSpread(std::size_t row, std::size_t column) const {
    return metric == ScorecardMetric::RatioToSpread && cells.at(row).at(column) > 1.0;
}

Scorecard buildScorecard(const FieldsComparison& fields, const std::string& region) {
    Scorecard card;
    card.region = region;
    const std::optional<std::size_t> regionIndex = regionPosition(fields, region);
    if (fields.perLead.empty()) return card;

    std::vector<std::string> names;
    const std::map<std::string, FieldEntry> firstLead = fieldEntries(fields.perLead.front(), &names);
    std::vector<std::map<std::string, FieldEntry>> leadEntries;
    bool anySpread = false;
    for (const LeadComparison& lead : fields.perLead) {
        card.leadHours.push_back(lead.hours);
        card.leadIndex.push_back(lead.index);
        leadEntries.push_back(fieldEntries(lead));
        anySpread = anySpread || lead.spread.has_value();
    }
    card.metric = anySpread ? ScorecardMetric::RatioToSpread : ScorecardMetric::RelRms;

    const std::size_t columns = fields.perLead.size();
    bool anyMaskDiffers = false;
    for (const std::string& name : rowOrder(names)) {
        const FieldLevel split = splitFieldLevel(name);
        const FieldMetrics& m0 = fields.perLead.front().perField[firstLead.at(name).entry];
        card.rows.push_back({name, split.variable, split.level, split.levelLabel,
                             split.levelLabel.empty() ? std::string() : m0.levelUnits, m0.units});
        card.fieldPosition.push_back(firstLead.at(name).entry);
        std::vector<double> cell(columns, kUndefined), diff(columns, kUndefined), spread(columns, kUndefined),
            rel(columns, kUndefined);
        std::vector<std::uint8_t> masks(columns, 0);
        for (std::size_t c = 0; c < columns; ++c) {
            const LeadComparison& lead = fields.perLead[c];
            const auto at = leadEntries[c].find(name);
            if (at == leadEntries[c].end()) continue;
            const FieldMetrics& m = lead.perField[at->second.entry];
            const AreaWeightedMetrics* d = inRegion(m, regionIndex);
            if (!d) continue;
            // Over the region only: masks that differ elsewhere leave its cells alone.
            const bool masksEqual = regionIndex ? d->nanMasksEqual : m.nanMasksEqual;
            diff[c] = d->rms;
            rel[c] = d->relRms;
            const std::size_t p = at->second.position;
            if (lead.spread && p < lead.spread->perField.size() && lead.spread->perField[p]) {
                const AreaWeightedMetrics* s = inRegion(*lead.spread->perField[p], regionIndex);
                if (s) spread[c] = s->rms;
            }
            if (!masksEqual) {
                masks[c] = 1;  // beyond tolerance whatever the RMS over the points finite in both says
                anyMaskDiffers = true;
            } else if (card.metric == ScorecardMetric::RelRms) {
                cell[c] = rel[c];
            } else if (spread[c] > 0 && std::isfinite(diff[c])) {
                cell[c] = diff[c] / spread[c];
            }
        }
        card.cells.push_back(std::move(cell));
        card.differenceRms.push_back(std::move(diff));
        card.spreadRms.push_back(std::move(spread));
        card.relRms.push_back(std::move(rel));
        card.maskDiffers.push_back(std::move(masks));
    }
    if (!anyMaskDiffers) card.maskDiffers.clear();
    return card;
}

nlohmann::json scorecardToJson(const Scorecard& card) {
    nlohmann::json rows = nlohmann::json::array();
    for (const ScorecardRow& r : card.rows) {
        rows.push_back({{"field", r.field},
                        {"variable", r.variable},
                        {"level", r.level ? nlohmann::json(*r.level) : nlohmann::json()},
                        {"level_units", textOrNull(r.levelUnits)}});
    }
    nlohmann::json hours = nlohmann::json::array();
    for (const auto& h : card.leadHours) hours.push_back(h ? nlohmann::json(*h) : nlohmann::json());
    nlohmann::json cells = nlohmann::json::array();
    for (const auto& row : card.cells) {
        nlohmann::json line = nlohmann::json::array();
        for (double v : row) line.push_back(numberOrNull(v));
        cells.push_back(line);
    }
    nlohmann::json masks = nlohmann::json::array();
    for (std::size_t r = 0; r < card.cells.size(); ++r) {
        nlohmann::json line = nlohmann::json::array();
        for (std::size_t c = 0; c < card.cells[r].size(); ++c) line.push_back(card.nanMasksDiffer(r, c));
        masks.push_back(line);
    }
    return {{"metric", card.metric == ScorecardMetric::RatioToSpread ? "area_weighted_rms_ratio_to_spread"
                                                                     : "area_weighted_rel_rms"},
            {"region", card.region},
            {"rows", rows},
            {"lead_hours", hours},
            {"cells", cells},
            {"nan_masks_differ", masks}};
}

}  // namespace meshdiff
