#include <malloc.h>

#include <CLI/CLI.hpp>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <optional>

#include "cli/Command.h"
#include "cli/CompareMarkdown.h"
#include "cli/CompareProgressLine.h"
#include "cli/CompareSummary.h"
#include "cli/IsolatedRun.h"
#include "cli/LeadHoursOption.h"
#include "common/Error.h"
#include "compare/Comparison.h"

namespace meshdiff::cli {
namespace {

struct CompareArgs {
    std::string runA, runB, jsonPath, markdownPath;
    double tolerance = 0;
    std::vector<std::string> absoluteTolerances;  // "VALUE" or "FIELD=VALUE"
    bool noAtRisk = false, noEdgeFeatures = false, noDiagnosis = false;
    bool graphOnly = false, fieldsOnly = false, summaryOnly = false, latDescending = false;
    std::vector<std::size_t> leadingIndex;
    std::optional<double> lead, leadHours;
    std::optional<std::string> spreadRun;
    std::vector<std::string> regionBoxes;  // "N,W,S,E"
    std::string scorecardRegion = "global";
};

// The scorecard's region: a standard region's name, or a --region box by its name or as written;
// meshdiff::Error naming the choices otherwise.
std::string scorecardRegionName(const std::string& wanted, const std::vector<std::string>& boxSpecs) {
    std::string choices;
    for (const Region& region : standardRegions()) {
        if (region.name == wanted) return wanted;
        choices += (choices.empty() ? "" : ", ") + region.name;
    }
    for (const std::string& spec : boxSpecs) {
        const Region box = parseRegionBox(spec);
        if (wanted == box.name || wanted == spec) return box.name;
        choices += ", \"" + box.name + "\"";
    }
    throw Error("--scorecard-region " + wanted,
                "no such region; choose one of: " + choices + " (a box is measured when given with --region N,W,S,E)");
}

void writeJson(const std::string& path, const nlohmann::json& j) {
    if (path == "-") {
        std::cout << j.dump(2) << "\n";
        return;
    }
    // Written beside and renamed: an interrupted write leaves no half report.
    const std::string partial = path + ".partial";
    {
        std::ofstream out(partial, std::ios::binary | std::ios::trunc);
        if (!out) throw Error(path, "cannot write the JSON report");
        out << j.dump(2) << "\n";
        if (!out.flush()) {
            out.close();
            std::filesystem::remove(partial);
            throw Error(path, "cannot write the JSON report");
        }
    }
    std::error_code ec;
    std::filesystem::rename(partial, path, ec);
    if (ec) {
        std::filesystem::remove(partial, ec);
        throw Error(path, "cannot write the JSON report: " + ec.message());
    }
}

// A field of 0.25° is 4 MB: glibc would map and unmap each one, and a rollout would pay the page
// faults and zeroing of fresh pages for every field (docs/benchmarks.md, "Machines and method").
// Freed fields stay in the heap instead, to be reused by the next; the peak is a few fields either way.
void keepFreedFieldsForReuse() {
    mallopt(M_MMAP_THRESHOLD, 256 << 20);
    mallopt(M_TRIM_THRESHOLD, 512 << 20);
}

int runCompare(const CompareArgs& args) {
    keepFreedFieldsForReuse();
    CompareOptions options;
    options.tolerance = args.tolerance;
    for (const std::string& spec : args.absoluteTolerances) addAbsoluteTolerance(options.tolerance, spec);
    options.compareGraphs = !args.fieldsOnly;
    options.assessRisk = !args.noAtRisk;
    options.edgeFeatures = !args.noEdgeFeatures;
    options.listDriftingEdges = false;  // only their counts, ULPs and top edges are printed
    options.diagnose = !args.noDiagnosis;
    options.compareFields = !args.graphOnly;
    options.fieldOptions.leadingIndex = args.leadingIndex;
    options.fieldOptions.assumeLatAscending = !args.latDescending;
    options.lead = args.lead;
    options.fieldOptions.leadStepHours = args.leadHours;
    options.spreadRun = args.spreadRun;
    for (const std::string& box : args.regionBoxes) options.regions.push_back(parseRegionBox(box));
    const std::string scorecardRegion = scorecardRegionName(args.scorecardRegion, args.regionBoxes);
    options.cancel = &interruptRequested();
    CompareProgressLine progress(liveStderr());
    if (progress.shown()) options.progress = [&progress](const CompareProgress& p) { progress.update(p); };

    std::optional<Comparison> compared;
    try {
        compared = compareRuns(args.runA, args.runB, options);
    } catch (const CompareCancelled&) {
        return kExitCancelled;
    }
    progress.finish();
    const Comparison& comparison = *compared;
    if (!args.jsonPath.empty()) writeJson(args.jsonPath, comparisonToJson(comparison, scorecardRegion));
    if (!args.markdownPath.empty()) writeCompareMarkdown(args.markdownPath, comparison, scorecardRegion);
    if (args.jsonPath != "-") printCompareSummary(std::cout, comparison, !args.summaryOnly);
    return comparison.identical() ? kExitSame : kExitDifferent;
}

}  // namespace

void addCompareCommand(CLI::App& app, CommandAction& action) {
    auto args = std::make_shared<CompareArgs>();
    CLI::App* cmd = app.add_subcommand("compare", "Compare two runs: graphs (edges, triangles, mesh nodes) and fields");
    cmd->add_option("RUN_A", args->runA, "Reference run: a run folder, a graph file or a fields file")->required();
    cmd->add_option("RUN_B", args->runB, "Run compared with A")->required();
    cmd->add_option("--json", args->jsonPath, "Also write the result as JSON to this file ('-': standard output only)");
    cmd->add_option("--markdown", args->markdownPath,
                    "Also write a Markdown comment for a pull request to this file: the verdict, the summary,\n"
                    "the per-lead table and the scorecard (area-weighted RMS of A-B over the spread's, per\n"
                    "variable, level and lead)");
    cmd->add_option("--tolerance", args->tolerance, "A field differs when its rel RMS exceeds this (default 0)")
        ->check(CLI::NonNegativeNumber);
    cmd->add_option("--abs-tolerance", args->absoluteTolerances,
                    "A field also matches when max |A-B| is at most this: VALUE for every field, FIELD=VALUE for\n"
                    "one field (or every level of a variable: temperature=0.01); repeatable. Without it a field\n"
                    "whose rel RMS is undefined (A constant, e.g. a land-sea mask) matches only when equal")
        ->check(CLI::Validator(
            [](std::string& spec) {
                FieldTolerance probe;
                try {
                    addAbsoluteTolerance(probe, spec);
                } catch (const Error& e) {
                    return e.problem();
                }
                return std::string();
            },
            "VALUE|FIELD=VALUE"));
    cmd->add_option("--region", args->regionBoxes,
                    "Also measure each field's area-weighted numbers over this box: N,W,S,E in degrees (e.g.\n"
                    "60,-10,35,30; a box may cross 0 or 180 degrees longitude); repeatable. Always measured:\n"
                    "global, tropics (|lat| < 20), extratropics_north/south (|lat| >= 20), polar (|lat| >= 60)")
        ->allow_extra_args(false)
        ->check(CLI::Validator(
            [](std::string& spec) {
                try {
                    parseRegionBox(spec);
                } catch (const Error& e) {
                    return e.problem();
                }
                return std::string();
            },
            "N,W,S,E"));
    cmd->add_option("--scorecard-region", args->scorecardRegion,
                    "The region the scorecard of --json and --markdown is measured over: global (default),\n"
                    "tropics, extratropics_north, extratropics_south, polar, or a --region box (by its N,W,S,E\n"
                    "or its name, e.g. \"box 60N,10W,35N,30E\")");
    cmd->add_flag("--graph-only", args->graphOnly, "Compare only the graphs");
    cmd->add_flag("--fields-only", args->fieldsOnly, "Compare only the fields");
    cmd->add_flag("--no-at-risk", args->noAtRisk,
                  "Skip the fragility analysis that tells which differing edges and triangles were at risk");
    cmd->add_flag("--no-edge-features", args->noEdgeFeatures,
                  "Skip recomputing both graphs' edge features and their drift on shared edges");
    cmd->add_flag("--no-diagnosis", args->noDiagnosis,
                  "Skip the diagnosis (graph/everywhere/mixed: how much of A-B lies near the differing graph items)");
    cmd->add_flag("--summary", args->summaryOnly, "Print the summary without the per-field table");
    cmd->add_flag("--lat-descending", args->latDescending,
                  "Files without coordinates store latitude north to south (default: south to north)");
    cmd->add_option("--index", args->leadingIndex,
                    "Index taken along each leading (time/batch/sample) dimension of NetCDF variables, outermost first")
        ->delimiter(',');
    cmd->add_option("--spread", args->spreadRun,
                    "A third run (e.g. another ensemble member of A's model): A against it is the yardstick\n"
                    "per lead (default: A's first member against its second, when A has members)");
    cmd->add_option("--lead", args->lead,
                    "Lead time in hours whose numbers the summary and the top-level JSON show (an index when no\n"
                    "file gives hours; default: the first lead). Every lead is compared either way");
    addLeadHoursOption(*cmd, args->leadHours);
    cmd->footer(
        "Exit status: 0 same (graphs identical, the same fields and leads, and every field within\n"
        "tolerance: equal NaN/inf positions, at least one point compared, rel RMS <= --tolerance or\n"
        "max |A-B| <= --abs-tolerance), 1 different, 2 error (a damaged file, or nothing to compare: no\n"
        "part that both runs hold), 130 cancelled (Ctrl-C; no JSON written).\n"
        "On a terminal a progress line with the time left shows while fields are read.\n"
        "rel RMS = sqrt(mean((A-B)^2)) / std(A) over points finite in both; A is the reference. It is\n"
        "undefined (null in JSON, - in the summary) when std(A) is 0: such a field differs when any\n"
        "point differs.");
    cmd->callback([args, &action] {
        // In a child process: a damaged HDF5 file may crash or hang the HDF5 library (docs/robustness.md).
        action = [args] { return runIsolated([args] { return runCompare(*args); }, readStallLimit()); };
    });
}

}  // namespace meshdiff::cli
