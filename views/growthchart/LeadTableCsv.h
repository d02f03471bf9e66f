#pragma once
#include <string>

#include "compare/Comparison.h"

namespace meshdiff::views {

// The per-lead table as CSV, one row per lead × field × member: lead_hours (empty when unknown),
// index, field, member (empty without members), rel_rms, corr, max_abs, spread_max_rel_rms,
// spread_median_rel_rms (empty without a spread), ratio_to_spread (rel_rms ÷ spread max), all
// over the grid points; then rel_rms_area_weighted and rel_rms_area_weighted_<region> for each of
// comparison.regions but global (empty where not measured). Numbers in the shortest form that
// reads back to the same double.
std::string leadTableCsv(const FieldsComparison& comparison);
// Throws meshdiff::Error naming the file when it cannot be written.
void writeLeadTableCsv(const FieldsComparison& comparison, const std::string& path);

}  // namespace meshdiff::views
