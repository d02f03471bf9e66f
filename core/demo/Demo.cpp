#include "demo/Demo.h"

#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>

#include "builder/GraphBuilder.h"
#include "common/Error.h"
#include "demo/DemoRunFolder.h"
#include "demo/MessagePassingModel.h"
#include "demo/SyntheticWeather.h"
#include "graph/GraphDiff.h"
#include "graph/GraphHash.h"
#include "io/GraphFiles.h"
#include "io/NpzArchive.h"

namespace fs = std::filesystem;

namespace meshdiff {
namespace {

struct DemoRun {
    std::string label;
    FloatMath math;
    BuiltGraph built;
    std::vector<std::vector<float>> fields;  // per output field, saved grid
};

nlohmann::json runMetadata(const DemoRun& run, const GraphBuildOptions& options, const std::string& hash) {
    return {
        {"label", run.label},
        {"synthetic", true},
        {"note", "meshdiff demo: synthetic fields from a small message-passing model, not a weather forecast"},
        {"ok", true},
        {"device", "synthetic (meshdiff demo model on the CPU)"},
        {"numpy_simd", demoNumpySimd(run.math)},
        {"numpy_blas", {{"vendor", "reference BLAS/LAPACK (its summation order, emulated)"}}},
        {"precision", toString(MatmulPrecision::Float32)},
        {"graph_hash", hash},
        {"graph_file", "graph.npz"},
        {"graph_build", describeBuild(options, run.built)},
        {"res_deg", options.resolutionDeg},
        {"fields_res_deg", 1.0},
        {"finite", true},
        {"step_s", {run.built.timings.total}},
    };
}

// Grid points (of the saved 1° grid) near a differing edge or triangle: their triangle touches a
// mesh node within reach of a node whose incoming edges or triangle use changed.
std::vector<char> nearDifferences(const MeshGraph& a, const MeshGraph& b, const GraphDiff& d, std::size_t stride) {
    const std::size_t nMesh = a.meshCount();
    std::vector<char> seed(nMesh, 0);
    for (const auto* v : {&d.g2mOnlyA, &d.g2mOnlyB})
        for (const auto& e : *v) seed[std::size_t(e.mesh)] = 1;
    for (const auto& t : d.m2gChanged)
        for (int k = 0; k < 3; ++k) seed[std::size_t(t.meshA[k])] = seed[std::size_t(t.meshB[k])] = 1;
    std::vector<std::vector<std::int32_t>> nb(nMesh);
    for (std::size_t f = 0; f < a.faceCount(); ++f)
        for (int k = 0; k < 3; ++k) nb[std::size_t(a.meshFaces[3 * f + k])].push_back(a.meshFaces[3 * f + (k + 1) % 3]);
    std::vector<char> reached = seed;
    for (int hop = 0; hop < MessagePassingModel::kProcessorSteps; ++hop) {
        std::vector<char> next = reached;
        for (std::size_t m = 0; m < nMesh; ++m)
            if (reached[m])
                for (auto n : nb[m]) next[std::size_t(n)] = 1;
        reached.swap(next);
    }
    const std::size_t nLon = a.gridLon.size();
    std::vector<char> changedTriangle(a.gridCount(), 0);
    for (const auto& t : d.m2gChanged) changedTriangle[std::size_t(t.grid)] = 1;
    std::vector<char> near;
    for (std::size_t i = 0; i < a.gridLat.size(); i += stride) {
        for (std::size_t j = 0; j < nLon; j += stride) {
            const std::size_t g = i * nLon + j;
            bool hit = changedTriangle[g];
            for (int k = 0; k < 3 && !hit; ++k)
                hit = reached[std::size_t(a.m2gSenders[3 * g + k])] || reached[std::size_t(b.m2gSenders[3 * g + k])];
            near.push_back(hit);
        }
    }
    return near;
}

// The builder writes three mesh→grid edges per grid point in grid order.
void requireGridOrderedTriangles(const MeshGraph& g) {
    for (std::size_t e = 0; e < g.m2gReceivers.size(); ++e)
        if (g.m2gReceivers[e] != std::int32_t(e / 3)) throw Error("", "demo graph has unexpected mesh->grid order");
}

DemoMeasurement measure(const DemoRun& a, const DemoRun& b, const GraphDiff& d, std::size_t stride) {
    requireGridOrderedTriangles(a.built.graph);
    requireGridOrderedTriangles(b.built.graph);
    DemoMeasurement m;
    m.g2mDiffering = d.g2mOnlyA.size() + d.g2mOnlyB.size();
    m.m2gDiffering = d.m2gChanged.size();
    m.movedNodes = d.movedNodes.size();
    m.fields = a.fields.size();
    const std::vector<char> near = nearDifferences(a.built.graph, b.built.graph, d, stride);
    m.gridPoints = near.size();
    std::vector<double> score(near.size(), 0.0);
    for (std::size_t k = 0; k < a.fields.size(); ++k) {
        double sum = 0, sum2 = 0;
        std::size_t n = 0;
        for (float v : a.fields[k])
            if (std::isfinite(v)) {
                sum += v;
                sum2 += double(v) * v;
                ++n;
            }
        const double mean = n ? sum / double(n) : 0;
        const double sd = n ? std::sqrt(std::max(0.0, sum2 / double(n) - mean * mean)) : 0;
        if (sd <= 0) continue;
        for (std::size_t p = 0; p < near.size(); ++p) {
            const float va = a.fields[k][p], vb = b.fields[k][p];
            if (!std::isfinite(va) || !std::isfinite(vb)) continue;
            const double diff = (double(va) - double(vb)) / sd;
            score[p] += diff * diff;
            double& worst = near[p] ? m.maxNormalizedDifferenceNear : m.maxNormalizedDifferenceElsewhere;
            worst = std::max(worst, std::abs(diff));
        }
    }
    double total = 0, nearSum = 0;
    for (std::size_t p = 0; p < near.size(); ++p) {
        total += score[p];
        if (near[p]) {
            nearSum += score[p];
            ++m.nearPoints;
        }
    }
    m.nearShareOfSquaredDifference = total > 0 ? nearSum / total : 0;
    return m;
}

}  // namespace

nlohmann::json DemoResult::toJson() const {
    const auto& m = measurement;
    return {{"run_a", runA},
            {"run_b", runB},
            {"synthetic", true},
            {"fields", m.fields},
            {"graph_differences",
             {{"grid2mesh_edges", m.g2mDiffering},
              {"mesh2grid_triangles", m.m2gDiffering},
              {"moved_mesh_nodes", m.movedNodes}}},
            {"difference_location",
             {{"saved_grid_points", m.gridPoints},
              {"points_near_differing_edges", m.nearPoints},
              {"near_share_of_squared_difference", m.nearShareOfSquaredDifference},
              {"max_normalized_difference_near", m.maxNormalizedDifferenceNear},
              {"max_normalized_difference_elsewhere", m.maxNormalizedDifferenceElsewhere},
              {"definition",
               "normalized difference = (A - B) / std(A) per field; near = the grid point's triangle (in A or B) "
               "touches a mesh node within 2 mesh hops of a node whose grid->mesh edges or triangle use differ"}}}};
}

DemoResult writeDemo(const DemoOptions& options) {
    const double res = options.resolutionDeg;
    const double strideD = 1.0 / res;
    if (!(res > 0) || res > 1 || std::abs(strideD - std::round(strideD)) > 1e-9)
        throw Error("", "demo resolution must be 1.0, 0.5, 0.25 or 0.1 degrees (1/n)");
    const auto stride = std::size_t(std::lround(strideD));
    const fs::path dir(options.outDir);
    for (const char* run : {"A", "B"}) {  // never mix the demo with, or overwrite, other files
        std::error_code ec;
        for (const auto& entry : fs::directory_iterator(dir / run, ec)) {
            const std::string name = entry.path().filename().string();
            if (name != "graph.npz" && name != "fields.npz" && name != "run.json")
                throw Error((dir / run).string(), "holds " + name + ", not a meshdiff demo: choose a new folder");
        }
    }
    std::error_code ec;
    fs::create_directories(dir / "A", ec);
    fs::create_directories(dir / "B", ec);
    if (!fs::is_directory(dir / "A") || !fs::is_directory(dir / "B"))
        throw Error(dir.string(), "cannot create the demo run folders");

    std::vector<DemoRun> runs{{"A (glibc float32 math)", FloatMath::Glibc, {}, {}},
                              {"B (Eigen float32 math)", FloatMath::Eigen, {}, {}}};
    for (auto& run : runs) {
        GraphBuildOptions o;
        o.resolutionDeg = res;
        o.math = run.math;
        run.built = buildGraph(o);
        run.fields = demoFields(run.built.graph, stride);
    }
    const GraphDiff diff = diffGraphs(runs[0].built.graph, runs[1].built.graph, "A", "B");
    DemoResult result;
    result.runA = (dir / "A").string();
    result.runB = (dir / "B").string();
    result.measurement = measure(runs[0], runs[1], diff, stride);

    const MeshGraph& g0 = runs[0].built.graph;
    const std::size_t nLat = (g0.gridLat.size() + stride - 1) / stride,
                      nLon = (g0.gridLon.size() + stride - 1) / stride;
    for (std::size_t r = 0; r < runs.size(); ++r) {
        const fs::path runDir = dir / (r == 0 ? "A" : "B");
        GraphBuildOptions o;
        o.resolutionDeg = res;
        o.math = runs[r].math;
        const std::string hash = canonicalGraphHash(runs[r].built.graph);
        writeGraphNpz(runs[r].built.graph, (runDir / "graph.npz").string(), res >= 1.0);
        writeDemoFields(runs[r].fields, nLat, nLon, runDir / "fields.npz");
        writeDemoText(runDir / "run.json", runMetadata(runs[r], o, hash).dump(1) + "\n");
    }
    writeDemoText(dir / "demo.json", result.toJson().dump(1) + "\n");
    return result;
}

}  // namespace meshdiff
