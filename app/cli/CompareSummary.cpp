#include "cli/CompareSummary.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "cli/PrintfText.h"
#include "compare/SpreadRatio.h"

namespace meshdiff::cli {
namespace {

std::string withThousands(std::size_t n) {
    const std::string digits = std::to_string(n);
    std::string out;
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
        out += digits[i];
    }
    return out;
}

void printRun(std::ostream& out, char which, const RunInputs& run) {
    out << which << ": " << run.path << "  [" << run.label << "]\n";
    for (const auto& note : run.notes) out << "   " << note << "\n";
}

void printAtRisk(std::ostream& out, const DiffRisk& r) {
    out << "  at risk           " << r.grid2meshFlagged << " of " << r.grid2meshDiffering
        << " differing grid→mesh edges and " << r.mesh2gridFlagged << " of " << r.mesh2gridDiffering
        << " differing triangles were flagged by A's or B's fragility analysis\n";
}

void printGraph(std::ostream& out, const GraphDiff& d) {
    out << "\nGraphs\n";
    out << "  grid→mesh edges   A " << withThousands(d.g2mEdgesA) << "  B " << withThousands(d.g2mEdgesB)
        << "  only in A " << d.g2mOnlyA.size() << "  only in B " << d.g2mOnlyB.size() << "\n";
    out << "  mesh→grid         " << d.m2gChanged.size() << " of " << withThousands(d.gridPoints)
        << " grid points have a different triangle\n";
    out << "  mesh nodes        " << withThousands(d.movedNodes.size()) << " of " << withThousands(d.meshNodes)
        << " moved";
    if (!d.movedNodes.empty())
        out << " (max " << d.maxMovedUlp << " ULP, " << format("%.3g", d.maxShiftDegrees) << "°)";
    out << "\n";
    if (!d.gridCoordinatesEqual) out << "  grid coordinates  differ\n";
    if (!d.renumberedNodes.empty()) out << "  mesh numbering    " << renumberingText(d) << "\n";
    const std::string reordered = reorderedReceiversText(d);
    out << "  edge order        "
        << (reordered.empty() ? "the same for every receiver"
                              : (d.sameEdgesAndNodes() ? "same edges; " : "") + reordered)
        << "\n";
    out << "  hash A " << d.hashA << "  ordered " << d.hashOrderedA << "\n  hash B " << d.hashB << "  ordered "
        << d.hashOrderedB << "\n";
    out << "  graphs " << graphsVerdict(d) << "\n";
}

std::string driftText(const EdgeSetDrift& s) {
    std::string text = withThousands(s.drifting) + " of " + withThousands(s.shared) + " shared drift";
    if (s.drifting > 0)
        text += " (max " + format("%.3g", s.maxUlps) + " ULP, median " + format("%.3g", s.medianUlps) + ")";
    if (s.normalizationsDiffer()) text += ", longest edge differs";
    return text;
}

// One line: how many edges A and B share whose recomputed features differ.
void printEdgeFeatures(std::ostream& out, const EdgeFeatureDrift& d) {
    out << "  edge features     grid→mesh " << driftText(d.g2m) << "; mesh→grid " << driftText(d.m2g) << "\n";
}

// "-" for an undefined (NaN) rel RMS or corr.
std::string orDash(const char* spec, double value) { return std::isnan(value) ? "-" : format(spec, value); }

std::string leadLabel(const LeadComparison& l) {
    return l.hours ? format("%g h", *l.hours) : "index " + std::to_string(l.index);
}

// One line per lead: how the difference grows, and against the member spread when A has members.
void printLeadTable(std::ostream& out, const FieldsComparison& f) {
    const bool spread = f.perLead.front().spread.has_value();
    out << "\nPer lead\n";
    char line[256];
    std::snprintf(line, sizeof line, "  %-10s %6s  %-11s %-11s %-11s %-6s %6s%s\n", "lead", "fields", "min corr",
                  "max relRMS", "med relRMS", "masks", "beyond", spread ? "  spread  A-B/spread" : "");
    out << line;
    for (const LeadComparison& l : f.perLead) {
        std::snprintf(line, sizeof line, "  %-10s %6zu  %.8f  %.3e   %.3e   %-6s %6zu", leadLabel(l).c_str(),
                      l.perField.size(), l.minCorr, l.maxRelRms, l.medianRelRms, l.nanMasksEqual ? "equal" : "DIFFER",
                      l.beyondTolerance);
        out << line;
        if (l.spread) {
            const auto ratio = l.ratioToSpread();
            out << "  " << format("%.3e", l.spread->maxRelRms) << "  "
                << (ratio ? format("%.3g", *ratio) : std::string("-"));
        }
        out << "\n";
    }
    if (spread) {
        const MemberSpread& s = *f.perLead.front().spread;
        out << "  spread: rel RMS of "
            << (s.run.empty()
                    ? "A's member " + std::to_string(s.memberA) + " against member " + std::to_string(s.memberB)
                    : "A against " + s.run)
            << " (max over fields)\n";
    }
}

// A − B against the spread: at the lead shown and, for a rollout, the largest over the leads.
void printSpread(std::ostream& out, const FieldsComparison& f) {
    if (f.perLead.empty()) return;
    const auto shown = largestSpreadRatio(f.perLead[std::min(f.shownLead, f.perLead.size() - 1)]);
    const auto largest = f.perLead.size() > 1 ? largestSpreadRatio(f) : std::nullopt;
    if (!shown && !largest) return;
    if (shown) out << "spread  " << spreadRatioText(*shown) << "\n";
    if (largest)
        out << "spread  largest over the " << f.perLead.size() << " leads: " << spreadRatioText(*largest) << "\n";
    out << "spread  measured as " << (shown ? shown : largest)->yardstick << "\n";
}

// One line per region: the field whose area-weighted rel RMS is largest there.
void printRegions(std::ostream& out, const FieldsComparison& f) {
    if (f.regions.empty() || f.perField.empty()) return;
    out << "worst by region (rel RMS (area)):\n";
    for (std::size_t r = 0; r < f.regions.size(); ++r) {
        const FieldMetrics* worst = nullptr;
        for (const FieldMetrics& m : f.perField) {
            if (r >= m.regions.size() || std::isnan(m.regions[r].relRms)) continue;
            if (!worst || m.regions[r].relRms > worst->regions[r].relRms) worst = &m;
        }
        const std::string worstText = worst ? format("%.3e", worst->regions[r].relRms) + "  " + worst->name : "-";
        char line[160];
        std::snprintf(line, sizeof line, "  %-28s %s", f.regions[r].name.c_str(), worstText.c_str());
        out << line << "\n";
    }
}

void printFields(std::ostream& out, const FieldsComparison& f, bool perField) {
    out << "\nFields (" << f.gridNote << ")\n";
    const bool rollout = f.perLead.size() > 1;
    if (rollout && f.shownLead < f.perLead.size())
        out << "  lead " << leadLabel(f.perLead[f.shownLead]) << " (of " << f.perLead.size() << " leads):\n";
    if (perField) {
        if (!f.perField.empty())
            out << "  (rel RMS: over grid points, unweighted; rel RMS (area): each point weighted by its cell's "
                   "area)\n";
        for (std::size_t k = 0; k < f.perField.size(); ++k) {
            const FieldMetrics& m = f.perField[k];
            const std::string name =
                k < f.members.size() ? m.name + " [member " + std::to_string(f.members[k]) + "]" : m.name;
            char line[256];
            std::snprintf(line, sizeof line, "  %-40s corr %-10s  rel RMS %-9s  rel RMS (area) %-9s  max|A-B| %.3e%s%s",
                          name.c_str(), orDash("%.8f", m.corr).c_str(), orDash("%.3e", m.relRms).c_str(),
                          orDash("%.3e", m.areaWeighted.relRms).c_str(), m.maxAbs,
                          m.nanMasksEqual ? "" : "  NaN masks differ", m.withinTolerance ? "" : "  DIFFERS");
            out << line;
            if (!m.note.empty()) out << "  (" << m.note << ")";
            out << "\n";
        }
    }
    for (const auto& n : f.onlyInA) out << "  only in A: " << n << "\n";
    for (const auto& n : f.onlyInB) out << "  only in B: " << n << "\n";
    char summary[256];
    std::snprintf(summary, sizeof summary,
                  "%zu fields  min corr %.8f  max rel RMS %.3e  median rel RMS %.3e  NaN masks equal: %s",
                  f.perField.size(), f.minCorr, f.maxRelRms, f.medianRelRms, f.nanMasksEqual ? "True" : "False");
    out << summary;
    if (f.undefinedRelRms > 0) out << "  (rel RMS undefined for " << f.undefinedRelRms << ", not in these)";
    if (f.beyondTolerance > 0) out << "  beyond tolerance: " << f.beyondTolerance;
    out << "\n";
    if (!f.worst.empty()) {
        out << "worst:";
        for (const auto& name : f.worst) {
            const FieldMetrics* worst = nullptr;  // over members, when the field has several
            for (const auto& m : f.perField) {
                if (m.name != name) continue;
                if (!worst || (!m.relRmsDefined() && !m.withinTolerance) || m.relRms > worst->relRms) worst = &m;
            }
            if (worst && !worst->relRmsDefined())
                out << "  " << name << " (rel RMS undefined, max|A-B| " << format("%.3e", worst->maxAbs) << ")";
            else out << "  " << name << " " << format("%.3e", worst ? worst->relRms : 0.0);
        }
        out << "\n";
    }
    printRegions(out, f);
    printSpread(out, f);
    if (f.firstDivergence) {
        out << "first divergence  " << firstDivergenceText(*f.firstDivergence) << "\n";
    } else if (f.perLead.size() > 1) {
        out << "first divergence  none: every lead is bit-identical\n";
    }
    if (rollout) printLeadTable(out, f);
    for (const auto& line : f.leadsNotLinedUp) out << "  not lined up: " << line << "\n";
    for (const auto& note : f.notes) out << "  note: " << note << "\n";
}

}  // namespace

const char* graphsVerdict(const GraphDiff& d) {
    if (d.identical()) return "identical";
    if (!d.sameEdgesAndNodes()) return "DIFFER";
    if (d.renumberedNodes.empty()) return "same edges, in another order";
    return d.orderDiffers() ? "the same graph, numbered differently and in another order"
                            : "the same graph, numbered differently";
}

std::string latLonText(double lat, double lon) {
    lon = std::remainder(lon, 360.0);  // (-180°, 180°]
    if (lon == -180) lon = 180;
    return format("%.1f°", std::abs(lat)) + (lat < 0 ? "S" : "N") + " " + format("%.1f°", std::abs(lon)) +
           (lon < 0 ? "W" : "E");
}

std::string firstDivergenceText(const FirstDivergence& d) {
    std::string text = d.hours ? format("+%g h", *d.hours) : "index " + std::to_string(d.leadIndex);
    text += " (lead " + std::to_string(d.leadIndex) + "): " + std::to_string(d.fields.size()) +
            (d.fields.size() == 1 ? " field (" + d.fields.front() + ")" : " fields");
    if (d.points.empty()) return text + "; only NaN/inf positions differ";
    const DivergencePoint& p = d.points.front();
    text += "; largest at " + latLonText(p.lat, p.lon) + " (" + p.field + ", |A-B| " + format("%.3g", p.absDiff) + ")";
    if (d.nearGraphDifference) {
        std::size_t near = 0;
        for (const DivergencePoint& q : d.points) near += q.nearGraphDifference.value_or(false);
        if (p.nearGraphDifference.value_or(false)) text += ", near a graph difference";
        else if (near > 0)
            text += ", " + std::to_string(near) + " of " + std::to_string(d.points.size()) +
                    " largest cells near a graph difference";
        else text += ", not near a graph difference";
    }
    return text;
}

void printCompareSummary(std::ostream& out, const Comparison& c, bool perField) {
    printRun(out, 'A', c.a);
    printRun(out, 'B', c.b);
    if (c.graph) {
        printGraph(out, *c.graph);
        if (c.atRisk) printAtRisk(out, *c.atRisk);
        if (c.edgeFeatures) printEdgeFeatures(out, *c.edgeFeatures);
    }
    if (c.fields) printFields(out, *c.fields, perField);
    if (!c.notCompared.empty()) {
        out << "\nNot compared\n";
        for (const auto& line : c.notCompared) out << "  " << line << "\n";
    }
    const std::vector<std::string> differences = c.differences();
    out << "\nResult: " << (differences.empty() ? "SAME" : "DIFFERENT") << "\n";
    for (const auto& line : differences) out << "  " << line << "\n";
    if (c.diagnosis) out << diagnosisLine(*c.diagnosis) << "\n";
}

}  // namespace meshdiff::cli
