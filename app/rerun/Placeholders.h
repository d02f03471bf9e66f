#pragma once
#include <functional>
#include <optional>
#include <string>

namespace meshdiff::rerun {

// Replaces every {name} in `text` by lookup(name), in one pass: substituted values are never
// scanned again, so a value holding "{out}" or "$(…)" stays literal. "{{" and "}}" stand for
// single braces. Throws meshdiff::Error for an unknown name or an unmatched brace.
std::string substitutePlaceholders(const std::string& text,
                                   const std::function<std::optional<std::string>(const std::string&)>& lookup,
                                   const std::string& where = "recipe");

}  // namespace meshdiff::rerun
