#include "rerun/Recipe.h"

#include <fstream>
#include <regex>
#include <set>

#include "common/Error.h"

namespace meshdiff::rerun {
namespace {

using nlohmann::json;

const std::set<std::string> kModelledKeys = {"name",  "description", "command", "params",    "env",     "options",
                                             "files", "compare",     "workdir", "timeout_s", "progress"};

std::string stringAt(const json& object, const char* key, const std::string& source, bool required = false) {
    if (!object.contains(key) || object[key].is_null()) {
        if (required) throw Error(source, std::string("missing \"") + key + "\"");
        return {};
    }
    if (!object[key].is_string()) throw Error(source, std::string("\"") + key + "\" must be a string");
    return object[key].get<std::string>();
}

std::map<std::string, std::string> stringMapAt(const json& object, const char* key, const std::string& source) {
    std::map<std::string, std::string> map;
    if (!object.contains(key) || object[key].is_null()) return map;
    if (!object[key].is_object()) throw Error(source, std::string("\"") + key + "\" must be an object");
    for (const auto& [name, value] : object[key].items()) {
        if (value.is_string()) map[name] = value.get<std::string>();
        else if (value.is_number() || value.is_boolean()) map[name] = value.dump();
        else throw Error(source, std::string("\"") + key + "." + name + "\" must be a string");
    }
    return map;
}

void checkEnvNames(const std::map<std::string, std::string>& env, const std::string& source) {
    for (const auto& [name, value] : env)
        if (!isValidEnvName(name)) throw Error(source, "\"" + name + "\" is not a valid environment variable name");
}

CommandPart partFromJson(const json& item, const std::string& source) {
    CommandPart part;
    if (item.is_string()) {
        part.words.push_back(item.get<std::string>());
        return part;
    }
    if (!item.is_array() || item.empty())
        throw Error(source, "\"command\" items must be strings or non-empty arrays of strings");
    part.group = true;
    for (const auto& word : item) {
        if (!word.is_string()) throw Error(source, "\"command\" groups must hold strings only");
        part.words.push_back(word.get<std::string>());
    }
    return part;
}

RecipeOption optionFromJson(const json& item, const std::string& source) {
    if (!item.is_object()) throw Error(source, "\"options\" items must be objects");
    RecipeOption option;
    option.name = stringAt(item, "name", source, true);
    option.label = stringAt(item, "label", source);
    option.selected = stringAt(item, "selected", source);
    option.description = stringAt(item, "description", source);
    if (!item.contains("choices") || !item["choices"].is_array() || item["choices"].empty())
        throw Error(source, "option \"" + option.name + "\" needs a non-empty \"choices\" array");
    for (const auto& entry : item["choices"]) {
        if (!entry.is_object()) throw Error(source, "option \"" + option.name + "\": choices must be objects");
        OptionChoice choice;
        choice.label = stringAt(entry, "label", source, true);
        choice.params = stringMapAt(entry, "params", source);
        choice.env = stringMapAt(entry, "env", source);
        checkEnvNames(choice.env, source);
        option.choices.push_back(std::move(choice));
    }
    try {
        option.selectedChoice();
    } catch (const Error& error) {
        throw Error(source, error.problem());
    }
    return option;
}

json mapToJson(const std::map<std::string, std::string>& map) {
    json object = json::object();
    for (const auto& [key, value] : map) object[key] = value;
    return object;
}

}  // namespace

bool isValidEnvName(const std::string& name) {
    static const std::regex pattern("[A-Za-z_][A-Za-z0-9_]*");
    return std::regex_match(name, pattern);
}

const OptionChoice& RecipeOption::selectedChoice() const {
    if (selected.empty()) return choices.at(0);
    for (const auto& choice : choices)
        if (choice.label == selected) return choice;
    throw Error("recipe", "option \"" + name + "\" has no choice \"" + selected + "\"");
}

std::map<std::string, std::string> Recipe::effectiveParams() const {
    auto result = params;
    for (const auto& option : options)
        for (const auto& [key, value] : option.selectedChoice().params) result[key] = value;
    return result;
}

std::map<std::string, std::string> Recipe::effectiveEnv() const {
    std::map<std::string, std::string> result;
    for (const auto& option : options)
        for (const auto& [key, value] : option.selectedChoice().env) result[key] = value;
    for (const auto& [key, value] : env) result[key] = value;  // free variables win
    return result;
}

RecipeOption* Recipe::option(const std::string& optionName) {
    for (auto& candidate : options)
        if (candidate.name == optionName) return &candidate;
    return nullptr;
}

Recipe recipeFromJson(const json& json, const std::string& source) {
    if (!json.is_object()) throw Error(source, "a recipe must be a JSON object");
    Recipe recipe;
    recipe.name = stringAt(json, "name", source, true);
    recipe.description = stringAt(json, "description", source);
    if (!json.contains("command") || !json["command"].is_array() || json["command"].empty())
        throw Error(source, "\"command\" must be a non-empty array");
    for (const auto& item : json["command"]) recipe.command.push_back(partFromJson(item, source));
    if (recipe.command.front().group) throw Error(source, "the program (first \"command\" item) cannot be a group");
    recipe.params = stringMapAt(json, "params", source);
    recipe.env = stringMapAt(json, "env", source);
    checkEnvNames(recipe.env, source);
    if (json.contains("options")) {
        if (!json["options"].is_array()) throw Error(source, "\"options\" must be an array");
        for (const auto& item : json["options"]) recipe.options.push_back(optionFromJson(item, source));
    }
    if (json.contains("files")) {
        if (!json["files"].is_array()) throw Error(source, "\"files\" must be an array of parameter names");
        for (const auto& item : json["files"]) {
            if (!item.is_string()) throw Error(source, "\"files\" must be an array of parameter names");
            recipe.fileParams.push_back(item.get<std::string>());
        }
    }
    if (json.contains("compare")) {
        if (!json["compare"].is_boolean()) throw Error(source, "\"compare\" must be true or false");
        recipe.compareWithRuns = json["compare"].get<bool>();
    }
    if (json.contains("timeout_s")) {
        if (!json["timeout_s"].is_number() || json["timeout_s"].get<double>() < 0)
            throw Error(source, "\"timeout_s\" must be a number of seconds ≥ 0");
        recipe.timeoutSeconds = json["timeout_s"].get<double>();
    }
    recipe.workdir = stringAt(json, "workdir", source);
    recipe.progressPattern = stringAt(json, "progress", source);
    if (!recipe.progressPattern.empty()) {
        try {
            std::regex check(recipe.progressPattern);
        } catch (const std::regex_error&) {
            throw Error(source, "\"progress\" is not a valid regular expression");
        }
    }
    for (const auto& [key, value] : json.items())
        if (!kModelledKeys.contains(key)) recipe.extra[key] = value;
    return recipe;
}

nlohmann::json recipeToJson(const Recipe& recipe) {
    json out = recipe.extra.is_object() ? recipe.extra : json::object();
    out["name"] = recipe.name;
    if (!recipe.description.empty()) out["description"] = recipe.description;
    json command = json::array();
    for (const auto& part : recipe.command) {
        if (part.group) command.push_back(part.words);
        else command.push_back(part.words.front());
    }
    out["command"] = command;
    out["params"] = mapToJson(recipe.params);
    out["env"] = mapToJson(recipe.env);
    json options = json::array();
    for (const auto& option : recipe.options) {
        json item = {{"name", option.name}, {"label", option.label}, {"selected", option.selected}};
        if (!option.description.empty()) item["description"] = option.description;
        json choices = json::array();
        for (const auto& choice : option.choices)
            choices.push_back(
                {{"label", choice.label}, {"params", mapToJson(choice.params)}, {"env", mapToJson(choice.env)}});
        item["choices"] = choices;
        options.push_back(item);
    }
    out["options"] = options;
    out["files"] = recipe.fileParams;
    out["compare"] = recipe.compareWithRuns;
    out["timeout_s"] = recipe.timeoutSeconds;
    if (!recipe.workdir.empty()) out["workdir"] = recipe.workdir;
    if (!recipe.progressPattern.empty()) out["progress"] = recipe.progressPattern;
    return out;
}

Recipe loadRecipe(const std::string& path) {
    constexpr std::size_t kMaxRecipeBytes = 1u << 20;  // a recipe is a few hundred bytes
    std::ifstream in(path, std::ios::binary);
    if (!in) throw Error(path, "cannot open the recipe");
    // Read with a bound, not by size: a recipe may come through a pipe (`<(…)`), and /dev/zero
    // must not be read forever.
    std::string text(kMaxRecipeBytes + 1, '\0');
    in.read(text.data(), static_cast<std::streamsize>(text.size()));
    text.resize(static_cast<std::size_t>(in.gcount()));
    if (text.size() > kMaxRecipeBytes) throw Error(path, "a recipe larger than 1 MiB is not a recipe");
    json parsed = json::parse(text, nullptr, false);
    if (parsed.is_discarded()) throw Error(path, "not valid JSON");
    return recipeFromJson(parsed, path);
}

void saveRecipe(const Recipe& recipe, const std::string& path) {
    std::ofstream out(path);
    if (!out) throw Error(path, "cannot write the recipe");
    out << recipeToJson(recipe).dump(2) << "\n";
    if (!out) throw Error(path, "cannot write the recipe");
}

}  // namespace meshdiff::rerun
