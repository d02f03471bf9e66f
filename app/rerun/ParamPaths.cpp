#include "rerun/ParamPaths.h"

#include <algorithm>
#include <cctype>
#include <filesystem>

#include "common/Error.h"

namespace meshdiff::rerun {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

std::string textAt(const json& object, const std::string& key) {
    return object.is_object() && object.contains(key) && object[key].is_string() ? object[key].get<std::string>()
                                                                                 : std::string();
}

// The parameter's entry in the recipe's "param_fields" (null when it has none).
json fieldOf(const Recipe& recipe, const std::string& name) {
    const json fields = recipe.extra.value("param_fields", json::object());
    return fields.is_object() ? fields.value(name, json()) : json();
}

// What the parameter is, to follow "does not exist —": the field's hint, else its param_help,
// without the final full stop and with a small first letter ("The clone …" → "the clone …").
std::string whatItIs(const Recipe& recipe, const std::string& name) {
    std::string text = textAt(fieldOf(recipe, name), "hint");
    if (text.empty()) text = textAt(recipe.extra.value("param_help", json::object()), name);
    while (!text.empty() && (text.back() == '.' || text.back() == ' ')) text.pop_back();
    const bool word = text.size() > 1 && std::isupper(static_cast<unsigned char>(text[0])) &&
                      std::islower(static_cast<unsigned char>(text[1]));
    if (word) text[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(text[0])));
    return text;
}

std::string typeOf(const Recipe& recipe, const std::string& name) {
    std::string type = textAt(fieldOf(recipe, name), "type");
    if (!type.empty()) return type;
    if (std::find(recipe.fileParams.begin(), recipe.fileParams.end(), name) != recipe.fileParams.end()) return "file";
    if (recipe.workdir == "{" + name + "}") return "folder";
    return {};
}

Error missing(const Recipe& recipe, const std::string& name, const std::string& problem) {
    const std::string what = whatItIs(recipe, name);
    return Error(name, problem + (what.empty() ? "" : " — " + what) +
                           ". Choose it under Parameters in the Rerun dock (Browse…), or meshdiff rerun --set " + name +
                           "=PATH.");
}

}  // namespace

void checkParamPaths(const Recipe& recipe, const Job& job, bool onThisHost) {
    const auto params = recipe.effectiveParams();
    const fs::path here = fs::current_path();
    for (const auto& [name, value] : params) {
        const std::string type = typeOf(recipe, name);
        if ((type != "folder" && type != "file") || value.empty() || value.find('{') != std::string::npos) continue;
        const bool copied =
            std::find(recipe.fileParams.begin(), recipe.fileParams.end(), name) != recipe.fileParams.end();
        if (!copied && !onThisHost) continue;
        const bool isWorkdir = recipe.workdir == "{" + name + "}";
        const fs::path path =
            fs::path(value).is_absolute() || copied || isWorkdir ? fs::path(value) : fs::path(job.workdir) / value;
        std::error_code error;
        const auto status = fs::status(here / path, error);
        const std::string shown = path.string();
        if (type == "folder") {
            if (!fs::exists(status)) throw missing(recipe, name, "the folder " + shown + " does not exist");
            if (!fs::is_directory(status)) throw missing(recipe, name, shown + " is a file, not a folder");
            const std::string inside = textAt(fieldOf(recipe, name), "contains");
            if (!inside.empty() && !fs::exists(here / path / inside, error))
                throw missing(recipe, name, "the folder " + shown + " has no " + inside);
        } else {
            if (!fs::exists(status)) throw missing(recipe, name, "the file " + shown + " does not exist");
            if (fs::is_directory(status)) throw missing(recipe, name, shown + " is a folder, not a file");
        }
    }
    // {out} is made by meshdiff just before the command runs.
    if (!onThisHost || recipe.workdir.empty() || recipe.workdir.find("{out}") != std::string::npos) return;
    std::error_code error;
    if (fs::is_directory(here / fs::path(job.workdir), error)) return;
    throw Error(recipe.name, "the folder the command runs in, " + job.workdir + " (\"workdir\": \"" + recipe.workdir +
                                 "\"), does not exist: give the parameters it names a folder that does");
}

}  // namespace meshdiff::rerun
