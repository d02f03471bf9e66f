#include "rerun/ShellQuote.h"

#include "common/Error.h"
#include "rerun/Recipe.h"

namespace meshdiff::rerun {

std::string shellQuote(const std::string& text) {
    std::string out = "'";
    for (const char c : text) {
        if (c == '\'') out += "'\\''";
        else out += c;
    }
    return out + "'";
}

std::string shellExports(const std::vector<std::pair<std::string, std::string>>& env) {
    std::string out;
    for (const auto& [name, value] : env) {
        if (!isValidEnvName(name)) throw Error("environment", "\"" + name + "\" is not a valid variable name");
        out += "export " + name + "=" + shellQuote(value) + "\n";
    }
    return out;
}

std::string shellExec(const std::vector<std::string>& argv) {
    std::string out = "exec";
    for (const auto& word : argv) out += " " + shellQuote(word);
    return out;
}

}  // namespace meshdiff::rerun
