#pragma once
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "diagnose/Diagnosis.h"
#include "features/EdgeFeatureDrift.h"

namespace meshdiff::views {

// One field's evidence at the lead shown (docs/diagnosis.md, "Numbers per field").
struct DiagnosisFieldRow {
    std::string field;
    std::optional<int> member;
    std::string cause;  // "graph", "everywhere", …
    double relRms = 0, energyNear = 0, areaNear = 0, concentration = 0, graphShare = 0;
    bool withinTolerance = false;
};

// One edge set's edge-feature drift.
struct DiagnosisDriftRow {
    std::string edgeSet;  // "grid→mesh", "mesh→grid"
    std::size_t shared = 0, drifting = 0;
    double maxUlps = 0, medianUlps = 0;
};

// What the Diagnosis panel shows, as plain values: the verdict, the sentence behind it and the
// evidence, at one lead.
struct DiagnosisPanelData {
    std::string cause;  // empty: nothing to diagnose yet (see `note`)
    std::string explanation;
    std::string lead;                       // "lead +6 h" when the runs have leads, else empty
    std::string neighbourhood;              // "near = within 1.08° of 17 triangles …"
    std::string note;                       // why there is no verdict, or that it is another lead's
    std::vector<DiagnosisFieldRow> fields;  // worst (highest rel RMS) first
    std::vector<DiagnosisDriftRow> drift;   // empty when the edge features were not compared
    bool empty() const { return cause.empty(); }
};

// The panel's data for lead `lead` (a position among the lined-up leads) and member `member`
// (a member number; ignored for fields without members). A lead the diagnosis has no numbers for
// shows the diagnosed lead's, with a note. Either pointer may be null.
DiagnosisPanelData diagnosisPanelData(const Diagnosis* diagnosis, const EdgeFeatureDrift* drift,
                                      std::optional<std::size_t> lead = std::nullopt, int member = 0);

}  // namespace meshdiff::views
