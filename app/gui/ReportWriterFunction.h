#pragma once
#include <functional>
#include <memory>
#include <string>

#include "compare/Comparison.h"
#include "pair/LoadedPair.h"
#include "pair/PairLoader.h"

namespace meshdiff::gui {

// The rest of a report's writing, on a worker thread: returns the index.html it wrote; throws
// meshdiff::Error naming the file that failed. `progress` gets 0–100 and what is being written.
using ReportWork = std::function<std::string(const pair::ProgressFn& progress)>;

// Writes the bug-report folder of File ▸ Export ▸ Report. gui/ and report/ do not include each
// other: whoever makes the window hands it one (app/WindowReportWriter.h). Called on the GUI
// thread with the pair shown, every lead compared (for the error-growth chart; may be null) and
// the folder: it draws there what only the GUI thread may draw (Qt Charts) and returns the rest.
using ReportWriter =
    std::function<ReportWork(std::shared_ptr<const pair::LoadedPair> shown,
                             std::shared_ptr<const FieldsComparison> leads, const std::string& folder)>;

}  // namespace meshdiff::gui
