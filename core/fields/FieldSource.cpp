#include "fields/FieldSource.h"

#include "common/Error.h"

namespace meshdiff {

Field FieldSource::loadAt(const std::string& name, std::size_t lead, std::size_t member) const {
    if (lead >= leads().size())
        throw Error(path(), "lead " + std::to_string(lead) + " asked for, but the file has " +
                                std::to_string(leads().size()) + " lead(s)");
    if (member > 0 && member >= members().size())
        throw Error(path(), "member " + std::to_string(member) + " asked for, but the file has " +
                                std::to_string(members().size()) + " member(s)");
    return load(name);
}

}  // namespace meshdiff
