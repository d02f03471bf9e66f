#pragma once
#include <limits>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "fieldtable/MetricChoice.h"

namespace meshdiff::views {

// One line of the field table: how B agrees with A for one field.
struct FieldRow {
    std::string name, units;
    double corr = 1;    // NaN when undefined (std of A or B is 0)
    double relRms = 0;  // NaN when undefined (std(A) is 0): the field is judged by max |A−B|
    double maxAbs = 0;
    bool nanMasksEqual = true;
    bool withinTolerance = true;
    std::string note;  // why rel RMS or corr is undefined
    // rel RMS over the grid points near the graph differences (core/diagnose's Near zone) and
    // over all other points; NaN until computed or when there is no such point.
    double relRmsNear = std::numeric_limits<double>::quiet_NaN();
    double relRmsElsewhere = std::numeric_limits<double>::quiet_NaN();
    // rel RMS with each point weighted by its cell's area: over the globe, and per region name.
    double relRmsArea = std::numeric_limits<double>::quiet_NaN();
    std::vector<std::pair<std::string, double>> relRmsByRegion;
    // Whether A and B have NaN at the same points of each region (per region name).
    std::vector<std::pair<std::string, bool>> nanMasksEqualByRegion;
    std::string levelUnits;  // "hPa" when the field is on a level axis that says
    // Area-weighted RMS(A − B) over that of the spread pair (the scorecard's cell at this lead);
    // NaN where no spread was measured, and on the rows of the members it is not measured from.
    double ratioToSpread = std::numeric_limits<double>::quiet_NaN();
};

// The rel RMS `choice` names; NaN when the region was not measured.
inline double chosenRelRms(const FieldRow& row, const MetricChoice& choice) {
    if (!choice.areaWeighted) return row.relRms;
    for (const auto& [region, relRms] : row.relRmsByRegion)
        if (region == choice.region) return relRms;
    return choice.isGlobal() ? row.relRmsArea : std::numeric_limits<double>::quiet_NaN();
}

// Whether the NaN masks agree over the points `choice` names; nullopt when the region was not measured.
inline std::optional<bool> chosenNanMasksEqual(const FieldRow& row, const MetricChoice& choice) {
    if (!choice.areaWeighted || choice.isGlobal()) return row.nanMasksEqual;
    for (const auto& [region, equal] : row.nanMasksEqualByRegion)
        if (region == choice.region) return equal;
    return std::nullopt;
}

// Orders rows worst first by the chosen rel RMS: an undefined rel RMS of a field that differs above every
// number, one of a field that matches below every number.
inline double worstFirstKey(const FieldRow& row, const MetricChoice& choice = MetricChoice::gridPoints()) {
    const double relRms = chosenRelRms(row, choice);
    if (relRms == relRms) return relRms;  // NOLINT(misc-redundant-expression): not NaN
    return row.withinTolerance ? -1.0 : std::numeric_limits<double>::infinity();
}

}  // namespace meshdiff::views
