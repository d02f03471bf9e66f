#include "report/ReportHtml.h"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <span>
#include <sstream>

#include "common/Error.h"
#include "compare/SpreadRatio.h"
#include "report/ReportEvidence.h"
#include "report/ReportLeads.h"

namespace meshdiff::report {
namespace {

std::string scientific(double v) {
    if (std::isnan(v)) return "–";
    std::ostringstream s;
    s.precision(2);
    s << std::scientific << v;
    return s.str();
}

void writeFigures(std::ostream& html, std::span<const Figure> figures) {
    for (const Figure& f : figures) {
        html << "<figure><img src=\"" << f.file << "\" alt=\"" << htmlEscape(f.caption) << "\"><figcaption>"
             << htmlEscape(f.caption);
        if (!f.vectorFile.empty()) html << " <a href=\"" << f.vectorFile << "\">PDF</a>";
        html << "</figcaption></figure>\n";
    }
}

constexpr const char* kStyle =
    "body{font-family:sans-serif;margin:2em auto;padding:0 1em;max-width:1400px;color:#222}"
    "img{max-width:100%;height:auto;border:1px solid #ccc}"
    "p,figcaption{overflow-wrap:anywhere}"
    "table{border-collapse:collapse;max-width:100%}"
    "td,th{border:1px solid #ccc;padding:2px 8px;text-align:right}"
    // Numbers stay on one line; names and paths break anywhere rather than widen the page.
    "td{white-space:nowrap}td:first-child,#runs td{white-space:normal;overflow-wrap:anywhere}"
    "th{background:#eee}td:first-child{text-align:left}figure{margin:1em 0}"
    "figcaption{max-width:60em}"
    ".closeups{display:flex;flex-wrap:wrap;gap:0 1.5em}.closeups figure{flex:0 1 600px}";

// Close-ups side by side, as many as the page is wide.
void writeCloseups(std::ostream& html, std::span<const Figure> figures) {
    if (figures.empty()) return;
    html << "<div class=\"closeups\">\n";
    writeFigures(html, figures);
    html << "</div>\n";
}

// The verdict and, per field beyond tolerance, the numbers behind it (docs/diagnosis.md).
void writeDiagnosis(std::ostream& html, const Diagnosis& d) {
    html << "<h3>Why they differ</h3>\n<p id=\"diagnosis\"><b>Cause: " << toString(d.cause) << "</b> — "
         << htmlEscape(d.explanation) << "</p>\n";
    std::vector<const FieldDiagnosis*> rows;
    for (const FieldDiagnosis& f : d.perField)
        if (f.field.lead == d.shownLead && f.cause != Cause::None) rows.push_back(&f);
    if (rows.empty() || !d.graphsDiffer) return;
    std::stable_sort(rows.begin(), rows.end(), [](auto* x, auto* y) { return x->graphShare > y->graphShare; });
    html << "<table id=\"diagnosis-fields\"><tr><th>field</th><th>cause</th><th>share of Σ(A−B)² near</th>"
         << "<th>share of points near</th><th>concentration</th><th>graph part</th></tr>\n";
    for (const FieldDiagnosis* f : rows)
        html << "<tr><td>" << htmlEscape(f->field.name) << "</td><td>" << toString(f->cause) << "</td><td>"
             << numberText(f->energyNear) << "</td><td>" << numberText(f->areaNear) << "</td><td>"
             << numberText(f->concentration) << "</td><td>" << numberText(f->graphShare) << "</td></tr>\n";
    html << "</table>\n<p>Near = within " << numberText(d.radiusDegrees)
         << "° (one mesh spacing) of a differing mesh→grid triangle or grid→mesh edge; concentration = share of "
            "Σ(A−B)² near / share of the points near (1: spread evenly).</p>\n";
}

// How large A − B is against the spread: at the lead the report shows, and the largest over every lead.
void writeSpreadLine(std::ostream& html, const Comparison& c, const FieldsComparison* leads) {
    if (!c.fields || c.fields->perLead.empty()) return;
    const auto shown =
        largestSpreadRatio(c.fields->perLead[std::min(c.fields->shownLead, c.fields->perLead.size() - 1)]);
    const auto largest = leads && leads->perLead.size() > 1 ? largestSpreadRatio(*leads) : std::nullopt;
    if (!shown && !largest) return;
    html << "<p id=\"spread\"><b>Against the spread:</b> ";
    if (shown) html << htmlEscape(spreadRatioText(*shown)) << ". ";
    if (largest)
        html << "The largest over the " << leads->perLead.size() << " leads: " << htmlEscape(spreadRatioText(*largest))
             << ". ";
    html << "The spread: " << htmlEscape((shown ? shown : largest)->yardstick) << ".</p>\n";
}

}  // namespace

std::string htmlEscape(const std::string& text) {
    std::string out;
    for (char c : text) {
        switch (c) {
            case '&': out += "&amp;"; break;
            case '<': out += "&lt;"; break;
            case '>': out += "&gt;"; break;
            case '"': out += "&quot;"; break;
            default: out += c;
        }
    }
    return out;
}

std::string numberText(double v) {
    if (std::isnan(v)) return "–";
    std::ostringstream s;
    s.precision(4);
    s << v;
    return s.str();
}

std::string correlationText(double corr) {
    if (std::isnan(corr)) return "–";
    const double gap = 1 - std::abs(corr);
    const int digits = gap > 0 ? std::clamp(int(std::ceil(-std::log10(gap))) + 2, 4, 16) : 4;
    std::ostringstream s;
    s.precision(digits);
    s << corr;
    return s.str();
}

void writeIndexHtml(const std::filesystem::path& path, const pair::LoadedPair& pair, const ReportFigures& figures,
                    const std::vector<std::string>& dataFiles, const FieldsComparison* leads,
                    const nlohmann::json* experimentsEvidence) {
    const Comparison& c = pair.comparison;
    std::ofstream html(path);
    if (!html) throw Error(path.string(), "cannot be written");
    html << "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><meta name=\"viewport\" "
            "content=\"width=device-width\"><title>meshdiff report: "
         << htmlEscape(c.a.label) << " vs " << htmlEscape(c.b.label) << "</title>\n<style>" << kStyle
         << "</style></head><body>\n";
    html << "<h1>meshdiff report</h1>\n<table id=\"runs\"><tr><th></th><th>path</th><th>label</th><th>graph</th>"
            "<th>fields</th></tr>\n";
    for (const RunInputs* run : {&c.a, &c.b})
        html << "<tr><td>" << (run == &c.a ? "A" : "B") << "</td><td>" << htmlEscape(run->path) << "</td><td>"
             << htmlEscape(run->label) << "</td><td>" << htmlEscape(run->graphFile.value_or("–")) << "</td><td>"
             << htmlEscape(run->fieldsFile.value_or("–")) << "</td></tr>\n";
    if (!pair.spreadPath.empty())
        html << "<tr><td>spread</td><td>" << htmlEscape(pair.spreadPath) << "</td><td>–</td><td>–</td><td>"
             << htmlEscape(pair.spreadFieldsFile) << "</td></tr>\n";
    html << "</table>\n";
    writeSpreadLine(html, c, leads);
    html << "<h2>Graphs</h2>\n";
    if (c.graph) {
        const GraphDiff& d = *c.graph;
        html << "<p>grid→mesh edges only in A: <b>" << d.g2mOnlyA.size() << "</b>, only in B: <b>" << d.g2mOnlyB.size()
             << "</b> (of " << d.g2mEdgesA << " / " << d.g2mEdgesB
             << "); grid points whose mesh→grid triangle differs: <b>" << d.m2gChanged.size() << "</b> (of "
             << d.gridPoints << "); mesh nodes moved: <b>" << d.movedNodes.size() << "</b> (at most " << d.maxMovedUlp
             << " float32 steps); hashes " << htmlEscape(d.hashA) << " / " << htmlEscape(d.hashB) << ".</p>\n";
        if (!d.renumberedNodes.empty()) html << "<p>" << htmlEscape(renumberingText(d)) << ".</p>\n";
        const std::string reordered = reorderedReceiversText(d);
        html << "<p>Edge order: "
             << (reordered.empty() ? std::string("the same for every receiver")
                                   : htmlEscape((d.sameEdgesAndNodes() ? "same edges; " : "") + reordered))
             << ".</p>\n";
    } else {
        html << "<p>No graph in one or both runs.</p>\n";
    }
    if (!figures.globes.empty()) {
        writeFigures(html, std::span(figures.globes).first(1));
        writeCloseups(html, std::span(figures.globes).subspan(1));
    }
    html << "<h2>Fields</h2>\n";
    if (!pair.fieldRows.empty()) {
        std::vector<const views::FieldRow*> rows;
        for (const auto& r : pair.fieldRows) rows.push_back(&r);
        std::stable_sort(rows.begin(), rows.end(), [area = views::MetricChoice{}](auto* x, auto* y) {
            return views::worstFirstKey(*x, area) > views::worstFirstKey(*y, area);
        });
        html << "<table id=\"fields\"><tr><th>field</th><th>units</th><th>corr</th><th>1 − corr</th>"
             << "<th>rel RMS (area-weighted)</th><th>rel RMS (grid points)</th>"
             << "<th>max |A−B|</th><th>NaN masks equal</th><th>rel RMS near differences</th>"
             << "<th>rel RMS elsewhere</th></tr>\n";
        for (const auto* r : rows)
            html << "<tr><td>" << htmlEscape(r->name) << "</td><td>" << htmlEscape(r->units) << "</td><td>"
                 << correlationText(r->corr) << "</td><td>" << scientific(1 - r->corr) << "</td><td>"
                 << numberText(r->relRmsArea) << "</td><td>" << numberText(r->relRms) << "</td><td>"
                 << numberText(r->maxAbs) << "</td><td>" << (r->nanMasksEqual ? "yes" : "no") << "</td><td>"
                 << numberText(r->relRmsNear) << "</td><td>" << numberText(r->relRmsElsewhere) << "</td></tr>\n";
        html << "</table>\n";
    } else {
        html << "<p>No fields compared.</p>\n";
    }
    if (c.diagnosis) writeDiagnosis(html, *c.diagnosis);
    if (experimentsEvidence) writeExperimentsEvidence(html, *experimentsEvidence);
    writeFigures(html, figures.maps);
    if (leads && leads->perLead.size() > 1) {
        writeLeadTable(html, *leads);
        writeFigures(html, figures.growth);
        writeFigures(html, figures.scorecard);
    }
    if (!figures.fieldCloseups.empty()) {
        html << "<h3>Where the fields differ most</h3>\n";
        writeCloseups(html, figures.fieldCloseups);
    }
    html << "<h2>Data</h2>\n<ul>\n";
    for (const std::string& file : dataFiles) {
        const std::string name = std::filesystem::path(file).filename().string();
        html << "<li><a href=\"" << name << "\">" << name << "</a></li>\n";
    }
    html << "</ul>\n<p>Written by meshdiff " << MESHDIFF_VERSION << ".</p>\n</body></html>\n";
    if (!html) throw Error(path.string(), "cannot be written");
}

}  // namespace meshdiff::report
