#pragma once
#include <ostream>
#include <string>

#include "compare/Comparison.h"

namespace meshdiff::cli {

// The human summary of `meshdiff compare`, in the spirit of compare_npz.py.
void printCompareSummary(std::ostream& out, const Comparison& comparison, bool perField);

// "identical", "DIFFER", "same edges, in another order", "the same graph, numbered differently", …
const char* graphsVerdict(const GraphDiff& diff);
// "41.2°N 12.5°W", longitudes in (−180°, 180°].
std::string latLonText(double lat, double lon);
// "+12 h (lead 2): 3 fields; largest at 41.2°N 12.5°E (2m_temperature, |A-B| 0.5), near a graph difference"
std::string firstDivergenceText(const FirstDivergence& divergence);

}  // namespace meshdiff::cli
