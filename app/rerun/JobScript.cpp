#include "rerun/JobScript.h"

#include "rerun/NumpyProbe.h"
#include "rerun/ShellQuote.h"

namespace meshdiff::rerun {
namespace {

std::string probeLines(const ProbeStep& probe) {
    std::string text = "meshdiff_python=" + shellQuote(probe.interpreter) + "\n" +
                       "if [ -d \"$meshdiff_python\" ]; then meshdiff_python=$meshdiff_python/bin/python; fi\n";
    if (probe.script.empty()) return text;
    auto file = [&probe](const char* kind) { return shellQuote(probe.outDir + "/" + numpyProbeFileName(kind, true)); };
    const std::string run =
        "\"$meshdiff_python\" -B " + shellQuote(probe.script) + " </dev/null >" + file("json") + " 2>" + file("err");
    const std::string limit = std::to_string(probe.timeoutSeconds);
    text +=
        "if command -v timeout >/dev/null 2>&1; then timeout -k 5 " + limit + " " + run + "; else " + run + "; fi\n";
    text += "echo $? >" + file("status") + "\n";
    return text;
}

std::string execLine(const Job& job) {
    std::string out = "exec";
    for (const auto& word : job.argv)
        out += " " +
               (job.probe && word == job.probe->interpreter ? std::string("\"$meshdiff_python\"") : shellQuote(word));
    return out;
}

}  // namespace

std::string jobScript(const Job& job, const std::string& pidFile) {
    std::string text = "cd -- " + shellQuote(job.workdir) + " || exit 126\n";
    if (!pidFile.empty()) text += "echo $$ > " + shellQuote(pidFile) + "\n";
    text += shellExports(job.env);
    if (job.probe) text += probeLines(*job.probe);
    return text + execLine(job) + "\n";
}

}  // namespace meshdiff::rerun
