#include <tbb/parallel_invoke.h>

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

Comparison compareRuns(const std::string& pathA, const std::string& pathB, const CompareOptions& options) {
    Comparison c;
    c.tolerance = options.tolerance;
    tbb::parallel_invoke([&] { c.a = discoverRun(pathA); }, [&] { c.b = discoverRun(pathB); });
    c.notCompared = partsNotCompared(c.a, c.b, options);
    checkUnmatchedFiles(c.a, c.b, options);
    requireSomethingToCompare(c.a, c.b, options);
    std::optional<DiffPlaces> places;  // where the graphs differ, for the diagnosis

    if (options.compareGraphs && c.a.graphFile && c.b.graphFile) {
        // Each graph read, then its hash and its edge frames at once, on its own thread: the first
        // graph read takes the other core for them while the second is still being read, which
        // then has both cores for its own. A plainly stored HDF5 graph is used in place, mapped,
        // instead of copied.
        struct Side {
            LeanGraph graph;
            std::optional<MappedGraphHdf5> mapped;
            GraphView view;
            PreparedGraph prepared;
            GraphEdgeFrames frames;
        } a, b;
        EdgeFeatureDriftOptions driftOptions;
        driftOptions.listEdges = options.listDriftingEdges;
        auto load = [&](const std::string& file, Side& side) {
            if (sniffFileKind(file) == FileKind::GraphHdf5) side.mapped = MappedGraphHdf5::open(file);
            if (side.mapped) {
                side.view = side.mapped->view();
            } else {
                side.graph = readLeanGraph(file);
                side.view = side.graph.view();
            }
            side.prepared.edges = canonicalEdges(side.view);
            tbb::parallel_invoke(
                [&] {
                    side.prepared.order = receiverOrder(side.view);
                    side.prepared.hash = canonicalGraphHash(side.view, side.prepared.edges);
                    side.prepared.orderedHash =
                        orderedGraphHash(side.prepared.hash, side.prepared.order, side.prepared.edges);
                    side.prepared.rcmSeed = rcmSeedVertex(side.view);
                },
                [&] {
                    if (options.edgeFeatures) side.frames = graphEdgeFrames(side.view, driftOptions.features);
                });
        };
        tbb::parallel_invoke([&] { load(*c.a.graphFile, a); }, [&] { load(*c.b.graphFile, b); });
        // B's mesh numbered differently: B is diffed, probed and drawn in A's numbering.
        const auto renumbered = inMeshNumberingOf(a.view, b.view);
        PreparedGraph bAsFiled;
        if (renumbered) {
            bAsFiled = std::move(b.prepared);
            b.view = viewOf(renumbered->graph);
            b.prepared = prepareGraph(b.view);
            if (options.edgeFeatures) b.frames = graphEdgeFrames(b.view, driftOptions.features);
        }
        c.graph = diffGraphs(a.view, b.view, a.prepared, b.prepared, *c.a.graphFile, *c.b.graphFile);
        if (renumbered) noteRenumbering(*c.graph, *renumbered, bAsFiled);
        // The at-risk probe and the places are mostly serial: the drift's parallel loops fill the other core.
        tbb::parallel_invoke(
            [&] {
                if (options.assessRisk && !c.graph->sameSets()) c.atRisk = assessDiffRisk(*c.graph, a.view, b.view);
                if (options.diagnose && !c.graph->sameSets()) places = placesOf(*c.graph, a.view, b.view);
            },
            [&] {
                if (options.edgeFeatures)
                    c.edgeFeatures =
                        edgeFeatureDrift(a.view, b.view, a.prepared, b.prepared, a.frames, b.frames, driftOptions);
            });
    }
    if (options.cancel && options.cancel->load()) throw CompareCancelled();
    if (options.compareFields && c.a.fieldsFile && c.b.fieldsFile) {
        std::unique_ptr<FieldSource> fa, fb, spread;
        tbb::parallel_invoke([&] { fa = openFieldSource(*c.a.fieldsFile, options.fieldOptions); },
                             [&] { fb = openFieldSource(*c.b.fieldsFile, options.fieldOptions); });
        if (options.spreadRun) {
            const RunInputs run = discoverRun(*options.spreadRun);
            if (!run.fieldsFile) throw Error(*options.spreadRun, "--spread: holds no fields file");
            spread = openFieldSource(*run.fieldsFile, options.fieldOptions);
        }
        RolloutScope scope;
        scope.everyLead = scope.everyMember = true;
        scope.lead = options.lead;
        scope.spreadRun = spread.get();
        std::optional<DiffNeighbourhood> around;
        if (places) around = neighbourhoodOn(*places, fa->grid());
        scope.around = around ? &*around : nullptr;
        scope.progress = options.progress;
        scope.cancel = options.cancel;
        c.fields = compareFieldSources(*fa, *fb, options.tolerance, scope);
        if (options.diagnose) {
            auto residual = c.edgeFeatures ? edgeFeatureResidual(*c.edgeFeatures) : std::nullopt;
            c.diagnosis = diagnoseComparison(c, places, around ? around->areaShare : 0.0, std::move(residual));
        }
    }
    return c;
}

}  // namespace meshdiff
