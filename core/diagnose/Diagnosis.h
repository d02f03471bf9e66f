#pragma once
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "diagnose/DiffNeighbourhood.h"
#include "diagnose/NearEnergy.h"

namespace meshdiff {

// Why A and B differ, from what a compare has loaded (docs/diagnosis.md).
enum class Cause {
    None,        // every field within tolerance
    Graph,       // the difference sits where the graphs differ
    Everywhere,  // it does not: device numerics, precision (TF32), library versions, inputs
    Mixed,       // both parts are significant
    Order,       // the graphs hold the same edges, listed in another order: summation order
    Unknown,     // fields differ but no graphs were compared
};
const char* toString(Cause cause);

struct DiagnosisThresholds {
    double significantShare = 0.1;  // a part counts when it holds ≥ 10 % of Σ(A−B)²
    double minConcentration = 1.5;  // the graph part counts only where the energy share is ≥ 1.5× the area share
};

// One field at one lead (and member) of a compare.
struct FieldDifference {
    std::string name;
    std::size_t lead = 0;  // position in the compare's lined-up leads
    std::optional<double> leadHours;
    std::optional<int> member;
    double relRms = 0, maxAbs = 0;     // relRms NaN when undefined (FieldMetrics::relRms)
    bool beyondTolerance = false;      // FieldMetrics::withinTolerance is false
    std::optional<NearEnergy> energy;  // none when the graphs are identical or not compared
};

// A residual the graph items do not explain, e.g. edge features that drift where the edge lists
// agree (graph.edge_features): named in the explanation, it does not change the cause.
struct DiagnosisResidual {
    std::string what;  // "edge features of 1 234 grid→mesh edges drift by up to 3 ULPs"
};

// What the diagnosis knows of the pair besides its fields: the same at every lead.
struct PairFacts {
    bool graphsCompared = false, graphsDiffer = false;  // graphsDiffer: the edge sets or nodes
    // Receivers whose incoming edges are listed in another order (GraphDiff::g2mReordered, m2gReordered).
    std::size_t reorderedMeshNodes = 0, reorderedGridPoints = 0;
    std::size_t renumberedMeshNodes = 0;  // GraphDiff::renumberedNodes: also another summation order
    std::optional<DiffPlaces> places;     // the graph differences; its latLon may be left out
    double globeAreaNear = 0;             // the neighbourhood's share of the whole fields grid
    double tolerance = 0;                 // the relative one (FieldTolerance::relative)
    std::string toleranceText;            // FieldTolerance::text(), for the explanation
    std::optional<DiagnosisResidual> residual;
    DiagnosisThresholds thresholds;
};

struct DiagnosisInput {
    std::vector<FieldDifference> fields;
    std::size_t shownLead = 0;  // the lead the cause is given for
    PairFacts pair;
};

struct FieldDiagnosis {
    FieldDifference field;
    double energyNear = 0, areaNear = 0, concentration = 0;
    double graphShare = 0;  // the part of Σ(A−B)² above an even spread: 1 − (1 − energyNear)/(1 − areaNear)
    Cause cause = Cause::None;
};

struct LeadDiagnosis {
    std::size_t lead = 0;
    std::optional<double> hours;
    Cause cause = Cause::None;
    double graphShare = 0;  // pooled over the lead's fields beyond tolerance, weighted by rel RMS² (1 when undefined)
};

struct Diagnosis {
    Cause cause = Cause::None;
    std::string explanation;
    double graphShare = 0, energyNear = 0;  // pooled over the shown lead's fields beyond tolerance
    std::size_t fieldsBeyondTolerance = 0;
    std::vector<FieldDiagnosis> perField;  // every lead and member, in the input's order
    std::vector<LeadDiagnosis> perLead;
    std::size_t shownLead = 0;
    // The lead the cause describes: the shown one, or when every field is within tolerance there,
    // the first lead where one is not (so that the cause is "none" only when no lead differs).
    std::size_t explainedLead = 0;
    std::size_t triangles = 0, grid2meshEdges = 0, movedNodes = 0;
    std::size_t reorderedMeshNodes = 0, reorderedGridPoints = 0, renumberedMeshNodes = 0;
    bool movedNodesPlaced = false;  // DiffPlaces::movedNodesPlaced
    double radiusDegrees = 0, globeAreaNear = 0;
    bool graphsCompared = false, graphsDiffer = false;
    double tolerance = 0;
    std::string toleranceText;
    DiagnosisThresholds thresholds;
    std::optional<DiagnosisResidual> residual;
    PairFacts pair;  // what it was diagnosed from: another lead of the same pair is diagnosed with it
};

Diagnosis diagnose(const DiagnosisInput& input);

// The `diagnosis` object of compare --json (README, "JSON output").
nlohmann::json diagnosisToJson(const Diagnosis& diagnosis);
// One line for the CLI summary and the report: "Cause: graph — 97 % of Σ(A−B)² within 1.08° of …".
std::string diagnosisLine(const Diagnosis& diagnosis);

}  // namespace meshdiff
