#pragma once
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "experiments/ExperimentPlan.h"

namespace meshdiff::experiments {

// One experiment's outcome: its rerun compared with A and with B.
struct EvidenceRow {
    Experiment experiment;
    std::string status = "not run";  // succeeded, failed, cancelled, timed-out, not run
    std::string reason;              // why it failed, when it did
    std::string runFolder;
    std::optional<double> relRmsToA, relRmsToB;  // max rel RMS over the fields of the lead shown
    std::string graphHash;                       // of the rerun's graph, when it has one
    std::string shows;                           // what the row shows, in words (judge())
};

struct Verdict {
    std::string cause;  // graph, precision, graph+precision, none, undetermined
    std::string text;   // "Cause: host-built graph. With A's graph, B's side matches A …"
};

struct ExperimentsResult {
    std::string runA, runB, recipe, backend;
    PairFacts facts;
    double tolerance = 0;
    Plan plan;
    std::vector<EvidenceRow> evidence;
    Verdict verdict;
};

// The rules (docs/experiments.md, "The verdict"): fills each row's `shows` and returns the
// verdict. `tolerance`: rel RMS at or below it counts as a match.
Verdict judge(const PairFacts& facts, std::vector<EvidenceRow>& evidence, double tolerance);

nlohmann::json experimentsResultToJson(const ExperimentsResult& result);
std::string experimentsResultToMarkdown(const ExperimentsResult& result);
std::string planText(const Plan& plan);               // the plan, one experiment a line, for the terminal
std::string evidenceTable(const ExperimentsResult&);  // the evidence table for the terminal

std::string formatRelRms(std::optional<double> value);
// The rerun's graph as the table names it: "A's (1a2b3c…)", "B's (…)", "other (…)" or "–".
std::string graphColumn(const EvidenceRow& row, const PairFacts& facts);

}  // namespace meshdiff::experiments
