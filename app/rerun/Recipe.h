#pragma once
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace meshdiff::rerun {

// One argument of a command template. A group of several words is left out as a whole when
// one of its placeholders resolves to an empty value (e.g. "--edges {graph}" with no graph).
struct CommandPart {
    std::vector<std::string> words;
    bool group = false;
};

// One choice of an option: the parameters and environment variables it sets.
struct OptionChoice {
    std::string label;
    std::map<std::string, std::string> params;
    std::map<std::string, std::string> env;
};

// A named switch shown as one drop-down (graph own/A/B, precision, CPU features, …).
struct RecipeOption {
    std::string name;
    std::string label;
    std::vector<OptionChoice> choices;
    std::string selected;     // a choice label; the first choice when empty
    std::string description;  // what the option changes, the panel's tooltip

    const OptionChoice& selectedChoice() const;  // throws Error when `selected` names no choice
};

// What to run, saved as JSON. Placeholders such as {out} or {A.graph} are replaced inside single
// arguments only; nothing is ever handed to a shell as one string.
struct Recipe {
    std::string name;
    std::string description;
    std::vector<CommandPart> command;
    std::map<std::string, std::string> params;
    std::map<std::string, std::string> env;  // free variables; an empty value leaves it unset
    std::vector<RecipeOption> options;
    std::string workdir;                  // where the command runs; {out} when empty
    std::vector<std::string> fileParams;  // params holding local input paths (copied to remote hosts)
    bool compareWithRuns = false;         // diff the result against A and B when it finishes
    double timeoutSeconds = 0;            // 0: no limit
    std::string progressPattern;          // regex: one group = percent, two groups = done/total
    // Keys this struct does not model ("experiments", …), kept verbatim so that saving keeps them.
    nlohmann::json extra = nlohmann::json::object();

    // Options' selections applied: params and env of the chosen entries override the recipe's.
    std::map<std::string, std::string> effectiveParams() const;
    std::map<std::string, std::string> effectiveEnv() const;
    RecipeOption* option(const std::string& name);
};

// Throws meshdiff::Error(source, problem) on a malformed recipe.
Recipe recipeFromJson(const nlohmann::json& json, const std::string& source = "recipe");
nlohmann::json recipeToJson(const Recipe& recipe);
Recipe loadRecipe(const std::string& path);
void saveRecipe(const Recipe& recipe, const std::string& path);

bool isValidEnvName(const std::string& name);

}  // namespace meshdiff::rerun
