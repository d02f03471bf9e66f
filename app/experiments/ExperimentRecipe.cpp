#include "experiments/ExperimentRecipe.h"

#include <fstream>

#include "common/Error.h"

namespace meshdiff::experiments {
namespace {

void requireChoice(rerun::Recipe& recipe, const std::string& path, const std::string& option, const std::string& choice,
                   const std::string& where) {
    auto* found = recipe.option(option);
    if (!found) throw Error(path, where + " names option \"" + option + "\", which the recipe does not have");
    for (const auto& c : found->choices)
        if (c.label == choice) return;
    throw Error(path, where + " names choice \"" + choice + "\" of option \"" + option + "\", which it does not have");
}

RoleChoices roleEntry(const nlohmann::json& j, const std::string& where, std::initializer_list<const char*> names,
                      rerun::Recipe& recipe, const std::string& path) {
    if (!j.is_object() || !j.contains("option") || !j["option"].is_string())
        throw Error(path,
                    where + " must be {\"option\": NAME, ROLE: CHOICE, …} or {\"option\", \"metadata\", \"values\"}");
    RoleChoices r;
    r.option = j["option"].get<std::string>();
    for (const char* role : names) {
        if (!j.contains(role)) continue;
        if (!j[role].is_string()) throw Error(path, where + "." + role + " must be a choice label");
        r.choices[role] = j[role].get<std::string>();
        requireChoice(recipe, path, r.option, r.choices[role], where + "." + role);
    }
    if (j.contains("metadata")) {
        if (!j["metadata"].is_string() || !j.contains("values") || !j["values"].is_object())
            throw Error(path, where + ": \"metadata\" needs a key and \"values\": {VALUE: CHOICE, …}");
        r.metadataKey = j["metadata"].get<std::string>();
        for (const auto& [value, choice] : j["values"].items()) {
            if (!choice.is_string()) {
                std::string problem = where;
                problem += ".values.";
                problem += value;
                problem += " must be a choice label";
                throw Error(path, problem);
            }
            requireChoice(recipe, path, r.option, choice.get<std::string>(), where + ".values");
            r.byValue[value] = choice.get<std::string>();
        }
        if (j.contains("default")) {
            if (!j["default"].is_string()) throw Error(path, where + ".default must be a choice label");
            r.fallback = j["default"].get<std::string>();
            requireChoice(recipe, path, r.option, r.fallback, where + ".default");
        }
        return r;
    }
    for (const char* role : names)
        if (std::string(role) != "own" && !r.choices.count(role))
            throw Error(path, where + " has no choice for " + role);
    return r;
}

std::optional<RoleChoices> roles(const nlohmann::json& block, const std::string& blockName, const char* key,
                                 std::initializer_list<const char*> names, rerun::Recipe& recipe,
                                 const std::string& path) {
    if (!block.contains(key)) return std::nullopt;
    return roleEntry(block[key], blockName + "." + key, names, recipe, path);
}

// One entry or a list of them (several options make a host: NumPy SIMD and BLAS, …).
std::vector<RoleChoices> roleList(const nlohmann::json& block, const std::string& blockName, const char* key,
                                  rerun::Recipe& recipe, const std::string& path) {
    std::vector<RoleChoices> out;
    if (!block.contains(key)) return out;
    const auto& j = block[key];
    const std::string where = blockName + "." + key;
    if (j.is_array()) {
        for (std::size_t i = 0; i < j.size(); ++i)
            out.push_back(roleEntry(j[i], where + "[" + std::to_string(i) + "]", {"A", "B"}, recipe, path));
    } else {
        out.push_back(roleEntry(j, where, {"A", "B"}, recipe, path));
    }
    return out;
}

const nlohmann::json* atPath(const nlohmann::json& json, const std::string& dotted) {
    const nlohmann::json* at = &json;
    std::size_t start = 0;
    while (start <= dotted.size()) {
        const auto dot = dotted.find('.', start);
        const std::string key = dotted.substr(start, dot == std::string::npos ? std::string::npos : dot - start);
        if (!at->is_object() || !at->contains(key)) return nullptr;
        at = &(*at)[key];
        if (dot == std::string::npos) break;
        start = dot + 1;
    }
    return at;
}

}  // namespace

ExperimentRecipe experimentRecipeFromJson(const nlohmann::json& json, const std::string& path) {
    ExperimentRecipe d;
    d.path = path;
    d.recipe = rerun::recipeFromJson(json, path);
    // "diagnose" is the block's name before the experiments were called experiments; still read.
    const char* blockName = json.contains("experiments") || !json.contains("diagnose") ? "experiments" : "diagnose";
    if (!json.contains(blockName) || !json[blockName].is_object())
        throw Error(path,
                    "the recipe has no \"experiments\" block: it does not say which options stand for A's and "
                    "B's graph, host or precision (resources/recipes/README.md)");
    const auto& block = json[blockName];
    const std::string name = blockName;
    d.side = roleList(block, name, "side", d.recipe, path);
    d.graph = roles(block, name, "graph", {"own", "A", "B"}, d.recipe, path);
    d.rebuild = roleList(block, name, "rebuild", d.recipe, path);
    if (block.contains("precision_off")) {
        const std::string where = name + ".precision_off";
        if (!block["precision_off"].is_object()) throw Error(path, where + " must be {OPTION: CHOICE, …}");
        for (const auto& [option, choice] : block["precision_off"].items()) {
            if (!choice.is_string()) throw Error(path, where + "." + option + " must be a choice label");
            requireChoice(d.recipe, path, option, choice.get<std::string>(), where);
            d.precisionOff[option] = choice.get<std::string>();
        }
    }
    if (!d.graph && d.rebuild.empty() && d.precisionOff.empty())
        throw Error(path, "the \"" + name + "\" block names no experiment: give graph, rebuild or precision_off");
    return d;
}

std::string roleChoice(const RoleChoices& roles, const std::string& role, const nlohmann::json& metadataA,
                       const nlohmann::json& metadataB, const std::string& recipePath, const std::string& metadataFileA,
                       const std::string& metadataFileB) {
    if (const auto fixed = roles.choices.find(role); fixed != roles.choices.end()) return fixed->second;
    if (roles.metadataKey.empty() || (role != "A" && role != "B"))
        throw Error(recipePath, "option \"" + roles.option + "\" has no choice for " + role);
    const auto* value = atPath(role == "A" ? metadataA : metadataB, roles.metadataKey);
    if ((!value || !value->is_string()) && !roles.fallback.empty()) return roles.fallback;
    if (value && value->is_string())
        if (const auto choice = roles.byValue.find(value->get<std::string>()); choice != roles.byValue.end())
            return choice->second;
    const std::string& file = role == "A" ? metadataFileA : metadataFileB;
    std::string known;
    for (const auto& [v, choice] : roles.byValue) known += (known.empty() ? "\"" : ", \"") + v + "\"";
    const std::string recipe = "the recipe " + recipePath + " chooses its option \"" + roles.option + "\" for run " +
                               role + "'s side by it (values " + known + ")";
    if (!value || !value->is_string()) {
        const std::string what = file.empty() ? "run " + role + " has no metadata file (run.json), so no \""
                                              : "run " + role + "'s metadata has no \"";
        throw Error(file.empty() ? recipePath : file,
                    what + roles.metadataKey + "\", but " + recipe +
                        ". The recipe is made for other runs: choose one made for these (the Rerun panel's Recipe "
                        "list; meshdiff experiments --recipe), or add \"" +
                        roles.metadataKey + "\" to run " + role + "'s run.json.");
    }
    throw Error(file.empty() ? recipePath : file,
                "run " + role + "'s \"" + roles.metadataKey + "\" is \"" + value->get<std::string>() + "\", but " +
                    recipe + ". Choose a recipe made for these runs, or map \"" + value->get<std::string>() +
                    "\" to a choice in the recipe's experiments block.");
}

ExperimentRecipe loadExperimentRecipe(const std::string& path) {
    constexpr std::size_t kMaxRecipeBytes = 1u << 20;
    std::ifstream in(path, std::ios::binary);
    if (!in) throw Error(path, "cannot open the recipe");
    std::string text(kMaxRecipeBytes + 1, '\0');  // bounded: a recipe may come through a pipe
    in.read(text.data(), static_cast<std::streamsize>(text.size()));
    text.resize(static_cast<std::size_t>(in.gcount()));
    if (text.size() > kMaxRecipeBytes) throw Error(path, "a recipe larger than 1 MiB is not a recipe");
    const auto json = nlohmann::json::parse(text, nullptr, false);
    if (json.is_discarded()) throw Error(path, "not valid JSON");
    return experimentRecipeFromJson(json, path);
}

}  // namespace meshdiff::experiments
