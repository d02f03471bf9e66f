#include "common/Error.h"
#include "compare/Comparison.h"

namespace meshdiff {
namespace {

std::string holdings(const RunInputs& run) {
    if (run.graphFile && run.fieldsFile) return "holds a graph and fields";
    if (run.graphFile) return "holds a graph only";
    if (run.fieldsFile) return "holds fields only";
    return "holds neither a graph nor fields";
}

// "graphs: only A has a graph file", or "" when both have one.
std::string missingSide(const char* part, const char* file, bool inA, bool inB) {
    if (inA && inB) return {};
    const std::string who = inA ? "only A has" : inB ? "only B has" : "neither run has";
    return std::string(part) + ": " + who + " " + file;
}

}  // namespace

std::vector<std::string> partsNotCompared(const RunInputs& a, const RunInputs& b, const CompareOptions& options) {
    std::vector<std::string> lines;
    const bool anyGraph = a.graphFile || b.graphFile, anyFields = a.fieldsFile || b.fieldsFile;
    if (!options.compareGraphs && anyGraph) lines.push_back("graphs: not asked for (fields only)");
    if (options.compareGraphs) {
        const std::string line = missingSide("graphs", "a graph file", bool(a.graphFile), bool(b.graphFile));
        if (!line.empty()) lines.push_back(line);
    }
    if (!options.compareFields && anyFields) lines.push_back("fields: not asked for (graphs only)");
    if (options.compareFields) {
        const std::string line = missingSide("fields", "a fields file", bool(a.fieldsFile), bool(b.fieldsFile));
        if (!line.empty()) lines.push_back(line);
    }
    return lines;
}

void requireSomethingToCompare(const RunInputs& a, const RunInputs& b, const CompareOptions& options) {
    const bool graphs = options.compareGraphs && a.graphFile && b.graphFile;
    const bool fields = options.compareFields && a.fieldsFile && b.fieldsFile;
    if (graphs || fields) return;
    const std::string scope = !options.compareFields && !options.compareGraphs ? " when neither part is asked for"
                              : !options.compareFields                         ? " with graphs only"
                              : !options.compareGraphs                         ? " with fields only"
                                                                               : "";
    throw Error("", "nothing to compare" + scope + ": A (" + a.path + ") " + holdings(a) + ", B (" + b.path + ") " +
                        holdings(b));
}

}  // namespace meshdiff
