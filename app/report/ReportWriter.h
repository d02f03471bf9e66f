#pragma once
#include <atomic>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "gui/LoadedPair.h"

namespace meshdiff::report {

struct ReportOptions {
    int width = 1600, height = 1000;  // the globe image; close-ups are half as large, maps 1.5× as wide
    int maps = 3;                     // A−B maps of this many worst fields
    int closeups = 3;                 // globe close-ups of this many differing graph items
    int fieldCloseups = 3;            // globe close-ups of the largest field differences
    double dotsPerInch = 150;         // with 8 pt text, as the window's figures
};

struct ReportFiles {
    std::string index;  // index.html
    int globeImages = 0, mapImages = 0, dataFiles = 0;
};

// Writes what a user attaches to a bug report into `folder` (created when missing): globe and
// error-map figures drawn by the window's figure code in the window's default map style (PNG,
// and PDF for the maps), close-ups of the differing graph items and of the largest field
// differences, CSV/JSON of the differences and field metrics, and an index.html showing them.
// The same runs give the same files, byte for byte.
// Runs on any thread (the globe renders through VTK's own offscreen window); `progress` gets
// 0–100 and what is being written. Throws meshdiff::Error naming the file that failed.
ReportFiles writeReport(const gui::LoadedPair& pair, const std::filesystem::path& folder, const ReportOptions& options,
                        const std::function<void(int, const std::string&)>& progress = {});

}  // namespace meshdiff::report
