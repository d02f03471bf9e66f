#include "fields/FieldSource.h"

#include "common/Error.h"

namespace meshdiff {

void FieldSource::checkPosition(std::size_t lead, std::size_t member, const char* holder) const {
    const std::size_t leadCount = leads().size(), memberCount = members().size();
    if (lead >= leadCount)
        throw Error(path(), "lead " + std::to_string(lead) + " asked for, but " + holder + " has " +
                                std::to_string(leadCount) + " lead(s)");
    if (member > 0 && member >= memberCount)
        throw Error(path(), "member " + std::to_string(member) + " asked for, but " + holder + " has " +
                                std::to_string(memberCount) + " member(s)");
}

Field FieldSource::loadAt(const std::string& name, std::size_t lead, std::size_t member) const {
    checkPosition(lead, member);
    return load(name);
}

}  // namespace meshdiff
