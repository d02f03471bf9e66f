#pragma once
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "compare/Comparison.h"

namespace meshdiff {

// The reproducibility scorecard (as DeepMind compared H100 against TPU v4, laid out as
// WeatherBench 2's scorecards): one row per variable and level, one column per lead, each cell
// the difference of A and B measured against its yardstick.
enum class ScorecardMetric {
    RatioToSpread,  // area-weighted RMS(A − B) / area-weighted RMS(spread pair): 1 = as large as the spread
    RelRms,         // no spread measured: area-weighted rel RMS of A − B
};

struct ScorecardRow {
    std::string field;            // the field's name in the files ("temperature@850")
    std::string variable;         // "temperature"
    std::optional<double> level;  // 850; none for a surface field
    std::string levelLabel;       // "850" as written; empty without a level
    std::string levelUnits;       // the level axis's units ("hPa"); empty when unknown or without a level
    std::string units;            // the field's units
};

struct Scorecard {
    ScorecardMetric metric = ScorecardMetric::RelRms;
    std::string region = "global";                 // Region::name the cells are measured over
    std::vector<ScorecardRow> rows;                // variables stacked with their levels; surface ones single
    std::vector<std::optional<double>> leadHours;  // one per column (FieldsComparison::perLead order)
    std::vector<std::size_t> leadIndex;            // one per column: position along A's lead axis
    // cells[row][column]; NaN where undefined (no spread measured there, a field constant in A, …)
    // and where A's and B's NaN masks differ within the region (the RMS over the points finite in
    // both cannot show it).
    std::vector<std::vector<double>> cells;
    // The numbers behind each cell, for tooltips and tables; NaN where undefined.
    std::vector<std::vector<double>> differenceRms, spreadRms, relRms;
    // Where each row's field sits in the first lead's LeadComparison::perField (the entry of the
    // member the cells are measured from).
    std::vector<std::size_t> fieldPosition;
    // 1 where A and B have NaN (or inf) at different points of the region, as cells; empty when
    // none do. Masks that differ only outside the region leave its cells alone.
    std::vector<std::vector<std::uint8_t>> maskDiffers;

    std::size_t leadCount() const { return leadHours.size(); }
    bool nanMasksDiffer(std::size_t row, std::size_t column) const;
    // The cell is above the spread: RatioToSpread and cells[row][column] > 1.
    bool aboveSpread(std::size_t row, std::size_t column) const;
};

// From every lead of a comparison, over `region` (a name in FieldsComparison::regions; "global" is
// FieldMetrics::areaWeighted), with A's member the spread is measured from (MemberSpread::memberA;
// A's first member without a spread between members). Rows as WeatherBench 2's
// visualize_scorecard lays them out: first the variables on levels, in A's field order of their
// first appearance, each with its levels stacked from the lowest number down (50 … 1000 hPa, the
// order of its level axis); then the surface fields, one row each, in A's field order. Throws
// meshdiff::Error when `region` is not one of the comparison's.
Scorecard buildScorecard(const FieldsComparison& fields, const std::string& region = "global");

// {metric, region, rows: [{field, variable, level, level_units}], lead_hours, cells,
// nan_masks_differ} with null for NaN (and for a missing level or level unit); nan_masks_differ is
// cells' shape of booleans, true where the cell is null because A's and B's NaN masks differ.
nlohmann::json scorecardToJson(const Scorecard& scorecard);

}  // namespace meshdiff
