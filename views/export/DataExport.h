#pragma once
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "fieldtable/FieldRow.h"
#include "graph/GraphDiff.h"
#include "graph/MeshGraph.h"

namespace meshdiff::views {

// Differing grid→mesh edges: run ("A" or "B"), grid, mesh, grid lat/lon, mesh lat/lon (graph A).
void writeDifferingEdgesCsv(const GraphDiff& diff, const MeshGraph& graphA, const std::string& path);
// Grid points whose mesh→grid triangle differs: grid, lat, lon, A's and B's three mesh nodes.
void writeDifferingTrianglesCsv(const GraphDiff& diff, const MeshGraph& graphA, const std::string& path);
// name, units, corr, rel_rms, max_abs, nan_masks_equal, rel_rms_near, rel_rms_elsewhere.
void writeFieldMetricsCsv(const std::vector<FieldRow>& rows, const std::string& path);

// {"grid2mesh_only_a": [...], "grid2mesh_only_b": [...], "mesh2grid_changed": [...],
//  "grid2mesh_reordered": [mesh node, ...], "mesh2grid_reordered": [grid point, ...]} (the receivers
// whose incoming edges are the same set in another order)
nlohmann::json differencesJson(const GraphDiff& diff, const MeshGraph& graphA);
// [{"name", "units", "corr", "rel_rms", "max_abs", "nan_masks_equal", "rel_rms_near", "rel_rms_elsewhere",
//   "one_minus_corr", "within_tolerance", "note" (when rel RMS or corr is undefined)}]
// (NaN written as null).
nlohmann::json fieldMetricsJson(const std::vector<FieldRow>& rows);

// Writes `json` to `path` (pretty-printed); throws meshdiff::Error naming the file on failure.
void writeJsonFile(const nlohmann::json& json, const std::string& path);

// All of the above into `directory` (created when missing): differing_edges.csv,
// differing_triangles.csv, field_metrics.csv, differences.json, field_metrics.json. `diff`/`graphA`
// may be null (no graph) and `rows` empty (no fields); the files are written with headers only.
// Returns the paths written.
std::vector<std::string> exportDataFiles(const std::string& directory, const GraphDiff* diff, const MeshGraph* graphA,
                                         const std::vector<FieldRow>& rows);

}  // namespace meshdiff::views
