#include <tbb/parallel_invoke.h>

#include "compare/Comparison.h"
#include "graph/GraphDiff.h"
#include "io/GraphFiles.h"

namespace meshdiff {

bool Comparison::identical() const {
    if (graph && !graph->identical()) return false;
    if (fields) {
        if (!fields->onlyInA.empty() || !fields->onlyInB.empty() || !fields->nanMasksEqual) return false;
        for (const auto& m : fields->perField) {
            if (!(m.relRms <= tolerance)) return false;
        }
    }
    return true;
}

Comparison compareRuns(const std::string& pathA, const std::string& pathB, const CompareOptions& options) {
    Comparison c;
    c.tolerance = options.tolerance;
    tbb::parallel_invoke([&] { c.a = discoverRun(pathA); }, [&] { c.b = discoverRun(pathB); });

    if (options.compareGraphs && c.a.graphFile && c.b.graphFile) {
        // Each graph read, then its canonical edges and hash, on its own thread: no wait for the
        // slower read before hashing starts.
        MeshGraph ga, gb;
        PreparedGraph pa, pb;
        tbb::parallel_invoke([&] { ga = readGraph(*c.a.graphFile), pa = prepareGraph(ga); },
                             [&] { gb = readGraph(*c.b.graphFile), pb = prepareGraph(gb); });
        c.graph = diffGraphs(ga, gb, pa, pb, *c.a.graphFile, *c.b.graphFile);
        if (options.assessRisk && !c.graph->identical()) c.atRisk = assessDiffRisk(*c.graph, ga, gb);
    }
    if (options.compareFields && c.a.fieldsFile && c.b.fieldsFile) {
        std::unique_ptr<FieldSource> fa, fb;
        tbb::parallel_invoke([&] { fa = openFieldSource(*c.a.fieldsFile, options.fieldOptions); },
                             [&] { fb = openFieldSource(*c.b.fieldsFile, options.fieldOptions); });
        c.fields = compareFieldSources(*fa, *fb, options.tolerance);
    }
    return c;
}

}  // namespace meshdiff
