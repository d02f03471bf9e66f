#include <tbb/parallel_invoke.h>
#include <tbb/task_group.h>

#include <algorithm>
#include <cstdio>
#include <optional>

#include "common/Error.h"
#include "compare/Comparison.h"
#include "compare/DiagnoseComparison.h"
#include "features/EdgeFeatureDrift.h"
#include "graph/CanonicalEdges.h"
#include "graph/GraphDiff.h"
#include "graph/GraphHash.h"
#include "graph/RcmSeed.h"
#include "io/FileKind.h"
#include "io/GraphFiles.h"
#include "io/MappedGraphHdf5.h"

namespace meshdiff {
namespace {

// A file of a part asked for that the other side cannot match is not compared, but read all the
// same (a graph) or opened (fields): its damage is an error, not a silent "not compared".
void checkUnmatchedFiles(const RunInputs& a, const RunInputs& b, const CompareOptions& options) {
    if (options.compareGraphs && bool(a.graphFile) != bool(b.graphFile))
        readGraph(a.graphFile ? *a.graphFile : *b.graphFile);
    if (options.compareFields && bool(a.fieldsFile) != bool(b.fieldsFile))
        openFieldSource(a.fieldsFile ? *a.fieldsFile : *b.fieldsFile, options.fieldOptions);
}

}  // namespace

std::vector<std::string> Comparison::differences() const {
    std::vector<std::string> out;
    if (!graph && !fields) return {"nothing was compared"};
    if (graph)
        for (std::string& why : graphDifferences(*graph)) out.push_back(std::move(why));
    if (!fields) return out;
    auto names = [](const std::vector<std::string>& list) {
        std::string text;
        for (std::size_t k = 0; k < list.size() && k < 3; ++k) text += (k ? ", " : "") + list[k];
        if (list.size() > 3) text += ", …";
        return text;
    };
    if (!fields->onlyInA.empty()) out.push_back("fields only in A: " + names(fields->onlyInA));
    if (!fields->onlyInB.empty()) out.push_back("fields only in B: " + names(fields->onlyInB));
    if (!fields->leadsNotLinedUp.empty()) out.push_back("leads not lined up: " + names(fields->leadsNotLinedUp));
    if (fields->perLead.empty()) out.push_back("no lead of the fields was compared");
    std::size_t leadsBeyond = 0;  // a line each for the first three; a rollout's others are counted
    for (const auto& lead : fields->perLead) {
        if (lead.perField.empty()) {
            out.push_back("no field in common was compared");
            break;
        }
        std::vector<std::string> beyond;
        for (const auto& m : lead.perField) {
            if (!m.withinTolerance && std::find(beyond.begin(), beyond.end(), m.name) == beyond.end())
                beyond.push_back(m.name);
        }
        if (beyond.empty() || ++leadsBeyond > 3) continue;
        std::string where;
        if (fields->perLead.size() > 1) {
            char text[48];
            if (lead.hours) std::snprintf(text, sizeof text, " at +%g h", *lead.hours);
            else std::snprintf(text, sizeof text, " at lead %zu", lead.index);
            where = text;
        }
        out.push_back(std::to_string(beyond.size()) + (beyond.size() == 1 ? " field" : " fields") +
                      " beyond tolerance (" + tolerance.text() + ")" + where + ": " + names(beyond));
    }
    if (leadsBeyond > 3) out.push_back("fields beyond tolerance at " + std::to_string(leadsBeyond - 3) + " more leads");
    return out;
}

bool Comparison::identical() const { return differences().empty(); }

namespace {

void stopIfCancelled(const CompareOptions& options) {
    if (options.cancel && options.cancel->load()) throw CompareCancelled();
}

// One graph read, then its hash and its edge frames at once. A plainly stored HDF5 graph is used
// in place, mapped, instead of copied; a graph kept for the caller is read whole (MeshGraph).
struct GraphSide {
    std::shared_ptr<const MeshGraph> kept;
    LeanGraph lean;
    std::optional<MappedGraphHdf5> mapped;
    GraphView view;
    PreparedGraph prepared;
    GraphEdgeFrames frames;

    void load(const std::string& file, const CompareOptions& options) {
        if (options.keepInputs) {
            kept = std::make_shared<const MeshGraph>(readGraph(file));
            view = viewOf(*kept);
            return;
        }
        if (sniffFileKind(file) == FileKind::GraphHdf5) mapped = MappedGraphHdf5::open(file);
        if (mapped) {
            view = mapped->view();
        } else {
            lean = readLeanGraph(file);
            view = lean.view();
        }
    }
    void prepare(bool withFrames, const EdgeFeatureDriftOptions& drift) {
        prepared.edges = canonicalEdges(view);
        tbb::parallel_invoke(
            [&] {
                prepared.order = receiverOrder(view);
                prepared.hash = canonicalGraphHash(view, prepared.edges);
                prepared.orderedHash = orderedGraphHash(prepared.hash, prepared.order, prepared.edges);
                prepared.rcmSeed = rcmSeedVertex(view);
            },
            [&] {
                if (withFrames) frames = graphEdgeFrames(view, drift.features);
            });
    }
};

// A graph file only one side has is read all the same when kept (the window draws it).
std::shared_ptr<const MeshGraph> readIfKept(const std::optional<std::string>& file, const CompareOptions& options) {
    return options.keepInputs && file ? std::make_shared<const MeshGraph>(readGraph(*file)) : nullptr;
}

// Compares the fields of A and B into c.fields (and c.kept); returns the places on A's fields
// grid, the "near" of the diagnosis and of the near/elsewhere rel RMS.
std::optional<DiffNeighbourhood> compareFieldsOf(Comparison& c, const CompareOptions& options,
                                                 const std::optional<DiffPlaces>& places) {
    std::shared_ptr<FieldSource> fa, fb;
    std::unique_ptr<FieldSource> spread;
    tbb::parallel_invoke([&] { fa = openFieldSource(*c.a.fieldsFile, options.fieldOptions); },
                         [&] { fb = openFieldSource(*c.b.fieldsFile, options.fieldOptions); });
    if (options.spreadRun) {
        const RunInputs run = discoverRun(*options.spreadRun);
        if (!run.fieldsFile) throw Error(*options.spreadRun, "--spread: holds no fields file");
        spread = openFieldSource(*run.fieldsFile, options.fieldOptions);
    }
    RolloutScope scope;
    scope.everyLead = options.everyLead;
    scope.everyMember = options.everyMember;
    scope.lead = options.lead;
    scope.regions = options.regions;
    scope.spreadRun = spread.get();
    std::optional<DiffNeighbourhood> around;
    if (places) around = neighbourhoodOn(*places, fa->grid());
    scope.around = around ? &*around : nullptr;
    scope.progress = options.progress;
    scope.cancel = options.cancel;
    c.fields = compareFieldSources(*fa, *fb, options.tolerance, scope);
    if (c.kept) {
        c.kept->alignment = alignGrids(fa->grid(), fb->grid(), fa->path(), fb->path());
        c.kept->around = around;
        c.kept->fieldsA = std::move(fa);
        c.kept->fieldsB = std::move(fb);
    }
    return around;
}

}  // namespace

Comparison compareRuns(const std::string& pathA, const std::string& pathB, const CompareOptions& options) {
    Comparison c;
    c.tolerance = options.tolerance;
    if (options.keepInputs) c.kept = std::make_shared<KeptInputs>();
    tbb::parallel_invoke([&] { c.a = discoverRun(pathA, options.damagedFiles); },
                         [&] { c.b = discoverRun(pathB, options.damagedFiles); });
    c.notCompared = partsNotCompared(c.a, c.b, options);
    if (!options.keepInputs) checkUnmatchedFiles(c.a, c.b, options);
    requireSomethingToCompare(c.a, c.b, options);
    if (options.stages.runsFound) options.stages.runsFound(c);
    std::optional<DiffPlaces> places;  // where the graphs differ, for the diagnosis
    std::optional<DiffNeighbourhood> around;
    stopIfCancelled(options);

    // The drift of the shared edges' features runs beside the fields' compare.
    tbb::task_group besideFields;
    GraphSide a, b;
    EdgeFeatureDriftOptions driftOptions;
    driftOptions.listEdges = options.listDriftingEdges;
    const bool bothGraphs = options.compareGraphs && c.a.graphFile && c.b.graphFile;
    // Kept graphs (a window) are handed on as soon as both are read, and their edge frames wait
    // for the drift beside the fields: the graph differences come first.
    const bool framesNow = options.edgeFeatures && !options.keepInputs;
    if (bothGraphs && !options.keepInputs) {
        // The first graph read takes the other core for its hash and frames while the second is
        // still being read, which then has both cores for its own.
        tbb::parallel_invoke(
            [&] {
                a.load(*c.a.graphFile, options);
                a.prepare(framesNow, driftOptions);
            },
            [&] {
                b.load(*c.b.graphFile, options);
                b.prepare(framesNow, driftOptions);
            });
    } else if (options.keepInputs) {
        tbb::parallel_invoke([&] { a.kept = readIfKept(c.a.graphFile, options); },
                             [&] { b.kept = readIfKept(c.b.graphFile, options); });
        if (options.stages.graphsRead) options.stages.graphsRead(a.kept, b.kept);
        if (bothGraphs) {
            a.view = viewOf(*a.kept);
            b.view = viewOf(*b.kept);
            tbb::parallel_invoke([&] { a.prepare(false, driftOptions); }, [&] { b.prepare(false, driftOptions); });
        }
    }
    stopIfCancelled(options);
    if (bothGraphs) {
        // B's mesh numbered differently: B is diffed, probed and drawn in A's numbering.
        auto renumbered = inMeshNumberingOf(a.view, b.view);
        PreparedGraph bAsFiled;
        if (renumbered) {
            bAsFiled = std::move(b.prepared);
            // Held by the side: the drift reads it after this block, beside the fields.
            b.kept = std::make_shared<const MeshGraph>(std::move(renumbered->graph));
            b.view = viewOf(*b.kept);
            b.prepared = prepareGraph(b.view);
            if (framesNow) b.frames = graphEdgeFrames(b.view, driftOptions.features);
        }
        c.graph = diffGraphs(a.view, b.view, a.prepared, b.prepared, *c.a.graphFile, *c.b.graphFile);
        if (renumbered) noteRenumbering(*c.graph, *renumbered, bAsFiled);
    }
    auto startDrift = [&] {
        if (!bothGraphs || !options.edgeFeatures) return;
        besideFields.run([&] {
            if (!framesNow)
                tbb::parallel_invoke([&] { a.frames = graphEdgeFrames(a.view, driftOptions.features); },
                                     [&] { b.frames = graphEdgeFrames(b.view, driftOptions.features); });
            c.edgeFeatures = edgeFeatureDrift(a.view, b.view, a.prepared, b.prepared, a.frames, b.frames, driftOptions);
        });
    };
    if (!options.keepInputs) startDrift();  // beside the places and the at-risk probe
    try {
        if (bothGraphs && !c.graph->sameSets() && (options.diagnose || options.keepInputs))
            places = placesOf(*c.graph, a.view, b.view);
        if (c.kept) {
            c.kept->graphA = a.kept;
            c.kept->graphB = b.kept;
            c.kept->places = places;
        }
        if (options.stages.graphsDiffed) options.stages.graphsDiffed(c, c.kept ? *c.kept : KeptInputs{});
        if (options.keepInputs) startDrift();  // once the graph differences are handed on
        // A damaged file stops a recorded compare once the graphs are shown; the error names it.
        for (const RunInputs* run : {&c.a, &c.b}) {
            if (!run->damaged.empty()) throw Error(run->damaged.front().path, run->damaged.front().problem);
        }
        if (options.assessRisk && bothGraphs && !c.graph->sameSets())
            c.atRisk = assessDiffRisk(*c.graph, a.view, b.view);
        stopIfCancelled(options);
        if (options.compareFields && c.a.fieldsFile && c.b.fieldsFile) around = compareFieldsOf(c, options, places);
    } catch (...) {
        try {
            besideFields.wait();  // it reads a and b, which are about to go
        } catch (...) {           // the first error is the one to report
        }
        throw;
    }
    besideFields.wait();
    if (options.diagnose && c.fields) {
        auto residual = c.edgeFeatures ? edgeFeatureResidual(*c.edgeFeatures) : std::nullopt;
        c.diagnosis = diagnoseComparison(c, places, around ? around->areaShare : 0.0, std::move(residual));
    }
    return c;
}

}  // namespace meshdiff
