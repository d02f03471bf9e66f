#include "fields/FieldLevel.h"

#include <charconv>

namespace meshdiff {

FieldLevel splitFieldLevel(const std::string& name) {
    const std::size_t at = name.rfind('@');
    if (at == std::string::npos || at == 0 || at + 1 == name.size()) return {name, std::nullopt, {}};
    FieldLevel split{name.substr(0, at), std::nullopt, name.substr(at + 1)};
    double value = 0;
    const char* first = split.levelLabel.data();
    const char* last = first + split.levelLabel.size();
    const auto [end, error] = std::from_chars(first, last, value);
    if (error == std::errc() && end == last) split.level = value;
    return split;
}

}  // namespace meshdiff
