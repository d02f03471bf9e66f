#pragma once
#include <string>

#include "compare/Comparison.h"
#include "experiments/Evidence.h"

namespace meshdiff::experiments {

// What the plan needs from a full compare of A and B (graphs, fields, edge features, diagnosis).
PairFacts pairFacts(const Comparison& comparison);

// Compares a rerun's folder with A and with B (graphs and fields; no fragility analysis) and
// fills the row's rel RMS and graph hash. Throws meshdiff::Error naming the file.
void measureRerun(EvidenceRow& row, const std::string& runA, const std::string& runB, double tolerance,
                  const CancelFlag* cancel = nullptr);

}  // namespace meshdiff::experiments
