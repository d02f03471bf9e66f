#include "compare/DiagnoseLead.h"

namespace meshdiff {

std::vector<FieldDifference> fieldDifferences(const LeadComparison& lead, std::size_t position) {
    std::vector<FieldDifference> fields;
    fields.reserve(lead.perField.size());
    for (std::size_t k = 0; k < lead.perField.size(); ++k) {
        FieldDifference d;
        d.name = lead.perField[k].name;
        d.lead = position;
        d.leadHours = lead.hours;
        if (k < lead.members.size()) d.member = lead.members[k];
        d.relRms = lead.perField[k].relRms;
        d.beyondTolerance = !lead.perField[k].withinTolerance;
        d.maxAbs = lead.perField[k].maxAbs;
        if (k < lead.nearEnergy.size()) d.energy = lead.nearEnergy[k];
        fields.push_back(std::move(d));
    }
    return fields;
}

Diagnosis diagnoseLead(const Diagnosis& pairDiagnosis, const LeadComparison& lead, std::size_t position) {
    DiagnosisInput input;
    input.fields = fieldDifferences(lead, position);
    input.shownLead = position;
    input.pair = pairDiagnosis.pair;
    return diagnose(input);
}

}  // namespace meshdiff
