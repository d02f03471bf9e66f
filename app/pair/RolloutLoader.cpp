#include "pair/RolloutLoader.h"

#include <cmath>
#include <cstdio>

#include "compare/LeadPairs.h"

namespace meshdiff::pair {

RolloutReader::RolloutReader(const std::string& fieldsA, const std::string& fieldsB,
                             const std::optional<DiffPlaces>& places, const FieldTolerance& tolerance,
                             const std::string& spreadFields, const FieldSourceOptions& options)
    : a_(openFieldSource(fieldsA, options)),
      b_(openFieldSource(fieldsB, options)),
      spread_(spreadFields.empty() ? nullptr : openFieldSource(spreadFields, options)),
      tolerance_(tolerance) {
    if (places) around_ = neighbourhoodOn(*places, a_->grid());
    const std::vector<LeadTime> leadsA = a_->leads(), leadsB = b_->leads();
    for (const LeadPair& pair : lineUpLeads(leadsA, leadsB).pairs) {
        plan_.leads.push_back({pair.a, pair.b, 0});
        plan_.hours.push_back(pair.hours);
        plan_.fileIndex.push_back(leadsA[pair.a].index);
    }
    const std::vector<int> membersA = a_->members(), membersB = b_->members();
    if (!membersA.empty() && !membersB.empty())
        plan_.members.assign(membersA.begin(),
                             membersA.begin() + std::ptrdiff_t(std::min(membersA.size(), membersB.size())));
}

RolloutLead RolloutReader::compareLead(std::size_t lead, const std::atomic<bool>& cancel) const {
    RolloutScope scope;
    scope.everyMember = true;
    // compareFieldSources picks the lead by hours, or by A's index when no lead has hours.
    scope.lead = plan_.hours[lead] ? *plan_.hours[lead] : double(plan_.fileIndex[lead]);
    scope.around = around_ ? &*around_ : nullptr;
    scope.spreadRun = spread_.get();
    scope.cancel = &cancel;
    FieldsComparison fields;
    try {
        fields = compareFieldSources(*a_, *b_, tolerance_, scope);
    } catch (const CompareCancelled&) {
        throw LoadCancelled{};
    }
    return rolloutLead(std::move(fields.perLead.at(0)), fields.regions);
}

RolloutLead rolloutLead(LeadComparison comparison, const std::vector<Region>& regions) {
    RolloutLead result;
    result.rows = tableRows(comparison, regions);
    result.comparison = std::move(comparison);
    return result;
}

std::string leadLabel(const RolloutPlan& plan, std::size_t lead) {
    if (!plan.hours[lead]) return "lead " + std::to_string(plan.fileIndex[lead]);
    char text[32];
    std::snprintf(text, sizeof text, "%+g h", *plan.hours[lead]);
    return text;
}

}  // namespace meshdiff::pair
