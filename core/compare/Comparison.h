#pragma once
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "compare/CompareProgress.h"
#include "compare/FirstDivergence.h"
#include "diagnose/Diagnosis.h"
#include "diagnose/DiffNeighbourhood.h"
#include "features/EdgeFeatureDrift.h"
#include "fields/FieldMetrics.h"
#include "fields/FieldSource.h"
#include "fields/FieldTolerance.h"
#include "fields/Regions.h"
#include "fragility/DiffRisk.h"
#include "graph/GraphDiff.h"
#include "run/RunFolder.h"

namespace meshdiff {

// The natural spread A−B is judged against, at one lead: A's member 0 against A's member 1, or
// A (member 0) against a third run (--spread RUN_C).
struct MemberSpread {
    int memberA = 0, memberB = 1;  // member numbers, when the spread is between A's members
    std::string run;               // the third run's fields file, when it is against a run
    double maxRelRms = 0, medianRelRms = 0;
    std::size_t count = 0;  // fields measured
    // A (member 0) against the yardstick, one per compared field in A's field order (not per
    // member); none where the spread was not measured (the field is missing from the third run).
    std::vector<std::optional<FieldMetrics>> perField;
};

// One lead of A lined up with one lead of B.
struct LeadComparison {
    std::size_t index = 0, indexB = 0;                    // positions along A's and B's lead axes
    std::optional<double> hours;                          // none when neither file says
    std::vector<FieldMetrics> perField;                   // A's field order; field-major, one per member pair
    std::vector<int> members;                             // member number of each perField entry; empty without members
    double minCorr = 1, maxRelRms = 0, medianRelRms = 0;  // over the fields where each is defined
    bool nanMasksEqual = true;
    std::size_t beyondTolerance = 0;  // fields (× members) whose FieldMetrics::withinTolerance is false
    std::size_t undefinedRelRms = 0;  // fields (× members) whose rel RMS is undefined (std(A) = 0, no points)
    std::vector<std::string> worst;   // up to 3 names: beyond tolerance first, then highest rel RMS
    std::optional<MemberSpread> spread;
    std::vector<NearEnergy> nearEnergy;           // as perField, when RolloutScope::around was given
    std::optional<double> ratioToSpread() const;  // maxRelRms / spread's max rel RMS
};

// Top-level values describe one lead (the first, or the one chosen): perLead[shownLead].
struct FieldsComparison {
    std::vector<FieldMetrics> perField;  // in A's field order
    std::vector<int> members;            // as LeadComparison::members
    std::vector<std::string> onlyInA, onlyInB;
    std::string gridNote;  // how A's and B's grids were matched (and inferred)
    double minCorr = 1, maxRelRms = 0, medianRelRms = 0;
    bool nanMasksEqual = true;
    std::size_t beyondTolerance = 0, undefinedRelRms = 0;
    std::vector<std::string> worst;  // as LeadComparison::worst

    std::vector<LeadComparison> perLead;       // lined-up leads, in A's lead order
    std::size_t shownLead = 0;                 // position in perLead of the top-level values
    std::vector<std::string> leadsNotLinedUp;  // "lead 30 h: only in B"
    std::vector<std::string> notes;            // how leads and members were lined up
    std::vector<Region> regions;               // what FieldMetrics::regions are measured over, in order
    // The first lead at which A and B are not bit-identical and where (compare/FirstDivergence.h);
    // none when every lead is, or when only one lead was compared (RolloutScope::everyLead false).
    std::optional<FirstDivergence> firstDivergence;

    void showLead(std::size_t position);  // the top-level values become perLead[position]'s
};

struct Comparison;

// What compareRuns keeps for a caller that goes on showing the pair (the window, the report):
// the graphs as read, the places where they differ and the open field files.
struct KeptInputs {
    std::shared_ptr<const MeshGraph> graphA, graphB;  // B in A's mesh numbering when B was renumbered
    std::optional<DiffPlaces> places;                 // where the graphs differ: what "near" is measured from
    std::optional<DiffNeighbourhood> around;          // the places on A's fields grid (Near/Between/Far)
    std::shared_ptr<FieldSource> fieldsA, fieldsB;    // not thread-safe: one reader at a time
    GridAlignment alignment;                          // of A's fields grid onto B's
};

// The stages of compareRuns a caller can watch, each called once on compareRuns's threads (keep
// them short or hand the work on). graphsRead needs CompareOptions::keepInputs.
struct CompareStages {
    // Both runs' files found (Comparison::a, b and notCompared), nothing read yet.
    std::function<void(const Comparison& runs)> runsFound;
    // Both graphs read (either may be null), before they are diffed.
    std::function<void(std::shared_ptr<const MeshGraph> a, std::shared_ptr<const MeshGraph> b)> graphsRead;
    // The graph part done (runs, graph diff, places; no at-risk, drift or fields yet).
    std::function<void(const Comparison& graphPart, const KeptInputs& kept)> graphsDiffed;
};

struct CompareOptions {
    FieldTolerance tolerance;  // when a field matches (fields/FieldTolerance.h)
    FieldSourceOptions fieldOptions;
    bool compareGraphs = true;
    bool compareFields = true;
    bool assessRisk = true;                // run both graphs' fragility analysis when they differ
    bool edgeFeatures = true;              // recompute both graphs' edge features and compare them
    bool listDriftingEdges = true;         // keep every drifting edge (EdgeSetDrift::edges), not only the tallies
    bool diagnose = true;                  // say why the fields differ (Comparison::diagnosis)
    std::optional<double> lead;            // hours of the lead shown at top level (an index when no file gives hours)
    std::optional<std::string> spreadRun;  // a third run whose difference from A is the yardstick
    std::vector<Region> regions = standardRegions();  // each field's area-weighted numbers over these too
    CompareProgressCallback progress;    // after each field × lead × member read (compare/CompareProgress.h)
    const CancelFlag* cancel = nullptr;  // when set, compareRuns throws CompareCancelled
    // Every lead and member (the command line), or only the shown lead's first member (the
    // window's first table; it compares the other leads as the user steps to them).
    bool everyLead = true, everyMember = true;
    // Throw: a damaged file stops the compare at once. Record: the graphs are compared (and
    // stages.graphsDiffed called) first, then the damage is thrown.
    DamagedFiles damagedFiles = DamagedFiles::Throw;
    bool keepInputs = false;  // fill Comparison::kept
    CompareStages stages;
};

struct Comparison {
    RunInputs a, b;
    std::optional<GraphDiff> graph;
    std::optional<DiffRisk> atRisk;                // differing items that A's or B's fragility analysis flags
    std::optional<EdgeFeatureDrift> edgeFeatures;  // features of the edges A and B share, compared
    std::optional<FieldsComparison> fields;
    std::optional<Diagnosis> diagnosis;    // why the fields differ (core/diagnose); none without fields
    std::vector<std::string> notCompared;  // what was left out and why: "fields: only A has a fields file"
    FieldTolerance tolerance;
    std::shared_ptr<KeptInputs> kept;  // with CompareOptions::keepInputs
    // What makes A and B differ, one phrase each ("the graphs differ", "1 field beyond tolerance
    // (rel RMS ≤ 0): land_sea_mask"); "nothing was compared" when nothing was.
    std::vector<std::string> differences() const;
    // True only when something was compared and all of it matches: graphs identical, the same
    // fields and leads, every field within tolerance (FieldMetrics::withinTolerance).
    bool identical() const;
};

// Throws meshdiff::Error ("nothing to compare: A (…) holds a graph only, B (…) holds fields only")
// when A and B share nothing `options` asks for, and when any file it reads is damaged.
Comparison compareRuns(const std::string& pathA, const std::string& pathB, const CompareOptions& options = {});

// One line for each part of A and B that is not compared, with the reason.
std::vector<std::string> partsNotCompared(const RunInputs& a, const RunInputs& b, const CompareOptions& options);
// Throws meshdiff::Error when neither graphs nor fields can be compared.
void requireSomethingToCompare(const RunInputs& a, const RunInputs& b, const CompareOptions& options);
// Compares the leads that line up (by hours when both files give them, else by index) and member
// k with member k, one field × lead × member at a time. Throws meshdiff::Error when scope.lead is
// none of the leads.
// What compareFieldSources covers. The defaults are one 2-D slice per field, the first lead's
// first member (what the window shows); compareRuns asks for every lead and member.
struct RolloutScope {
    bool everyLead = false, everyMember = false;
    std::optional<double> lead;  // the lead shown at top level (hours; an index when no file gives hours)
    // The yardstick: A against this run, else (with everyMember) A's member 0 against member 1.
    const FieldSource* spreadRun = nullptr;
    // Where the graphs differ, on A's grid: each field's Σ(A−B)² near it goes to nearEnergy.
    const DiffNeighbourhood* around = nullptr;
    std::vector<Region> regions = standardRegions();  // FieldMetrics::regions
    CompareProgressCallback progress;
    const CancelFlag* cancel = nullptr;
};
FieldsComparison compareFieldSources(const FieldSource& a, const FieldSource& b, const FieldTolerance& tolerance,
                                     const RolloutScope& scope = {});

// The --json structure of issue "Core engine" (graph/fields sections null when absent); the
// scorecard over `scorecardRegion` (a FieldsComparison::regions name; meshdiff::Error otherwise).
nlohmann::json comparisonToJson(const Comparison& comparison, const std::string& scorecardRegion = "global");

}  // namespace meshdiff
