#pragma once
#include <atomic>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "compare/Comparison.h"
#include "fields/FieldSource.h"
#include "fieldtable/FieldRow.h"
#include "pair/PairLoader.h"

namespace meshdiff::pair {

// The leads and members of a pair's fields that the window can step through: the leads A and B
// both have (lined up as compareRuns lines them up) and the members both have.
struct RolloutPlan {
    std::vector<FieldSlice> leads;             // member 0 of each lined-up lead
    std::vector<std::optional<double>> hours;  // per lead; none when no file says
    std::vector<std::size_t> fileIndex;        // per lead: A's position along its lead axis
    std::vector<int> members;                  // member numbers compared (A's); empty: one slice per lead
    bool isRollout() const { return leads.size() > 1 || members.size() > 1; }
};

// One lead compared: core's per-lead comparison (every member), the field table's rows and the
// lead's own diagnosis (none when the pair has none).
struct RolloutLead {
    LeadComparison comparison;
    std::vector<std::vector<views::FieldRow>> rows;  // [member][field], fields in A's order
    std::optional<Diagnosis> diagnosis;
};

// A pair's two fields files, opened again for the rollout so that its reads never wait for (or
// hold up) the error map's. Use from one thread at a time.
class RolloutReader {
public:
    // Throws meshdiff::Error.
    // `places`: where the graphs differ, for the rel RMS near them and elsewhere (none: equal graphs).
    // `spreadFields`: the spread run's fields file, A against it the yardstick (empty: A's members).
    // `options`: as the pair's files were opened (LoadedPair::fieldOptions).
    RolloutReader(const std::string& fieldsA, const std::string& fieldsB, const std::optional<DiffPlaces>& places,
                  const FieldTolerance& tolerance, const std::string& spreadFields = {},
                  const FieldSourceOptions& options = {});
    const RolloutPlan& plan() const { return plan_; }
    // Compares lead `lead` (a position in plan().leads) for every member, as compareRuns does,
    // with the rel RMS near the graph differences and elsewhere, in one read. Throws LoadCancelled when `cancel`
    // is set, meshdiff::Error for bad input.
    RolloutLead compareLead(std::size_t lead, const std::atomic<bool>& cancel) const;

private:
    std::unique_ptr<FieldSource> a_, b_, spread_;
    FieldTolerance tolerance_;
    std::optional<DiffNeighbourhood> around_;  // none when the graphs do not differ
    RolloutPlan plan_;
};

// One lead compared by the pair's own load (every member) as the rollout shows it.
RolloutLead rolloutLead(LeadComparison comparison, const std::vector<Region>& regions);

// "+6 h", or "lead 3" (the file's index) when the lead's hours are unknown.
std::string leadLabel(const RolloutPlan& plan, std::size_t lead);

}  // namespace meshdiff::pair
