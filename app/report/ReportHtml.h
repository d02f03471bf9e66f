#pragma once
#include <filesystem>
#include <string>
#include <vector>

#include "pair/LoadedPair.h"

namespace meshdiff::report {

struct Figure {
    std::string file, caption;
    std::string vectorFile;  // the same figure as PDF, when there is one
};

struct ReportFigures {
    std::vector<Figure> globes;         // the overview and the close-ups of differing graph items
    std::vector<Figure> maps;           // A−B maps of the worst fields
    std::vector<Figure> fieldCloseups;  // where the fields differ most
    std::vector<Figure> growth;         // rel RMS over the leads, when the runs have more than one
    std::vector<Figure> scorecard;      // A−B against the spread per field and lead, likewise
};

// index.html: the runs, the graph differences, the field metrics (corr with enough digits to
// differ from 1, and 1 − corr), the figures with their captions and the data files.
// With `leads` (every lead compared, more than one), a per-lead table, the growth and scorecard figures.
void writeIndexHtml(const std::filesystem::path& path, const pair::LoadedPair& pair, const ReportFigures& figures,
                    const std::vector<std::string>& dataFiles, const FieldsComparison* leads = nullptr,
                    const nlohmann::json* experimentsEvidence = nullptr);

// corr with as many digits as it takes to tell it from 1 ("0.999999388"), "1" only when it is 1.
std::string correlationText(double corr);
// A number in 4 significant digits; "–" for NaN.
std::string numberText(double v);
// `text` with &, <, > and " as HTML entities.
std::string htmlEscape(const std::string& text);

}  // namespace meshdiff::report
