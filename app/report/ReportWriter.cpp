// The bug-report folder of `meshdiff report` and of the window's File ▸ Export ▸ Report.
#include "report/ReportWriter.h"

#include <QImage>
#include <QString>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <sstream>

#include "common/Error.h"
#include "export/DataExport.h"
#include "geo/Vec3.h"
#include "globe/GlobeRenderer.h"
#include "gui/PairLoader.h"
#include "map/ErrorMapRenderer.h"

namespace meshdiff::report {
namespace {

using views::GlobeCamera;
using views::GlobeRenderer;
using views::GlobeScene;
using views::LonLat;

std::string htmlEscape(const std::string& text) {
    std::string out;
    for (char c : text) {
        switch (c) {
            case '&': out += "&amp;"; break;
            case '<': out += "&lt;"; break;
            case '>': out += "&gt;"; break;
            case '"': out += "&quot;"; break;
            default: out += c;
        }
    }
    return out;
}

std::string fileSafe(const std::string& name) {
    std::string out;
    for (char c : name) out += (std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_') ? c : '_';
    return out;
}

std::string number(double v) {
    if (std::isnan(v)) return "–";
    std::ostringstream s;
    s.precision(4);
    s << v;
    return s.str();
}

// The camera direction that sees most differences: their mean direction on the sphere.
GlobeCamera cameraOnDifferences(const std::vector<LonLat>& locations, double distance) {
    if (locations.empty()) return {20, 0, distance};
    Vec3 sum{0, 0, 0};
    for (const LonLat& p : locations) {
        const Vec3 v = unitVector(p[1], p[0]);
        for (int k = 0; k < 3; ++k) sum[k] += v[k];
    }
    if (norm(sum) < 1e-6 * double(locations.size())) return {locations[0][1], locations[0][0], distance};
    return {latitudeOf(sum), longitudeOf(sum), distance};
}

void saveImage(const QImage& image, const std::filesystem::path& path) {
    if (image.isNull()) throw Error(path.string(), "the image could not be rendered");
    if (!image.save(QString::fromStdString(path.string()))) throw Error(path.string(), "cannot be written");
}

struct Figure {
    std::string file, caption;
};

void writeFigures(std::ostream& html, const std::vector<Figure>& figures) {
    for (const Figure& f : figures)
        html << "<figure><img src=\"" << f.file << "\" alt=\"" << htmlEscape(f.caption) << "\"><figcaption>"
             << htmlEscape(f.caption) << "</figcaption></figure>\n";
}

void writeIndexHtml(const std::filesystem::path& path, const gui::LoadedPair& pair, const std::vector<Figure>& globes,
                    const std::vector<Figure>& maps, const std::vector<std::string>& dataFiles) {
    const Comparison& c = pair.comparison;
    std::ofstream html(path);
    if (!html) throw Error(path.string(), "cannot be written");
    html << "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>meshdiff report: " << htmlEscape(c.a.label)
         << " vs " << htmlEscape(c.b.label) << "</title>\n<style>"
         << "body{font-family:sans-serif;margin:2em;max-width:1700px}img{max-width:100%;border:1px solid #ccc}"
         << "table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:2px 8px;text-align:right}"
         << "th{background:#eee}td:first-child{text-align:left}figure{margin:1em 0}</style></head><body>\n";
    html << "<h1>meshdiff "
            "report</h1>\n<table><tr><th></th><th>path</th><th>label</th><th>graph</th><th>fields</th></tr>\n";
    for (const RunInputs* run : {&c.a, &c.b})
        html << "<tr><td>" << (run == &c.a ? "A" : "B") << "</td><td>" << htmlEscape(run->path) << "</td><td>"
             << htmlEscape(run->label) << "</td><td>" << htmlEscape(run->graphFile.value_or("–")) << "</td><td>"
             << htmlEscape(run->fieldsFile.value_or("–")) << "</td></tr>\n";
    html << "</table>\n<h2>Graphs</h2>\n";
    if (c.graph) {
        const GraphDiff& d = *c.graph;
        html << "<p>grid→mesh edges only in A: <b>" << d.g2mOnlyA.size() << "</b>, only in B: <b>" << d.g2mOnlyB.size()
             << "</b> (of " << d.g2mEdgesA << " / " << d.g2mEdgesB
             << "); grid points whose mesh→grid triangle differs: <b>" << d.m2gChanged.size() << "</b> (of "
             << d.gridPoints << "); mesh nodes moved: <b>" << d.movedNodes.size() << "</b> (at most " << d.maxMovedUlp
             << " float32 steps); hashes " << htmlEscape(d.hashA) << " / " << htmlEscape(d.hashB) << ".</p>\n";
    } else {
        html << "<p>No graph in one or both runs.</p>\n";
    }
    writeFigures(html, globes);
    html << "<h2>Fields</h2>\n";
    if (!pair.fieldRows.empty()) {
        std::vector<const views::FieldRow*> rows;
        for (const auto& r : pair.fieldRows) rows.push_back(&r);
        std::stable_sort(rows.begin(), rows.end(), [](auto* x, auto* y) { return x->relRms > y->relRms; });
        html << "<table><tr><th>field</th><th>units</th><th>corr</th><th>rel RMS</th><th>max |A−B|</th>"
             << "<th>NaN masks equal</th><th>rel RMS near differences</th><th>rel RMS elsewhere</th></tr>\n";
        for (const auto* r : rows)
            html << "<tr><td>" << htmlEscape(r->name) << "</td><td>" << htmlEscape(r->units) << "</td><td>"
                 << number(r->corr) << "</td><td>" << number(r->relRms) << "</td><td>" << number(r->maxAbs)
                 << "</td><td>" << (r->nanMasksEqual ? "yes" : "no") << "</td><td>" << number(r->relRmsNear)
                 << "</td><td>" << number(r->relRmsElsewhere) << "</td></tr>\n";
        html << "</table>\n";
    } else {
        html << "<p>No fields compared.</p>\n";
    }
    writeFigures(html, maps);
    html << "<h2>Data</h2>\n<ul>\n";
    for (const std::string& file : dataFiles) {
        const std::string name = std::filesystem::path(file).filename().string();
        html << "<li><a href=\"" << name << "\">" << name << "</a></li>\n";
    }
    html << "</ul>\n<p>Written by meshdiff " << MESHDIFF_VERSION << ".</p>\n</body></html>\n";
    if (!html) throw Error(path.string(), "cannot be written");
}

}  // namespace

ReportFiles writeReport(const gui::LoadedPair& pair, const std::filesystem::path& folder, const ReportOptions& options,
                        const std::function<void(int, const std::string&)>& progress) {
    namespace fs = std::filesystem;
    auto step = [&](int percent, const std::string& what) {
        if (progress) progress(percent, what);
    };
    if (options.width < 64 || options.height < 64 || options.width > 16384 || options.height > 16384)
        throw Error("", "the report's images must be between 64 and 16384 pixels each way");
    step(0, "Writing the data files");
    const fs::path& out = folder;
    std::error_code ec;
    fs::create_directories(out, ec);
    if (ec || !fs::is_directory(out)) throw Error(out.string(), "cannot create the output folder");

    const GraphDiff* diff = pair.comparison.graph ? &*pair.comparison.graph : nullptr;
    std::vector<std::string> dataFiles = views::exportDataFiles(out.string(), diff, pair.graphA.get(), pair.fieldRows);
    views::writeJsonFile(comparisonToJson(pair.comparison), (out / "comparison.json").string());
    dataFiles.push_back((out / "comparison.json").string());

    std::vector<Figure> globes, maps;
    const double lineScale = std::max(1.0, options.height / 800.0);
    if (pair.graphA) {
        GlobeScene scene;
        scene.graphA = pair.graphA.get();
        scene.graphB = pair.graphB ? pair.graphB.get() : nullptr;
        scene.diff = diff;
        scene.labelA = pair.comparison.a.label;
        scene.labelB = pair.comparison.b.label;
        step(10, "Rendering the globe");
        GlobeRenderer globe;
        globe.setScene(scene);
        globe.setCamera(cameraOnDifferences(pair.differenceLocations, 4.2));
        saveImage(globe.renderImage(options.width, options.height, lineScale), out / "globe.png");
        globes.push_back({"globe.png", "The globe centred on the differences (mesh M" +
                                           std::to_string(scene.meshLevel) + ", differences ringed)."});
        if (diff) {
            // Close-ups: the first differing edges and triangles, as the window's "next difference".
            std::vector<std::pair<LonLat, std::string>> spots;
            auto gridLonLat = [&](std::int32_t grid) {
                const MeshGraph& g = *pair.graphA;
                return LonLat{g.gridLon[grid % g.gridLon.size()], g.gridLat[grid / g.gridLon.size()]};
            };
            for (const auto& e : diff->g2mOnlyA)
                spots.push_back({gridLonLat(e.grid), "grid→mesh edge only in A, grid point " + std::to_string(e.grid) +
                                                         " → mesh node " + std::to_string(e.mesh)});
            for (const auto& e : diff->g2mOnlyB)
                spots.push_back({gridLonLat(e.grid), "grid→mesh edge only in B, grid point " + std::to_string(e.grid) +
                                                         " → mesh node " + std::to_string(e.mesh)});
            for (const auto& t : diff->m2gChanged)
                spots.push_back({gridLonLat(t.grid), "mesh→grid triangle of grid point " + std::to_string(t.grid)});
            for (int i = 0; i < options.closeups && i < static_cast<int>(spots.size()); ++i) {
                const auto& [at, what] = spots[i];
                step(20 + 30 * i / options.closeups, "Rendering close-up " + std::to_string(i + 1));
                globe.setCamera({at[1], at[0], 1.15});
                const std::string file = "globe_difference_" + std::to_string(i + 1) + ".png";
                saveImage(globe.renderImage(options.width / 2, options.height / 2, std::max(1.0, lineScale / 2)),
                          out / file);
                std::ostringstream caption;
                caption.precision(4);
                caption << "Close-up " << i + 1 << ": " << what << " at " << at[1] << "°, " << at[0] << "°.";
                globes.push_back({file, caption.str()});
            }
        }
    }

    if (pair.fields && !pair.fieldRows.empty() && options.maps > 0) {
        std::vector<const views::FieldRow*> rows;
        for (const auto& r : pair.fieldRows) rows.push_back(&r);
        std::stable_sort(rows.begin(), rows.end(), [](auto* x, auto* y) { return x->relRms > y->relRms; });
        const auto coastlines = gui::loadCoastlines();
        for (int i = 0; i < options.maps && i < static_cast<int>(rows.size()); ++i) {
            const std::string field = rows[i]->name;
            step(50 + 45 * i / options.maps, "Drawing the error map of " + field);
            views::ErrorMapRenderer renderer;
            renderer.setData(gui::loadFieldMap(pair, field, coastlines));
            views::ErrorMapStyle style;
            style.mode = views::MapMode::SideBySide;
            renderer.setStyle(style);
            const std::string file = "map_" + std::to_string(i + 1) + "_" + fileSafe(field) + ".png";
            renderer.savePng(QString::fromStdString((out / file).string()),
                             QSize(options.width * 3 / 2, options.height / 2));
            maps.push_back({file, field + ": A, B and A−B (rel RMS " + number(rows[i]->relRms) + ")."});
        }
    }
    writeIndexHtml(out / "index.html", pair, globes, maps, dataFiles);
    step(100, "Report written");
    return {(out / "index.html").string(), int(globes.size()), int(maps.size()), int(dataFiles.size())};
}

}  // namespace meshdiff::report
