#pragma once
#include <atomic>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "pair/LoadedPair.h"
#include "report/ReportHtml.h"

namespace meshdiff::report {

struct ReportOptions {
    int width = 1600, height = 1000;  // the globe image; close-ups are half as large, maps 1.5× as wide
    int maps = 3;                     // A−B maps of this many worst fields
    int closeups = 3;                 // globe close-ups of this many differing graph items
    int fieldCloseups = 3;            // globe close-ups of the largest field differences
    double dotsPerInch = 150;         // with 8 pt text, as the window's figures
    // Every lead of the fields compared (pair/EveryLeadComparison.h); read from the files when null.
    std::shared_ptr<const FieldsComparison> leads;
    // The error-growth chart already in the folder (writeGrowthFigures); else it is drawn when
    // writeReport runs on the GUI thread, and left out on any other (Qt Charts draws only there).
    std::optional<Figure> growthFigure;
    std::optional<nlohmann::json> experimentsEvidence;  // meshdiff experiments --json: an "Experiments" section
};

struct ReportFiles {
    std::string index;  // index.html
    int globeImages = 0, mapImages = 0, dataFiles = 0;
};

// Writes what a user attaches to a bug report into `folder` (created when missing): globe and
// error-map figures drawn by the window's figure code in the window's default map style (PNG,
// and PDF for the maps), close-ups of the differing graph items and of the largest field
// differences, CSV/JSON of the differences and field metrics, and an index.html showing them;
// for runs of more than one lead also the error-growth chart and the scorecard (PNG, PDF) and
// per_lead.csv.
// The same runs give the same files, byte for byte.
// Runs on any thread (the globe renders through VTK's own offscreen window; see growthFigure); `progress` gets
// 0–100 and what is being written. Throws meshdiff::Error naming the file that failed.
// The error-growth chart of `leads` (more than one) as growth_chart.png and .pdf in `folder`, as
// the report shows it. GUI thread only: Qt Charts lays text out with objects of that thread.
Figure writeGrowthFigures(const FieldsComparison& leads, const std::filesystem::path& folder,
                          const ReportOptions& options);

ReportFiles writeReport(const pair::LoadedPair& pair, const std::filesystem::path& folder, const ReportOptions& options,
                        const std::function<void(int, const std::string&)>& progress = {});

}  // namespace meshdiff::report
