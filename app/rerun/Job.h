#pragma once
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "rerun/NumpyProbe.h"
#include "rerun/Recipe.h"

namespace meshdiff::rerun {

// A run shown beside the rerun (A or B): what its placeholders {A.path}, {A.label}, {A.graph},
// {A.fields} stand for. Empty strings when unknown.
struct RunRef {
    std::string path, label, graph, fields;
};

// A local input the command reads, and the path the command sees it under (equal when local).
struct StagedInput {
    std::string localPath;
    std::string commandPath;
};

// Everything placeholders may stand for, as the back-end sees it.
struct JobContext {
    std::map<std::string, std::string> values;  // literal values: meshdiff, python, run, host, …
    std::set<std::string> fileKeys;             // keys in `values` holding local input paths
    std::map<std::string, RunRef> runs;         // "A", "B"
    std::string outDir;                         // {out} as the command sees it
    // Maps a local input path to the path the command sees; identity when empty.
    std::function<std::string(const std::string& localPath)> mapInput;
};

// The NumPy probe (resources/probes/numpy_host.py) of a job whose recipe has a "python" param:
// run with that Python, in the job's environment, on the job's host, in the job's own step
// (jobScript), just before the command. Paths are as the command sees them.
struct ProbeStep {
    std::string interpreter;  // the recipe's {python}: an interpreter, or a virtual environment's folder
    std::string script;       // empty when the probe script is not installed: then only the interpreter is resolved
    std::string outDir;       // where the probe's output files go (numpyProbeFileName)
    int timeoutSeconds = kNumpyProbeTimeoutSeconds;
};

// A recipe with every placeholder replaced: an argument vector, never a shell string.
struct Job {
    std::vector<std::string> argv;
    std::vector<std::pair<std::string, std::string>> env;
    std::vector<StagedInput> inputs;
    std::string workdir;  // as the command sees it
    double timeoutSeconds = 0;
    std::string progressPattern;
    std::optional<ProbeStep> probe;
};

// Throws meshdiff::Error for unknown placeholders, a required value that is empty (only a
// group may be left out), or an invalid environment variable name.
Job resolveJob(const Recipe& recipe, const JobContext& context);

// The placeholders a recipe may use besides its params, for the editor's help text.
std::vector<std::string> builtinPlaceholderNames();

}  // namespace meshdiff::rerun
