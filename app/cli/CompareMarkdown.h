#pragma once
#include <string>

#include "compare/Comparison.h"

namespace meshdiff::cli {

// `compare --markdown`: a comment to paste into a pull request — a heading with the verdict, the
// summary (runs, graphs, fields, first divergence, diagnosis), the per-lead table and the
// reproducibility scorecard (compare/Scorecard.h) over `scorecardRegion` as tables.
std::string compareMarkdown(const Comparison& comparison, const std::string& scorecardRegion = "global");

// Writes compareMarkdown to `path` through a file beside it that is renamed when complete; throws
// meshdiff::Error naming `path` when it cannot be written.
void writeCompareMarkdown(const std::string& path, const Comparison& comparison,
                          const std::string& scorecardRegion = "global");

}  // namespace meshdiff::cli
