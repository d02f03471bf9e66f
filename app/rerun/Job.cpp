#include "rerun/Job.h"

#include <filesystem>
#include <optional>
#include <regex>

#include "common/Error.h"
#include "rerun/NumpyProbe.h"
#include "rerun/Placeholders.h"

namespace meshdiff::rerun {
namespace {

class Resolver {
public:
    Resolver(const Recipe& recipe, const JobContext& context) : recipe_(recipe), context_(context) {
        for (const auto& name : recipe.fileParams) fileParams_.insert(name);
        params_ = recipe.effectiveParams();
    }

    std::string word(const std::string& text, bool& sawEmpty) {
        return substitutePlaceholders(
            text,
            [&](const std::string& name) {
                auto value = lookup(name, true);
                if (value && value->empty()) sawEmpty = true;
                return value;
            },
            recipe_.name);
    }

    std::vector<StagedInput> takeInputs() { return std::move(inputs_); }
    bool hasParam(const std::string& name) const { return params_.count(name) > 0; }
    std::string stageFile(const std::string& localPath) { return mapInput(localPath); }

private:
    // A param's value may refer to the built-in values, not to other params. A file param is
    // resolved as a local path first and then mapped as a whole.
    std::optional<std::string> lookup(const std::string& name, bool mapFiles) {
        const auto it = params_.find(name);
        if (it == params_.end()) return builtin(name, mapFiles);
        const bool isFile = fileParams_.count(name) > 0;
        std::string value = substitutePlaceholders(
            it->second, [&](const std::string& inner) { return builtin(inner, mapFiles && !isFile); },
            recipe_.name + " (param " + name + ")");
        if (mapFiles && isFile && !value.empty()) return mapInput(value);
        return value;
    }

    std::optional<std::string> builtin(const std::string& name, bool mapFiles) {
        if (name == "out") return context_.outDir;
        auto mapped = [&](const std::string& path) { return mapFiles && !path.empty() ? mapInput(path) : path; };
        if (auto it = context_.values.find(name); it != context_.values.end())
            return context_.fileKeys.count(name) ? mapped(it->second) : it->second;
        const auto dot = name.find('.');
        if (dot == std::string::npos) return std::nullopt;
        const std::string run = name.substr(0, dot), field = name.substr(dot + 1);
        const auto found = context_.runs.find(run);
        if (found == context_.runs.end()) {
            if (run == "A" || run == "B") return std::string();  // no such run loaded: empty
            return std::nullopt;
        }
        const RunRef& ref = found->second;
        if (field == "label") return ref.label;
        if (field == "path") return mapped(ref.path);
        if (field == "graph") return mapped(ref.graph);
        if (field == "fields") return mapped(ref.fields);
        return std::nullopt;
    }

    std::string mapInput(const std::string& localPath) {
        for (const auto& input : inputs_)
            if (input.localPath == localPath) return input.commandPath;
        std::string commandPath = context_.mapInput ? context_.mapInput(localPath) : localPath;
        inputs_.push_back({localPath, commandPath});
        return commandPath;
    }

    const Recipe& recipe_;
    const JobContext& context_;
    std::set<std::string> fileParams_;
    std::map<std::string, std::string> params_;
    std::vector<StagedInput> inputs_;
};

// A recipe with a "python" param runs NumPy's probe with it; the script is staged like an input
// (copied to an ssh host) when this machine has it.
std::optional<ProbeStep> numpyProbeStep(Resolver& resolver, const JobContext& context) {
    ProbeStep probe;
    bool sawEmpty = false;
    probe.interpreter = resolver.word("{python}", sawEmpty);
    if (probe.interpreter.empty()) return std::nullopt;
    probe.outDir = context.outDir;
    const auto resources = context.values.find("resources");
    if (resources != context.values.end() && !resources->second.empty()) {
        const std::string script = resources->second + "/" + kNumpyProbeScript;
        std::error_code error;
        if (std::filesystem::is_regular_file(script, error)) probe.script = resolver.stageFile(script);
    }
    return probe;
}

// Why `text` (a command word or the workdir) resolved empty, as a user can act on it: the params it
// names that are empty, what each is (the recipe's param_help) and where to fill it in.
Error emptyValue(const Recipe& recipe, const std::string& text, const std::string& role) {
    static const std::regex placeholder(R"(\{([A-Za-z0-9_.]+)\})");
    const auto params = recipe.effectiveParams();
    const nlohmann::json help = recipe.extra.value("param_help", nlohmann::json::object());
    std::string names, explained;
    for (std::sregex_iterator it(text.begin(), text.end(), placeholder), end; it != end; ++it) {
        const std::string name = (*it)[1];
        const auto param = params.find(name);
        if (param == params.end() || !param->second.empty()) continue;
        names += (names.empty() ? "\"" : ", \"") + name + "\"";
        if (help.is_object() && help.contains(name) && help[name].is_string())
            explained += " " + name + ": " + help[name].get<std::string>();
    }
    if (names.empty())
        return Error(recipe.name, role + " \"" + text +
                                      "\" is empty: open the runs it names, or put it in a group [..] to make it "
                                      "optional");
    return Error(recipe.name, role + " \"" + text + "\" needs parameter " + names +
                                  ", which is empty. Give it a value (the Rerun panel's Parameters; meshdiff rerun "
                                  "--set NAME=VALUE)." +
                                  explained);
}

}  // namespace

Job resolveJob(const Recipe& recipe, const JobContext& context) {
    Resolver resolver(recipe, context);
    Job job;
    for (const auto& part : recipe.command) {
        std::vector<std::string> words;
        bool sawEmpty = false;
        for (const auto& text : part.words) words.push_back(resolver.word(text, sawEmpty));
        if (part.group && sawEmpty) continue;
        if (!part.group && sawEmpty) throw emptyValue(recipe, part.words.front(), "the command's argument");
        job.argv.insert(job.argv.end(), words.begin(), words.end());
    }
    if (job.argv.empty() || job.argv.front().empty()) throw Error(recipe.name, "the command names no program");
    for (const auto& [name, text] : recipe.effectiveEnv()) {
        if (!isValidEnvName(name))
            throw Error(recipe.name, "\"" + name + "\" is not a valid environment variable name");
        bool sawEmpty = false;
        std::string value = resolver.word(text, sawEmpty);
        if (!value.empty()) job.env.emplace_back(name, std::move(value));
    }
    bool sawEmpty = false;
    job.workdir = recipe.workdir.empty() ? context.outDir : resolver.word(recipe.workdir, sawEmpty);
    if (job.workdir.empty()) throw emptyValue(recipe, recipe.workdir, "the folder the command runs in,");
    if (resolver.hasParam("python")) job.probe = numpyProbeStep(resolver, context);
    job.inputs = resolver.takeInputs();
    job.timeoutSeconds = recipe.timeoutSeconds;
    job.progressPattern = recipe.progressPattern;
    return job;
}

std::vector<std::string> builtinPlaceholderNames() {
    return {"out",     "meshdiff", "python",   "resources", "run",     "host",    "A.path",
            "A.label", "A.graph",  "A.fields", "B.path",    "B.label", "B.graph", "B.fields"};
}

}  // namespace meshdiff::rerun
