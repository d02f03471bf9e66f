#pragma once
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "fields/FieldMetrics.h"
#include "fields/FieldSource.h"
#include "fragility/DiffRisk.h"
#include "graph/GraphDiff.h"
#include "run/RunFolder.h"

namespace meshdiff {

struct FieldsComparison {
    std::vector<FieldMetrics> perField;  // in A's field order
    std::vector<std::string> onlyInA, onlyInB;
    std::string gridNote;  // how A's and B's grids were matched (and inferred)
    double minCorr = 1, maxRelRms = 0, medianRelRms = 0;
    bool nanMasksEqual = true;
    std::vector<std::string> worst;  // up to 3 names, highest rel RMS first
};

struct CompareOptions {
    double tolerance = 0;  // a field differs when rel RMS > tolerance
    FieldSourceOptions fieldOptions;
    bool compareGraphs = true;
    bool compareFields = true;
    bool assessRisk = true;  // run both graphs' fragility analysis when they differ
};

struct Comparison {
    RunInputs a, b;
    std::optional<GraphDiff> graph;
    std::optional<DiffRisk> atRisk;  // differing items that A's or B's fragility analysis flags
    std::optional<FieldsComparison> fields;
    std::vector<std::string> notCompared;  // what was left out and why: "fields: only A has a fields file"
    double tolerance = 0;
    bool identical() const;  // false when nothing was compared
};

// Throws meshdiff::Error ("nothing to compare: A (…) holds a graph only, B (…) holds fields only")
// when A and B share nothing `options` asks for, and when any file it reads is damaged.
Comparison compareRuns(const std::string& pathA, const std::string& pathB, const CompareOptions& options = {});

// One line for each part of A and B that is not compared, with the reason.
std::vector<std::string> partsNotCompared(const RunInputs& a, const RunInputs& b, const CompareOptions& options);
// Throws meshdiff::Error when neither graphs nor fields can be compared.
void requireSomethingToCompare(const RunInputs& a, const RunInputs& b, const CompareOptions& options);
FieldsComparison compareFieldSources(const FieldSource& a, const FieldSource& b, double tolerance);

// The --json structure of issue "Core engine" (graph/fields sections null when absent).
nlohmann::json comparisonToJson(const Comparison& comparison);

}  // namespace meshdiff
