#include "cli/CompareSummary.h"

#include <cstdio>
#include <string>

namespace meshdiff::cli {
namespace {

std::string format(const char* fmt, double value) {
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, fmt, value);
    return buffer;
}

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
    out << "  hash A " << d.hashA << "\n  hash B " << d.hashB << "\n";
    out << "  graphs " << (d.identical() ? "identical" : "DIFFER") << "\n";
}

void printFields(std::ostream& out, const FieldsComparison& f, bool perField) {
    out << "\nFields (" << f.gridNote << ")\n";
    if (perField) {
        for (const auto& m : f.perField) {
            char line[256];
            std::snprintf(line, sizeof line, "  %-40s corr %.8f  rel RMS %.3e  max|A-B| %.3e%s\n", m.name.c_str(),
                          m.corr, m.relRms, m.maxAbs, m.nanMasksEqual ? "" : "  NaN masks differ");
            out << line;
        }
    }
    for (const auto& n : f.onlyInA) out << "  only in A: " << n << "\n";
    for (const auto& n : f.onlyInB) out << "  only in B: " << n << "\n";
    char summary[256];
    std::snprintf(summary, sizeof summary,
                  "%zu fields  min corr %.8f  max rel RMS %.3e  median rel RMS %.3e  NaN masks equal: %s\n",
                  f.perField.size(), f.minCorr, f.maxRelRms, f.medianRelRms, f.nanMasksEqual ? "True" : "False");
    out << summary;
    if (!f.worst.empty()) {
        out << "worst:";
        for (const auto& name : f.worst) {
            for (const auto& m : f.perField) {
                if (m.name == name) out << "  " << name << " " << format("%.3e", m.relRms);
            }
        }
        out << "\n";
    }
}

}  // namespace

void printCompareSummary(std::ostream& out, const Comparison& c, bool perField) {
    printRun(out, 'A', c.a);
    printRun(out, 'B', c.b);
    if (c.graph) {
        printGraph(out, *c.graph);
        if (c.atRisk) printAtRisk(out, *c.atRisk);
    }
    if (c.fields) printFields(out, *c.fields, perField);
    if (!c.notCompared.empty()) {
        out << "\nNot compared\n";
        for (const auto& line : c.notCompared) out << "  " << line << "\n";
    }
    out << "\nResult: " << (c.identical() ? "SAME" : "DIFFERENT") << "\n";
}

}  // namespace meshdiff::cli
