#pragma once
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "compare/Comparison.h"

namespace meshdiff {

// A − B against its yardstick at one lead, as the scorecard measures it (compare/Scorecard.h):
// area-weighted RMS(A − B) over area-weighted RMS of the spread pair, over the globe.
struct SpreadRatio {
    double ratio = 0;   // the largest over the fields where the spread was measured; 1 = as large as the spread
    std::string field;  // the field where it is largest
    std::optional<double> hours;  // the lead; none when no file says
    std::size_t index = 0;        // the lead's position along A's lead axis
    std::string yardstick;        // "A's member 0 against member 1", "A against /runs/c/fields.nc"
};

// One ratio per field in A's field order (not per member), from the member the spread is
// measured from; NaN where the spread was not measured (or is 0). Empty without a spread.
std::vector<double> fieldSpreadRatios(const LeadComparison& lead);

// The largest of fieldSpreadRatios; none without a spread or where none was measured.
std::optional<SpreadRatio> largestSpreadRatio(const LeadComparison& lead);

// The largest over every lead of `fields` (FieldsComparison::perLead); none without a spread.
std::optional<SpreadRatio> largestSpreadRatio(const FieldsComparison& fields);

// "A − B is 0.24 % of the member spread at +6 h (area-weighted, worst field temperature@850)".
std::string spreadRatioText(const SpreadRatio& ratio);

}  // namespace meshdiff
