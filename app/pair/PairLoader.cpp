#include "pair/PairLoader.h"

#include <chrono>
#include <future>

#include "background/StartupTrace.h"
#include "builder/BallRadius.h"
#include "common/Error.h"
#include "compare/DiagnoseComparison.h"
#include "fields/FieldMetrics.h"
#include "fieldtable/NearDifferenceMask.h"
#include "geo/Coastlines.h"
#include "graph/MeshNodeRenumbering.h"
#include "io/FileKind.h"
#include "io/GraphFiles.h"
#include "map/MapNeighbourhood.h"

namespace meshdiff::pair {
namespace {

std::vector<float> toFloats(const Field& field) {
    return std::visit([](const auto& values) { return std::vector<float>(values.begin(), values.end()); },
                      field.values);
}

// The builder's radius from the run's metadata or its HDF5 graph file's, else recomputed.
BallRadius radiusOf(const RunInputs& run, const MeshGraph& graph) {
    std::optional<double> radius = builderRadius(run.metadata);
    if (!radius && run.graphFile) {
        try {
            if (sniffFileKind(*run.graphFile) == FileKind::GraphHdf5)
                radius = builderRadius(nlohmann::json::parse(readGraphHdf5Metadata(*run.graphFile)));
        } catch (const std::exception&) {
            // no readable metadata: recomputed below
        }
    }
    return radius ? BallRadius{*radius, true} : BallRadius{ballQueryRadius(graph), false};
}

}  // namespace

views::FieldRow fieldRow(const FieldMetrics& m) {
    views::FieldRow row;
    row.name = m.name;
    row.units = m.units;
    row.corr = m.corr;
    row.relRms = m.relRms;
    row.maxAbs = m.maxAbs;
    row.nanMasksEqual = m.nanMasksEqual;
    row.withinTolerance = m.withinTolerance;
    row.note = m.note;
    return row;
}

// The relative RMS over the masked points, NaN when the mask selects no compared point.
double maskedRelRms(const Field& a, const Field& b, const GridAlignment& alignment,
                    const std::vector<std::uint8_t>& mask, std::uint8_t value) {
    const FieldMetrics m = computeFieldMetrics(a, b, alignment, &mask, value);
    return m.comparedPoints == 0 ? std::numeric_limits<double>::quiet_NaN() : m.relRms;
}

std::shared_ptr<LoadedPair> loadPair(const std::string& pathA, const std::string& pathB, const ProgressFn& progress,
                                     const std::atomic<bool>& cancel, const GraphStageFn& graphsReady,
                                     const GraphsReadFn& graphsRead) {
    const auto start = std::chrono::steady_clock::now();
    auto check = [&cancel] {
        if (cancel.load()) throw LoadCancelled{};
    };
    auto pair = std::make_shared<LoadedPair>();
    pair->pathA = pathA;
    pair->pathB = pathB;
    Comparison& c = pair->comparison;

    progress(2, "Looking for graph, fields and metadata files");
    {
        auto b = std::async(std::launch::async, [&] { return discoverRun(pathB, DamagedFiles::Record); });
        c.a = discoverRun(pathA, DamagedFiles::Record);
        c.b = b.get();
    }
    c.notCompared = partsNotCompared(c.a, c.b, CompareOptions{});
    check();

    if (c.a.graphFile || c.b.graphFile) {
        progress(10, "Reading the graphs");
        auto readOptional = [](const std::optional<std::string>& file) -> std::shared_ptr<const MeshGraph> {
            return file ? std::make_shared<const MeshGraph>(readGraph(*file)) : nullptr;
        };
        auto b = std::async(std::launch::async, [&] { return readOptional(c.b.graphFile); });
        pair->graphA = readOptional(c.a.graphFile);
        pair->graphB = b.get();
        views::traceStartup("graphs read");
        check();
        if (graphsRead) graphsRead(pair->graphA, pair->graphB);
        if (pair->graphA) pair->ballRadiusA = radiusOf(c.a, *pair->graphA);
        if (pair->graphB) pair->ballRadiusB = radiusOf(c.b, *pair->graphB);
        if (pair->graphA && pair->graphB) {
            progress(40, "Comparing the graphs");
            c.graph = diffGraphs(*pair->graphA, *pair->graphB, *c.a.graphFile, *c.b.graphFile);
            if (!c.graph->meshBToA.empty())  // drawn, like diffed, in A's numbering
                pair->graphB =
                    std::make_shared<const MeshGraph>(renumberMeshNodes(viewOf(*pair->graphB), c.graph->meshBToA));
            pair->differenceLocations = views::differenceLocations(*c.graph, *pair->graphA);
            // Where the diagnosis looks ("near"), on the globe with the graphs.
            if (!c.graph->sameEdgesAndNodes())
                pair->places = placesOf(*c.graph, viewOf(*pair->graphA), viewOf(*pair->graphB));
        }
    }
    check();
    pair->runRows = views::runComparisonRows(c.a, c.b, c.graph ? c.graph->hashA : std::string(),
                                             c.graph ? c.graph->hashB : std::string());
    if (graphsReady && c.graph) {
        auto graphStage = std::make_shared<LoadedPair>(*pair);
        graphStage->seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        views::traceStartup("graphs diffed");
        graphsReady(std::move(graphStage));
        check();
    }

    // The shared edges' features, recomputed beside the fields' compare (both graphs in memory).
    std::future<EdgeFeatureDrift> drift;
    if (c.graph && !c.graph->sameSets())
        drift = std::async(std::launch::async, [&pair] { return edgeFeatureDrift(*pair->graphA, *pair->graphB); });

    // A damaged file stops the load once the graphs are on screen; the error names it.
    for (const RunInputs* run : {&c.a, &c.b}) {
        if (!run->damaged.empty()) throw Error(run->damaged.front().path, run->damaged.front().problem);
    }
    if (c.a.fieldsFile && c.b.fieldsFile) {
        progress(55, "Comparing the fields");
        auto open = std::make_shared<OpenFieldPair>();
        {
            auto b = std::async(std::launch::async, [&] { return openFieldSource(*c.b.fieldsFile); });
            open->a = openFieldSource(*c.a.fieldsFile);
            open->b = b.get();
        }
        open->alignment = alignGrids(open->a->grid(), open->b->grid(), open->a->path(), open->b->path());
        // The diagnosis (why the fields differ) from the same pass as the metrics.
        std::optional<DiffNeighbourhood> around;
        if (pair->places) around = neighbourhoodOn(*pair->places, open->a->grid());
        RolloutScope scope;
        scope.around = around ? &*around : nullptr;
        c.fields = compareFieldSources(*open->a, *open->b, c.tolerance, scope);
        if (drift.valid()) c.edgeFeatures = drift.get();
        c.diagnosis = diagnoseComparison(c, pair->places, around ? around->areaShare : 0.0,
                                         c.edgeFeatures ? edgeFeatureResidual(*c.edgeFeatures) : std::nullopt);
        for (const FieldMetrics& m : c.fields->perField) pair->fieldRows.push_back(fieldRow(m));
        check();

        if (!pair->differenceLocations.empty()) {
            const auto mask = views::nearDifferenceMask(open->a->grid(), open->alignment, pair->differenceLocations,
                                                        views::defaultNearRadiusDegrees(open->a->grid()));
            const std::size_t count = pair->fieldRows.size();
            for (std::size_t i = 0; i < count; ++i) {
                check();
                progress(75 + int(25 * i / std::max<std::size_t>(1, count)), "Fields near the differing edges");
                views::FieldRow& row = pair->fieldRows[i];
                auto b = std::async(std::launch::async, [&] { return open->b->load(row.name); });
                const Field fa = open->a->load(row.name);
                const Field fb = b.get();
                row.relRmsNear = maskedRelRms(fa, fb, open->alignment, mask, 1);
                row.relRmsElsewhere = maskedRelRms(fa, fb, open->alignment, mask, 0);
            }
        }
        pair->fields = std::move(open);
    }
    if (drift.valid()) c.edgeFeatures = drift.get();
    check();

    pair->seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    views::traceStartup("fields compared");
    progress(100, "Done");
    return pair;
}

std::shared_ptr<views::ErrorMapData> loadFieldMap(const LoadedPair& pair, const std::string& field,
                                                  const std::vector<std::vector<views::LonLat>>& coastlines,
                                                  const FieldSlice& slice) {
    auto data = std::make_shared<views::ErrorMapData>();
    data->fieldName = field;
    data->labelA = pair.comparison.a.label;
    data->labelB = pair.comparison.b.label;
    data->coastlines = coastlines;
    if (pair.fields) {
        Field fa, fb;
        {
            std::lock_guard lock(pair.fields->mutex);
            if (slice == FieldSlice{}) {
                fa = pair.fields->a->load(field);
                fb = pair.fields->b->load(field);
            } else {
                // Only A or only B may have members: the one without has member 0 only.
                auto member = [&slice](const FieldSource& source) {
                    return source.members().empty() ? std::size_t(0) : slice.member;
                };
                fa = pair.fields->a->loadAt(field, slice.leadA, member(*pair.fields->a));
                fb = pair.fields->b->loadAt(field, slice.leadB, member(*pair.fields->b));
            }
        }
        const GridAlignment& al = pair.fields->alignment;
        const LatLonGrid& gridA = pair.fields->a->grid();
        for (std::size_t i : al.latA) data->grid.lat.push_back(gridA.lat[i]);
        for (std::size_t j : al.lonA) data->grid.lon.push_back(gridA.lon[j]);
        const std::vector<float> valuesA = toFloats(fa), valuesB = toFloats(fb);
        const std::size_t nlonA = fa.nlon, nlonB = fb.nlon;
        data->a.resize(al.size());
        data->b.resize(al.size());
        for (std::size_t i = 0; i < al.latA.size(); ++i) {
            for (std::size_t j = 0; j < al.lonA.size(); ++j) {
                data->a[i * al.lonA.size() + j] = valuesA[al.latA[i] * nlonA + al.lonA[j]];
                data->b[i * al.lonA.size() + j] = valuesB[al.latB[i] * nlonB + al.lonB[j]];
            }
        }
        data->units = fa.units;
    }

    if (pair.places) data->neighbourhood = views::neighbourhoodOutlines(*pair.places);
    const GraphDiff* diff = pair.comparison.graph ? &*pair.comparison.graph : nullptr;
    if (diff && pair.graphA) {
        const MeshGraph& g = *pair.graphA;
        const std::size_t nlon = g.gridLon.size();
        auto gridPoint = [&](std::int32_t grid) {
            return views::LonLat{g.gridLon[std::size_t(grid) % nlon], g.gridLat[std::size_t(grid) / nlon]};
        };
        auto meshNode = [&](std::int32_t mesh) {
            return views::LonLat{g.meshLon[std::size_t(mesh)], g.meshLat[std::size_t(mesh)]};
        };
        for (int run : {1, 2}) {
            for (const GridMeshEdge& e : run == 1 ? diff->g2mOnlyA : diff->g2mOnlyB) {
                data->lines.push_back({gridPoint(e.grid), meshNode(e.mesh), run});
                data->markers.push_back({gridPoint(e.grid), run});
            }
        }
        for (const TriangleChange& t : diff->m2gChanged) {
            for (int run : {1, 2}) {
                const auto& nodes = run == 1 ? t.meshA : t.meshB;
                data->triangles.push_back({{meshNode(nodes[0]), meshNode(nodes[1]), meshNode(nodes[2])}, run});
            }
            data->markers.push_back({gridPoint(t.grid), 0});
        }
    }
    return data;
}

std::vector<std::vector<views::LonLat>> loadCoastlines() {
    std::vector<std::vector<views::LonLat>> lines;
    const auto file = findGshhgFile('c');
    if (!file) return lines;
    try {
        const Coastlines coast = readGshhgCoastlines(*file);
        for (std::size_t k = 0; k < coast.lineCount(); ++k) {
            std::vector<views::LonLat> line;
            for (std::uint32_t p = coast.start[k]; p < coast.start[k + 1]; ++p)
                line.push_back({coast.lon[p], coast.lat[p]});
            lines.push_back(std::move(line));
        }
    } catch (const Error&) {
        lines.clear();  // a damaged data package only costs the coastlines
    }
    return lines;
}

}  // namespace meshdiff::pair
