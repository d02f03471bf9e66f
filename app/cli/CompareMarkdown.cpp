#include "cli/CompareMarkdown.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "cli/CompareSummary.h"
#include "cli/PrintfText.h"
#include "common/Error.h"
#include "compare/Scorecard.h"

namespace meshdiff::cli {
namespace {

constexpr const char* kUndefined = "–";
constexpr const char* kAboveSpread = " ▲";
constexpr const char* kMasksDiffer = "NaN ≠";

// Three significant digits, "–" when undefined.
std::string significant(double value) { return std::isfinite(value) ? format("%.3g", value) : kUndefined; }

// Text inside a table cell: a pipe would end the cell, a line break the row.
std::string cell(const std::string& text) {
    std::string out;
    for (char ch : text) {
        if (ch == '|') out += "\\|";
        else if (ch == '\n') out += ' ';
        else out += ch;
    }
    return out;
}

std::string leadLabel(const std::optional<double>& hours, std::size_t index) {
    return hours ? format("+%g h", *hours) : "index " + std::to_string(index);
}

void writeRuns(std::ostream& out, const Comparison& c) {
    out << "| run | path | label |\n|---|---|---|\n";
    out << "| A | `" << cell(c.a.path) << "` | " << cell(c.a.label) << " |\n";
    out << "| B | `" << cell(c.b.path) << "` | " << cell(c.b.label) << " |\n\n";
}

// "6 fields × 4 leads, beyond tolerance (rel RMS ≤ 0) at 4 of 4 leads, first at +6 h (6 of 6
// compared)"; one lead: "5 fields, 3 of 5 beyond tolerance (rel RMS ≤ 0)" (field × member entries).
std::string fieldsVerdict(const FieldsComparison& f, const FieldTolerance& tolerance) {
    const std::string limit = " (rel RMS ≤ " + format("%g", tolerance.relative) + ")";
    const auto beyond = [](const LeadComparison& l) { return l.beyondTolerance > 0; };
    const auto first = std::find_if(f.perLead.begin(), f.perLead.end(), beyond);
    std::string text = std::to_string(f.perField.size()) + " fields";
    if (f.perLead.size() <= 1) {
        if (f.beyondTolerance == 0) return text + ", every one within tolerance" + limit;
        return text + ", " + std::to_string(f.beyondTolerance) + " of " + std::to_string(f.perField.size()) +
               " beyond tolerance" + limit;
    }
    text += " × " + std::to_string(f.perLead.size()) + " leads";
    if (first == f.perLead.end()) return text + ", every one within tolerance" + limit;
    const auto leads = std::count_if(f.perLead.begin(), f.perLead.end(), beyond);
    return text + ", beyond tolerance" + limit + " at " + std::to_string(leads) + " of " +
           std::to_string(f.perLead.size()) + " leads, first at " + leadLabel(first->hours, first->index) + " (" +
           std::to_string(first->beyondTolerance) + " of " + std::to_string(first->perField.size()) + " compared)";
}

void writeSummary(std::ostream& out, const Comparison& c) {
    out << "- **Graphs:** " << (c.graph ? graphsVerdict(*c.graph) : "not compared") << "\n";
    if (c.fields) {
        out << "- **Fields:** " << fieldsVerdict(*c.fields, c.tolerance) << "\n";
        if (c.fields->firstDivergence) {
            out << "- **First divergence:** " << firstDivergenceText(*c.fields->firstDivergence) << "\n";
        } else if (c.fields->perLead.size() > 1) {
            out << "- **First divergence:** none: every lead is bit-identical\n";
        }
    } else {
        out << "- **Fields:** not compared\n";
    }
    if (c.diagnosis) out << "- " << diagnosisLine(*c.diagnosis) << "\n";
    for (const std::string& line : c.differences()) out << "- " << line << "\n";
    for (const std::string& line : c.notCompared) out << "- not compared: " << line << "\n";
    out << "\n";
}

// The largest finite value of a scorecard column; NaN when it has none.
double largestInColumn(const Scorecard& card, std::size_t column) {
    double largest = std::nan("");
    for (const auto& row : card.cells)
        if (std::isfinite(row[column]) && !(row[column] <= largest)) largest = row[column];
    return largest;
}

std::string ratioText(double ratio) { return significant(ratio) + (ratio > 1 ? kAboveSpread : ""); }

void writeLeadTable(std::ostream& out, const FieldsComparison& f, const Scorecard& card) {
    const bool spread = card.metric == ScorecardMetric::RatioToSpread;
    out << "#### Per lead\n\n| lead | max rel RMS (area) | worst field |" << (spread ? " A − B / spread |" : "")
        << "\n|---|---|---|" << (spread ? "---|" : "") << "\n";
    for (std::size_t c = 0; c < f.perLead.size(); ++c) {
        const LeadComparison& l = f.perLead[c];
        double largest = std::nan("");
        std::string worst = kUndefined;
        for (std::size_t k = 0; k < l.perField.size(); ++k) {
            const double relRms = l.perField[k].areaWeighted.relRms;
            if (!std::isfinite(relRms) || relRms <= largest) continue;
            largest = relRms;
            worst = l.perField[k].name;
            if (k < l.members.size()) worst += " [member " + std::to_string(l.members[k]) + "]";
        }
        out << "| " << leadLabel(l.hours, l.index) << " | " << significant(largest) << " | " << cell(worst) << " |";
        if (spread) out << " " << ratioText(largestInColumn(card, c)) << " |";
        out << "\n";
    }
    if (spread)
        out << "\nA − B / spread: the largest scorecard cell of the lead (area-weighted RMS of A − B over that of "
               "the spread, over the fields).\n";
    out << "\n";
}

std::string spreadPair(const FieldsComparison& f) {
    for (const LeadComparison& l : f.perLead) {
        if (!l.spread) continue;
        return l.spread->run.empty() ? "A's member " + std::to_string(l.spread->memberA) + " against member " +
                                           std::to_string(l.spread->memberB)
                                     : "A against `" + cell(l.spread->run) + "`";
    }
    return {};
}

std::string over(const std::string& region) {
    return region == "global" ? "over the globe" : "over region `" + region + "`";
}

void writeScorecard(std::ostream& out, const FieldsComparison& f, const Scorecard& card) {
    out << "#### Scorecard" << (card.region == "global" ? "" : " (" + card.region + ")") << "\n\n| variable | level |";
    for (std::size_t c = 0; c < card.leadCount(); ++c)
        out << " " << leadLabel(card.leadHours[c], card.leadIndex[c]) << " |";
    out << "\n|---|---|";
    for (std::size_t c = 0; c < card.leadCount(); ++c) out << "---:|";
    out << "\n";
    for (std::size_t r = 0; r < card.rows.size(); ++r) {
        const ScorecardRow& row = card.rows[r];
        std::string level = row.levelLabel.empty() ? kUndefined : row.levelLabel;
        if (!row.levelUnits.empty()) level += " " + row.levelUnits;
        out << "| " << cell(row.variable) << " | " << cell(level) << " |";
        for (std::size_t c = 0; c < card.leadCount(); ++c)
            out << " "
                << (card.nanMasksDiffer(r, c) ? std::string(kMasksDiffer)
                    : card.aboveSpread(r, c)  ? ratioText(card.cells[r][c])
                                              : significant(card.cells[r][c]))
                << " |";
        out << "\n";
    }
    if (!card.maskDiffers.empty()) {
        out << "\n"
            << kMasksDiffer
            << ": A and B have NaN at different points there, which makes the field differ; the RMS over the "
               "points finite in both cannot show it.\n";
    }
    if (card.metric == ScorecardMetric::RatioToSpread) {
        out << "\nCells: area-weighted RMS of A − B over that of the spread (" << spreadPair(f) << "), "
            << over(card.region) << "; ▲ where A − B exceeds the spread (above 1); " << kUndefined
            << " where no spread was measured.\n";
    } else {
        out << "\nCells: area-weighted rel RMS of A − B (RMS over A's standard deviation), " << over(card.region)
            << "; no spread was measured (give `--spread RUN_C`, or runs with members).\n";
    }
}

}  // namespace

std::string compareMarkdown(const Comparison& c, const std::string& scorecardRegion) {
    std::ostringstream out;
    out << "### meshdiff compare: " << (c.identical() ? "SAME" : "DIFFERENT") << "\n\n";
    writeRuns(out, c);
    writeSummary(out, c);
    if (c.fields && !c.fields->perLead.empty()) {
        const Scorecard global = buildScorecard(*c.fields);
        writeLeadTable(out, *c.fields, global);
        writeScorecard(out, *c.fields,
                       scorecardRegion == "global" ? global : buildScorecard(*c.fields, scorecardRegion));
    }
    return out.str();
}

void writeCompareMarkdown(const std::string& path, const Comparison& c, const std::string& scorecardRegion) {
    const std::string text = compareMarkdown(c, scorecardRegion);
    // Written beside and renamed: an interrupted write leaves no half comment.
    const std::string partial = path + ".partial";
    {
        std::ofstream out(partial, std::ios::binary | std::ios::trunc);
        if (!out) throw Error(path, "cannot write the Markdown report");
        out << text;
        if (!out.flush()) {
            out.close();
            std::filesystem::remove(partial);
            throw Error(path, "cannot write the Markdown report");
        }
    }
    std::error_code ec;
    std::filesystem::rename(partial, path, ec);
    if (ec) {
        std::filesystem::remove(partial, ec);
        throw Error(path, "cannot write the Markdown report: " + ec.message());
    }
}

}  // namespace meshdiff::cli
