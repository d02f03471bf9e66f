#include "export/DataExport.h"

#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "common/Error.h"
#include "export/CsvText.h"

namespace meshdiff::views {
namespace {

std::ofstream openForWriting(const std::string& path) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    if (!out) throw Error(path, "cannot open for writing");
    out.precision(9);
    return out;
}

void finish(std::ofstream& out, const std::string& path) {
    out.close();
    if (!out) throw Error(path, "cannot write (disk full?)");
}

nlohmann::json numberOrNull(double v) { return std::isfinite(v) ? nlohmann::json(v) : nlohmann::json(nullptr); }

std::string csvNumber(double v, int digits = 9) {
    if (std::isnan(v)) return "";
    std::ostringstream s;
    s.precision(digits);
    s << v;
    return s.str();
}

struct Located {
    double lat, lon;
};

Located gridPoint(const MeshGraph& g, std::int32_t grid) {
    const std::size_t nlon = g.gridLon.size();
    return {g.gridLat[std::size_t(grid) / nlon], g.gridLon[std::size_t(grid) % nlon]};
}
Located meshNode(const MeshGraph& g, std::int32_t mesh) {
    return {g.meshLat[std::size_t(mesh)], g.meshLon[std::size_t(mesh)]};
}

nlohmann::json edgeJson(const MeshGraph& g, const GridMeshEdge& e) {
    const Located p = gridPoint(g, e.grid), m = meshNode(g, e.mesh);
    return {{"grid", e.grid},    {"mesh", e.mesh},    {"grid_lat", p.lat},
            {"grid_lon", p.lon}, {"mesh_lat", m.lat}, {"mesh_lon", m.lon}};
}

}  // namespace

void writeDifferingEdgesCsv(const GraphDiff& diff, const MeshGraph& graphA, const std::string& path) {
    std::ofstream out = openForWriting(path);
    out << "run,grid,mesh,grid_lat,grid_lon,mesh_lat,mesh_lon\n";
    for (const auto& [run, edges] : {std::pair{"A", &diff.g2mOnlyA}, std::pair{"B", &diff.g2mOnlyB}}) {
        for (const GridMeshEdge& e : *edges) {
            const Located p = gridPoint(graphA, e.grid), m = meshNode(graphA, e.mesh);
            out << run << ',' << e.grid << ',' << e.mesh << ',' << p.lat << ',' << p.lon << ',' << m.lat << ',' << m.lon
                << '\n';
        }
    }
    finish(out, path);
}

void writeDifferingTrianglesCsv(const GraphDiff& diff, const MeshGraph& graphA, const std::string& path) {
    std::ofstream out = openForWriting(path);
    out << "grid,lat,lon,mesh_a_0,mesh_a_1,mesh_a_2,mesh_b_0,mesh_b_1,mesh_b_2\n";
    for (const TriangleChange& t : diff.m2gChanged) {
        const Located p = gridPoint(graphA, t.grid);
        out << t.grid << ',' << p.lat << ',' << p.lon;
        for (auto m : t.meshA) out << ',' << m;
        for (auto m : t.meshB) out << ',' << m;
        out << '\n';
    }
    finish(out, path);
}

void writeFieldMetricsCsv(const std::vector<FieldRow>& rows, const std::string& path) {
    std::ofstream out = openForWriting(path);
    // corr of runs that nearly agree is 0.9999…: 15 digits, and 1 − corr, tell them apart.
    out << "name,units,corr,rel_rms,max_abs,nan_masks_equal,rel_rms_near,rel_rms_elsewhere,one_minus_corr\n";
    for (const FieldRow& r : rows) {
        out << csvText(r.name) << ',' << csvText(r.units) << ',' << csvNumber(r.corr, 15) << ',' << csvNumber(r.relRms)
            << ',' << csvNumber(r.maxAbs) << ',' << (r.nanMasksEqual ? "true" : "false") << ','
            << csvNumber(r.relRmsNear) << ',' << csvNumber(r.relRmsElsewhere) << ',' << csvNumber(1 - r.corr, 4)
            << '\n';
    }
    finish(out, path);
}

nlohmann::json differencesJson(const GraphDiff& diff, const MeshGraph& graphA) {
    nlohmann::json onlyA = nlohmann::json::array(), onlyB = nlohmann::json::array(), changed = nlohmann::json::array();
    for (const GridMeshEdge& e : diff.g2mOnlyA) onlyA.push_back(edgeJson(graphA, e));
    for (const GridMeshEdge& e : diff.g2mOnlyB) onlyB.push_back(edgeJson(graphA, e));
    for (const TriangleChange& t : diff.m2gChanged) {
        const Located p = gridPoint(graphA, t.grid);
        changed.push_back({{"grid", t.grid}, {"lat", p.lat}, {"lon", p.lon}, {"mesh_a", t.meshA}, {"mesh_b", t.meshB}});
    }
    return {{"grid2mesh_only_a", onlyA},
            {"grid2mesh_only_b", onlyB},
            {"mesh2grid_changed", changed},
            {"grid2mesh_reordered", diff.g2mReordered},
            {"mesh2grid_reordered", diff.m2gReordered}};
}

nlohmann::json fieldMetricsJson(const std::vector<FieldRow>& rows) {
    nlohmann::json out = nlohmann::json::array();
    for (const FieldRow& r : rows) {
        out.push_back({{"name", r.name},
                       {"units", r.units},
                       {"corr", numberOrNull(r.corr)},
                       {"rel_rms", numberOrNull(r.relRms)},
                       {"max_abs", numberOrNull(r.maxAbs)},
                       {"nan_masks_equal", r.nanMasksEqual},
                       {"rel_rms_near", numberOrNull(r.relRmsNear)},
                       {"rel_rms_elsewhere", numberOrNull(r.relRmsElsewhere)},
                       {"one_minus_corr", numberOrNull(1 - r.corr)},
                       {"within_tolerance", r.withinTolerance}});
        if (!r.note.empty()) out.back()["note"] = r.note;
    }
    return out;
}

void writeJsonFile(const nlohmann::json& json, const std::string& path) {
    std::ofstream out = openForWriting(path);
    out << json.dump(2) << '\n';
    finish(out, path);
}

std::vector<std::string> exportDataFiles(const std::string& directory, const GraphDiff* diff, const MeshGraph* graphA,
                                         const std::vector<FieldRow>& rows) {
    std::error_code error;
    std::filesystem::create_directories(directory, error);
    if (error) throw Error(directory, "cannot create the folder: " + error.message());
    const std::filesystem::path dir(directory);
    const GraphDiff empty;
    const MeshGraph noGraph;
    const GraphDiff& d = diff && graphA ? *diff : empty;
    const MeshGraph& g = diff && graphA ? *graphA : noGraph;
    std::vector<std::string> written{(dir / "differing_edges.csv").string(), (dir / "differing_triangles.csv").string(),
                                     (dir / "field_metrics.csv").string(), (dir / "differences.json").string(),
                                     (dir / "field_metrics.json").string()};
    writeDifferingEdgesCsv(d, g, written[0]);
    writeDifferingTrianglesCsv(d, g, written[1]);
    writeFieldMetricsCsv(rows, written[2]);
    writeJsonFile(differencesJson(d, g), written[3]);
    writeJsonFile(fieldMetricsJson(rows), written[4]);
    return written;
}

}  // namespace meshdiff::views
