#include "pair/PairLoader.h"

#include <chrono>
#include <set>
#include <utility>

#include "background/StartupTrace.h"
#include "builder/BallRadius.h"
#include "common/Error.h"
#include "compare/SpreadRatio.h"
#include "geo/Coastlines.h"
#include "io/FileKind.h"
#include "io/GraphFiles.h"
#include "map/MapNeighbourhood.h"
#include "run/RunFolder.h"

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
    row.relRmsArea = m.areaWeighted.relRms;
    row.levelUnits = m.levelUnits;
    return row;
}

std::vector<std::vector<views::FieldRow>> tableRows(const LeadComparison& lead, const std::vector<Region>& regions) {
    const std::size_t memberCount =
        lead.members.empty() ? 1 : std::set<int>(lead.members.begin(), lead.members.end()).size();
    std::vector<std::vector<views::FieldRow>> rows(memberCount);
    const std::vector<double> ratios = fieldSpreadRatios(lead);
    // The rows of the member the spread is measured from: A's memberA, or member 0 against a run.
    auto spreadSide = [&](std::size_t k) {
        if (!lead.spread || !lead.spread->run.empty() || k >= lead.members.size()) return k % memberCount == 0;
        return lead.members[k] == lead.spread->memberA;
    };
    for (std::size_t k = 0; k < lead.perField.size(); ++k) {
        views::FieldRow row = fieldRow(lead.perField[k]);
        if (spreadSide(k) && k / memberCount < ratios.size()) row.ratioToSpread = ratios[k / memberCount];
        const std::vector<AreaWeightedMetrics>& byRegion = lead.perField[k].regions;
        for (std::size_t r = 0; r < regions.size() && r < byRegion.size(); ++r) {
            row.relRmsByRegion.emplace_back(regions[r].name, byRegion[r].relRms);
            row.nanMasksEqualByRegion.emplace_back(regions[r].name, byRegion[r].nanMasksEqual);
        }
        if (k < lead.nearEnergy.size()) {
            row.relRmsNear = lead.nearEnergy[k].relRmsNear;
            row.relRmsElsewhere = lead.nearEnergy[k].relRmsElsewhere;
        }
        rows[k % memberCount].push_back(std::move(row));
    }
    return rows;
}

std::shared_ptr<LoadedPair> loadPair(const std::string& pathA, const std::string& pathB, const ProgressFn& progress,
                                     const std::atomic<bool>& cancel, const GraphStageFn& graphsReady,
                                     const GraphsReadFn& graphsRead, const PairLoadScope& scope) {
    const auto start = std::chrono::steady_clock::now();
    auto seconds = [&start] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(); };
    auto pair = std::make_shared<LoadedPair>();
    pair->pathA = pathA;
    pair->pathB = pathB;
    if (!scope.spreadRun.empty()) {
        pair->spreadPath = scope.spreadRun;
        const RunInputs spread = discoverRun(scope.spreadRun);
        if (!spread.fieldsFile) throw Error(scope.spreadRun, "the spread run holds no fields file");
        pair->spreadFieldsFile = *spread.fieldsFile;
    }

    CompareOptions options;      // compare's own, but:
    options.assessRisk = false;  // the fragility analysis runs on request (Fragility…)
    options.everyLead = scope.everyLead;
    options.fieldOptions.leadStepHours = scope.leadStepHours;
    pair->fieldOptions = options.fieldOptions;
    if (!scope.spreadRun.empty()) options.spreadRun = scope.spreadRun;
    options.damagedFiles = DamagedFiles::Record;  // the graphs are shown before a damaged fields file stops the load
    options.keepInputs = true;
    options.cancel = &cancel;
    options.progress = [&progress](const CompareProgress& p) {
        progress(55 + int(45 * p.done / std::max<std::size_t>(1, p.total)), "Comparing the fields");
    };
    options.stages.runsFound = [&](const Comparison& c) {
        if (c.a.graphFile || c.b.graphFile) progress(10, "Reading the graphs");
    };
    options.stages.graphsRead = [&](std::shared_ptr<const MeshGraph> a, std::shared_ptr<const MeshGraph> b) {
        views::traceStartup("graphs read");
        if (a && b) progress(40, "Comparing the graphs");
        if (graphsRead) graphsRead(std::move(a), std::move(b));
    };
    options.stages.graphsDiffed = [&](const Comparison& c, const KeptInputs& kept) {
        pair->graphA = kept.graphA;
        pair->graphB = kept.graphB;
        if (pair->graphA) pair->ballRadiusA = radiusOf(c.a, *pair->graphA);
        if (pair->graphB) pair->ballRadiusB = radiusOf(c.b, *pair->graphB);
        pair->places = kept.places;
        if (kept.places)
            for (const auto& [lat, lon] : kept.places->latLon) pair->differenceLocations.push_back({lon, lat});
        pair->runRows = views::runComparisonRows(c.a, c.b, c.graph ? c.graph->hashA : std::string(),
                                                 c.graph ? c.graph->hashB : std::string());
        if (graphsReady && c.graph) {
            auto graphStage = std::make_shared<LoadedPair>(*pair);
            graphStage->comparison = c;
            graphStage->comparison.kept.reset();
            graphStage->seconds = seconds();
            views::traceStartup("graphs diffed");
            graphsReady(std::move(graphStage));
        }
        if (c.a.fieldsFile && c.b.fieldsFile) progress(55, "Comparing the fields");
    };
    progress(2, "Looking for graph, fields and metadata files");
    try {
        pair->comparison = compareRuns(pathA, pathB, options);
    } catch (const CompareCancelled&) {
        throw LoadCancelled{};
    }
    Comparison& c = pair->comparison;
    const std::shared_ptr<KeptInputs> kept = std::exchange(c.kept, nullptr);
    // The graphs, their radii and the run rows came with stages.graphsDiffed, which runs without graphs too.
    if (c.fields && kept->fieldsA) {
        auto open = std::make_shared<OpenFieldPair>();
        open->a = kept->fieldsA;
        open->b = kept->fieldsB;
        open->alignment = kept->alignment;
        pair->fields = std::move(open);
        if (!c.fields->perLead.empty())  // none when no lead lines up
            pair->fieldRows = tableRows(c.fields->perLead[c.fields->shownLead], c.fields->regions).front();
    }
    if (cancel.load()) throw LoadCancelled{};
    pair->seconds = seconds();
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
