#pragma once
#include <optional>
#include <string>

namespace meshdiff {

// A field name split into its variable and level: readers name a field on a level axis
// "variable@level" ("temperature@850", GRIB's "t@850"), and a surface field has no level.
struct FieldLevel {
    std::string variable;         // "temperature"; the whole name when there is no level
    std::optional<double> level;  // 850; none for a surface field (or a level that is not a number)
    std::string levelLabel;       // "850" as written in the name; empty without a level
};

FieldLevel splitFieldLevel(const std::string& name);

}  // namespace meshdiff
