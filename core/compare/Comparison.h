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
    double tolerance = 0;
    bool identical() const;
};

Comparison compareRuns(const std::string& pathA, const std::string& pathB, const CompareOptions& options = {});
FieldsComparison compareFieldSources(const FieldSource& a, const FieldSource& b, double tolerance);

// The --json structure of issue "Core engine" (graph/fields sections null when absent).
nlohmann::json comparisonToJson(const Comparison& comparison);

}  // namespace meshdiff
