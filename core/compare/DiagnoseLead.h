#pragma once
#include <cstddef>

#include "compare/Comparison.h"
#include "diagnose/Diagnosis.h"

namespace meshdiff {

// The fields of `lead` as the diagnosis takes them, each at lead position `position`.
std::vector<FieldDifference> fieldDifferences(const LeadComparison& lead, std::size_t position);

// The diagnosis at one more lead of a pair diagnosed already: `pairDiagnosis` knows the graphs,
// the neighbourhood, the tolerance and the residual; `lead` (every member) at lead position
// `position` gives the fields. Its cause and explanation are that lead's alone.
Diagnosis diagnoseLead(const Diagnosis& pairDiagnosis, const LeadComparison& lead, std::size_t position);

}  // namespace meshdiff
