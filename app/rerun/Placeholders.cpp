#include "rerun/Placeholders.h"

#include <cctype>

#include "common/Error.h"

namespace meshdiff::rerun {
namespace {

bool isNameChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.'; }

}  // namespace

std::string substitutePlaceholders(const std::string& text,
                                   const std::function<std::optional<std::string>(const std::string&)>& lookup,
                                   const std::string& where) {
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '}') {
            if (i + 1 < text.size() && text[i + 1] == '}') {
                out += '}';
                ++i;
                continue;
            }
            throw Error(where, "unmatched '}' in \"" + text + "\" (write }} for a literal brace)");
        }
        if (c != '{') {
            out += c;
            continue;
        }
        if (i + 1 < text.size() && text[i + 1] == '{') {
            out += '{';
            ++i;
            continue;
        }
        std::size_t end = i + 1;
        while (end < text.size() && isNameChar(text[end])) ++end;
        if (end == i + 1 || end >= text.size() || text[end] != '}')
            throw Error(where, "malformed placeholder in \"" + text + "\" (write {{ for a literal brace)");
        const std::string name = text.substr(i + 1, end - i - 1);
        const auto value = lookup(name);
        if (!value) {
            std::string problem = "unknown placeholder {" + name + "} in \"";
            problem += text;
            problem += '"';
            throw Error(where, problem);
        }
        out += *value;
        i = end;
    }
    return out;
}

}  // namespace meshdiff::rerun
