#include "pair/RolloutLoader.h"

#include <cmath>
#include <cstdio>

#include "compare/LeadPairs.h"
#include "fieldtable/NearDifferenceMask.h"

namespace meshdiff::pair {

RolloutReader::RolloutReader(const std::string& fieldsA, const std::string& fieldsB,
                             const std::vector<views::LonLat>& differenceLocations)
    : a_(openFieldSource(fieldsA)), b_(openFieldSource(fieldsB)) {
    alignment_ = alignGrids(a_->grid(), b_->grid(), a_->path(), b_->path());
    if (!differenceLocations.empty()) {
        nearMask_ = views::nearDifferenceMask(a_->grid(), alignment_, differenceLocations,
                                              views::defaultNearRadiusDegrees(a_->grid()));
    }
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
    FieldsComparison fields = compareFieldSources(*a_, *b_, 0, scope);
    if (cancel.load()) throw LoadCancelled{};

    RolloutLead result;
    result.comparison = std::move(fields.perLead.at(0));
    const std::vector<FieldMetrics>& metrics = result.comparison.perField;
    const std::size_t memberCount = std::max<std::size_t>(1, plan_.members.size());
    result.rows.resize(memberCount);
    for (std::size_t k = 0; k < metrics.size(); ++k) result.rows[k % memberCount].push_back(fieldRow(metrics[k]));

    if (nearMask_.empty()) return result;
    const FieldSlice& slice = plan_.leads[lead];
    const bool membersA = !a_->members().empty(), membersB = !b_->members().empty();
    for (std::size_t member = 0; member < memberCount; ++member) {
        for (views::FieldRow& row : result.rows[member]) {
            if (cancel.load()) throw LoadCancelled{};
            const Field fa = a_->loadAt(row.name, slice.leadA, membersA ? member : 0);
            const Field fb = b_->loadAt(row.name, slice.leadB, membersB ? member : 0);
            row.relRmsNear = maskedRelRms(fa, fb, alignment_, nearMask_, 1);
            row.relRmsElsewhere = maskedRelRms(fa, fb, alignment_, nearMask_, 0);
        }
    }
    return result;
}

std::string leadLabel(const RolloutPlan& plan, std::size_t lead) {
    if (!plan.hours[lead]) return "lead " + std::to_string(plan.fileIndex[lead]);
    char text[32];
    std::snprintf(text, sizeof text, "%+g h", *plan.hours[lead]);
    return text;
}

}  // namespace meshdiff::pair
