#pragma once
#include <ostream>

#include "compare/Comparison.h"

namespace meshdiff::report {

// index.html's "Leads" heading and compact per-lead table: lead, fields compared, min corr,
// max and median rel RMS, NaN masks, worst field, the member spread and A−B's ratio to it.
void writeLeadTable(std::ostream& html, const FieldsComparison& fields);

}  // namespace meshdiff::report
