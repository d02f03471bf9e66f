#include "experiments/PairMeasure.h"

#include <limits>

namespace meshdiff::experiments {
namespace {

// The shown lead's max rel RMS; infinite when a field differs whose rel RMS is undefined (a
// constant field that changed), so that no tolerance takes the pair for a match.
double maxRelRmsOf(const FieldsComparison& f) {
    for (const FieldMetrics& m : f.perField)
        if (!m.withinTolerance && !m.relRmsDefined()) return std::numeric_limits<double>::infinity();
    return f.maxRelRms;
}

}  // namespace

PairFacts pairFacts(const Comparison& c) {
    PairFacts f;
    f.cause = c.diagnosis ? toString(c.diagnosis->cause) : "unknown";
    f.graphsCompared = c.graph.has_value();
    f.graphsDiffer = c.graph && !c.graph->identical();
    if (c.graph) {
        f.hashA = c.graph->hashA;
        f.hashB = c.graph->hashB;
    }
    if (c.fields) f.maxRelRms = maxRelRmsOf(*c.fields);
    if (c.edgeFeatures) f.driftingEdges = c.edgeFeatures->drifting();
    f.metadataA = c.a.metadata;
    f.metadataB = c.b.metadata;
    f.metadataFileA = c.a.metadataFile.value_or(std::string());
    f.metadataFileB = c.b.metadataFile.value_or(std::string());
    return f;
}

void measureRerun(EvidenceRow& row, const std::string& runA, const std::string& runB, double tolerance,
                  const CancelFlag* cancel) {
    CompareOptions options;
    options.tolerance = tolerance;
    options.assessRisk = false;
    options.edgeFeatures = false;
    options.diagnose = false;
    options.cancel = cancel;
    // A and B stay the references (rel RMS over std of A, resp. B), as in the compare of A and B.
    const Comparison toA = compareRuns(runA, row.runFolder, options);
    const Comparison toB = compareRuns(runB, row.runFolder, options);
    if (toA.fields) row.relRmsToA = maxRelRmsOf(*toA.fields);
    if (toB.fields) row.relRmsToB = maxRelRmsOf(*toB.fields);
    if (toA.graph) row.graphHash = toA.graph->hashB;
}

}  // namespace meshdiff::experiments
