#include "fields/FieldSource.h"

#include <variant>

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

Field FieldSource::loadPointAt(const std::string& name, std::size_t lead, std::size_t member, std::size_t row,
                               std::size_t column) const {
    Field whole = loadAt(name, lead, member);
    if (row >= whole.nlat || column >= whole.nlon)
        throw Error(path(), "grid point (" + std::to_string(row) + ", " + std::to_string(column) + ") asked for, but " +
                                name + " is " + std::to_string(whole.nlat) + "×" + std::to_string(whole.nlon));
    Field point;
    point.name = std::move(whole.name);
    point.units = std::move(whole.units);
    point.longName = std::move(whole.longName);
    point.nlat = point.nlon = 1;
    const std::size_t index = row * whole.nlon + column;
    std::visit([&](const auto& values) { point.values = std::decay_t<decltype(values)>{values[index]}; }, whole.values);
    return point;
}

}  // namespace meshdiff
