#include "pair/EveryLeadComparison.h"

#include "fields/FieldSource.h"

namespace meshdiff::pair {

std::shared_ptr<const FieldsComparison> compareEveryLead(const LoadedPair& pair) {
    const Comparison& c = pair.comparison;
    if (!c.a.fieldsFile || !c.b.fieldsFile) return nullptr;
    if (c.fields && c.fields->perLead.size() > 1) return std::make_shared<const FieldsComparison>(*c.fields);
    const auto a = openFieldSource(*c.a.fieldsFile, pair.fieldOptions);
    const auto b = openFieldSource(*c.b.fieldsFile, pair.fieldOptions);
    if (a->leads().size() < 2 && b->leads().size() < 2) return nullptr;
    const auto spread =
        pair.spreadFieldsFile.empty() ? nullptr : openFieldSource(pair.spreadFieldsFile, pair.fieldOptions);
    RolloutScope scope;
    scope.everyLead = true;
    scope.everyMember = true;
    scope.spreadRun = spread.get();
    auto fields = std::make_shared<FieldsComparison>(compareFieldSources(*a, *b, c.tolerance, scope));
    if (fields->perLead.size() < 2) return nullptr;
    return fields;
}

}  // namespace meshdiff::pair
