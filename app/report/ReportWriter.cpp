// The bug-report folder of `meshdiff report` and of the window's File ▸ Export ▸ Report.
#include "report/ReportWriter.h"

#include <QCoreApplication>
#include <QString>
#include <QThread>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <sstream>

#include "common/Error.h"
#include "compare/Scorecard.h"
#include "export/DataExport.h"
#include "export/DifferenceLegend.h"
#include "export/FigureTitle.h"
#include "export/GlobeFigure.h"
#include "export/MapFigure.h"
#include "geo/Vec3.h"
#include "growthchart/GrowthChartData.h"
#include "growthchart/GrowthChartFigure.h"
#include "growthchart/LeadTableCsv.h"
#include "pair/EveryLeadComparison.h"
#include "pair/FieldMap.h"
#include "pair/PairLoader.h"
#include "report/CloseupSpots.h"
#include "report/ReportHtml.h"
#include "scorecard/ScorecardFigure.h"
#include "scorecard/ScorecardPicture.h"

namespace meshdiff::report {
namespace {

using views::GlobeCamera;
using views::LonLat;

constexpr double kEarthRadiusKm = 6371;
constexpr double kGraphCloseupDistance = 1.15;  // Earth radii from the centre
constexpr double kFieldCloseupDistance = 1.3;
constexpr double kFieldSpotSeparationDegrees = 10;
constexpr double kMapFigureInches = 10;
constexpr double kGrowthFigureInches = 6;
constexpr double kScorecardFigureInches = 7;
constexpr std::size_t kGrowthFields = 5;  // the worst fields drawn in the error-growth chart

std::string fileSafe(const std::string& name) {
    std::string out;
    for (char c : name) out += (std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_') ? c : '_';
    return out;
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

// A figure of exactly width × height pixels with 8 pt text at the report's resolution.
views::FigureOptions pixelFigure(int width, int height, double dotsPerInch) {
    views::FigureOptions figure = views::withPreset(views::FigureOptions{}, views::FigurePreset::Custom, QSizeF());
    figure.dotsPerInch = dotsPerInch;
    figure.widthInches = width / dotsPerInch;
    figure.heightInches = height <= 0 ? 0 : height / dotsPerInch;
    figure.fontPoints = 8;
    return figure;
}

// Roughly how far the picture of a close-up reaches from top to bottom on the ground.
double closeupKilometres(double distance) {
    return 2 * (distance - 1) * std::tan(views::kGlobeViewAngleDegrees / 2 * std::numbers::pi / 180) * kEarthRadiusKm;
}

std::string latLonText(double lat, double lon) {
    std::ostringstream s;
    s.setf(std::ios::fixed);
    s.precision(2);
    const double east = lon > 180 ? lon - 360 : lon;
    s << std::abs(lat) << "°" << (lat < 0 ? "S" : "N") << ", " << std::abs(east) << "°" << (east < 0 ? "W" : "E");
    return s.str();
}

std::string roundKm(double km) { return std::to_string(int(std::lround(km / 10) * 10)); }

// The lead the report's maps show, named as the window's lead bar names it; none for a single lead.
QString shownLeadLabel(const Comparison& c) {
    if (!c.fields || c.fields->perLead.size() < 2) return {};
    const LeadComparison& lead = c.fields->perLead[std::min(c.fields->shownLead, c.fields->perLead.size() - 1)];
    return lead.hours ? QStringLiteral("+%1 h").arg(*lead.hours) : QStringLiteral("lead %1").arg(lead.index);
}

void writeGlobe(const views::GlobeSnapshot& snapshot, const views::FigureOptions& figure,
                const std::filesystem::path& path) {
    views::writeGlobeFigure(snapshot, figure, QString::fromStdString(path.string()));
}

// The scorecard of every lead as scorecard.png (the report's width) and scorecard.pdf (a journal's
// double column); its caption is the figure's own legend. None without fields.
std::optional<Figure> writeScorecardFigures(const FieldsComparison& leads, const std::filesystem::path& folder,
                                            const ReportOptions& options) {
    const Scorecard card = buildScorecard(leads);
    if (card.rows.empty()) return std::nullopt;
    views::FigureOptions figure = pixelFigure(options.width, 0, options.width / kScorecardFigureInches);
    views::writeScorecardFigure(card, figure, QString::fromStdString((folder / "scorecard.png").string()));
    figure = views::withPreset(figure, views::FigurePreset::DoubleColumn, QSizeF());
    figure.format = views::FigureFormat::Pdf;
    views::writeScorecardFigure(card, figure, QString::fromStdString((folder / "scorecard.pdf").string()));
    return Figure{
        "scorecard.png",
        "Scorecard, one row per field and one column per lead: " + views::scorecardLegend(card).toStdString() + ".",
        "scorecard.pdf"};
}

}  // namespace

Figure writeGrowthFigures(const FieldsComparison& leads, const std::filesystem::path& folder,
                          const ReportOptions& options) {
    const auto growth = views::growthChartData(leads, {}, kGrowthFields, views::MetricChoice{});
    views::FigureOptions figure = pixelFigure(options.width, 0, options.width / kGrowthFigureInches);
    views::writeGrowthChartFigure(growth, figure, QString::fromStdString((folder / "growth_chart.png").string()));
    figure = views::withPreset(figure, views::FigurePreset::DoubleColumn, QSizeF());  // room for the names
    figure.format = views::FigureFormat::Pdf;
    views::writeGrowthChartFigure(growth, figure, QString::fromStdString((folder / "growth_chart.pdf").string()));
    return {"growth_chart.png",
            "Error growth: area-weighted rel RMS of A−B at each lead for the " + std::to_string(growth.lines.size()) +
                " fields with the largest area-weighted rel RMS (the largest over the members)" +
                (growth.spread.empty() ? std::string(".")
                                       : "; the band is the member spread (" + growth.spreadSource +
                                             "), from the median to the largest rel RMS over the fields."),
            "growth_chart.pdf"};
}

ReportFiles writeReport(const pair::LoadedPair& pair, const std::filesystem::path& folder, const ReportOptions& options,
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
    if (!options.leads) step(1, "Comparing every lead");
    const auto leads = options.leads ? options.leads : pair::compareEveryLead(pair);
    const bool rollout = leads && leads->perLead.size() > 1;
    if (rollout) {
        views::writeLeadTableCsv(*leads, (out / "per_lead.csv").string());
        dataFiles.push_back((out / "per_lead.csv").string());
    }

    // The worst fields (largest area-weighted rel RMS), in the window's default map style.
    const views::ErrorMapStyle style;
    std::vector<std::shared_ptr<const views::ErrorMapData>> worst;
    std::vector<const views::FieldRow*> rows;
    if (pair.fields && !pair.fieldRows.empty()) {
        for (const auto& r : pair.fieldRows) rows.push_back(&r);
        std::stable_sort(rows.begin(), rows.end(), [area = views::MetricChoice{}](auto* x, auto* y) {
            return views::worstFirstKey(*x, area) > views::worstFirstKey(*y, area);
        });
        const auto coastlines = pair::loadCoastlines();
        const std::size_t count = std::size_t(std::max(options.maps, options.fieldCloseups > 0 ? 1 : 0));
        for (std::size_t i = 0; i < count && i < rows.size(); ++i) {
            step(2, "Reading " + rows[i]->name);
            worst.push_back(pair::loadFieldMap(pair, rows[i]->name, coastlines));
        }
    }

    ReportFigures figures;
    if (pair.graphA) {
        views::GlobeSnapshot snapshot;
        snapshot.scene.graphA = pair.graphA.get();
        snapshot.scene.graphB = pair.graphB ? pair.graphB.get() : nullptr;
        snapshot.scene.diff = diff;
        snapshot.scene.labelA = pair.comparison.a.label;
        snapshot.scene.labelB = pair.comparison.b.label;
        snapshot.viewPixels = QSize(options.width, options.height);
        // As the window opens: the worst field's A−B draped on the globe.
        views::GlobeSnapshot overview = snapshot;
        if (!worst.empty()) overview.scene.field = pair::prepareFieldMap(worst.front(), style).overlay;
        overview.camera = cameraOnDifferences(pair.differenceLocations, 4.2);
        step(10, "Rendering the globe");
        writeGlobe(overview, pixelFigure(options.width, options.height, options.dotsPerInch), out / "globe.png");
        figures.globes.push_back(
            {"globe.png",
             "The globe centred on the differences (mesh M" + std::to_string(snapshot.scene.meshLevel) +
                 ", differences ringed" +
                 (worst.empty() ? std::string() : "; colours: " + worst.front()->fieldName + " A−B") + ").",
             {}});
        if (diff) {
            // Close-ups: the first differing edges and triangles, as the window's "next difference".
            std::vector<std::pair<LonLat, std::string>> spots;
            spots.reserve(diff->g2mOnlyA.size() + diff->g2mOnlyB.size() + diff->m2gChanged.size());
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
            // The captions say what the marks are in the words and colours of the figures' legend.
            views::DifferenceMarks marks;
            marks.edgesA = !diff->g2mOnlyA.empty();
            marks.edgesB = !diff->g2mOnlyB.empty();
            marks.faces = marks.gridPoints = !diff->m2gChanged.empty();
            marks.labelA = pair.comparison.a.label;
            marks.labelB = pair.comparison.b.label;
            const std::string legend = views::differenceLegendSentence(views::differenceLegend(marks));
            for (int i = 0; i < options.closeups && i < static_cast<int>(spots.size()); ++i) {
                const auto& [at, what] = spots[std::size_t(i)];
                step(20 + 20 * i / options.closeups, "Rendering close-ups of the graph differences");
                // The overview holds the legend; a close-up's caption names its colours.
                views::GlobeSnapshot closeup = snapshot;
                closeup.scene.setVisible(views::GlobeLayer::Legend, false);
                closeup.camera = {at[1], at[0], kGraphCloseupDistance};
                const std::string file = "globe_difference_" + std::to_string(i + 1) + ".png";
                writeGlobe(closeup, pixelFigure(options.width / 2, options.height / 2, options.dotsPerInch),
                           out / file);
                figures.globes.push_back({file,
                                          "Close-up " + std::to_string(i + 1) + ": " + what + " at " +
                                              latLonText(at[1], at[0]) + " (" + legend + "); the picture is about " +
                                              roundKm(closeupKilometres(kGraphCloseupDistance)) +
                                              " km from top to bottom.",
                                          {}});
            }
        }
        // Where the fields differ most, the field's A−B draped, as many places as asked.
        std::vector<const views::ErrorMapData*> candidates;
        for (std::size_t i = 0; i < worst.size() && i < std::size_t(std::max(1, options.maps)); ++i)
            candidates.push_back(worst[i].get());
        const auto fieldSpots = largestFieldDifferences(candidates, std::size_t(std::max(0, options.fieldCloseups)),
                                                        kFieldSpotSeparationDegrees);
        for (std::size_t i = 0; i < fieldSpots.size(); ++i) {
            const FieldSpot& spot = fieldSpots[i];
            step(40 + int(20 * i / fieldSpots.size()), "Rendering close-ups of the largest field differences");
            const auto data =
                std::find_if(worst.begin(), worst.end(), [&](const auto& d) { return d->fieldName == spot.field; });
            views::GlobeSnapshot closeup = snapshot;
            closeup.scene.field = pair::prepareFieldMap(*data, style).overlay;
            closeup.scene.setVisible(views::GlobeLayer::Legend, false);  // the colour bar stays
            closeup.camera = {spot.lat, spot.lon, kFieldCloseupDistance};
            const std::string file = "field_difference_" + std::to_string(i + 1) + ".png";
            writeGlobe(closeup, pixelFigure(options.width / 2, options.height / 2, options.dotsPerInch), out / file);
            const std::string units = spot.units.empty() ? std::string() : " " + spot.units;
            figures.fieldCloseups.push_back(
                {file,
                 "Field close-up " + std::to_string(i + 1) + ": " + spot.field +
                     ", A−B = " + numberText(spot.difference) + units + " at " + latLonText(spot.lat, spot.lon) +
                     (spot.share >= 1 ? " (its largest |A−B|)"
                                      : " (" + numberText(100 * spot.share) + " % of its largest |A−B|)") +
                     "; colours: A−B on the colour bar; the picture is about " +
                     roundKm(closeupKilometres(kFieldCloseupDistance)) + " km from top to bottom.",
                 {}});
        }
    }

    for (int i = 0; i < options.maps && i < static_cast<int>(worst.size()); ++i) {
        const std::string& field = worst[std::size_t(i)]->fieldName;
        step(60 + 35 * i / options.maps, "Drawing the error maps");
        // 10 inches wide, so that 8 pt text stays readable where the page shows the map at its width.
        const int mapPixels = options.width * 3 / 2;
        views::FigureOptions figure = pixelFigure(mapPixels, 0, mapPixels / kMapFigureInches);
        const views::ErrorMapData& map = *worst[std::size_t(i)];
        figure.title = views::defaultFigureTitle(QString::fromStdString(field), style.mode,
                                                 QString::fromStdString(map.units), shownLeadLabel(pair.comparison));
        // In the words of the PNG's own legend: the marks drawn at its size.
        const std::string marks =
            views::differenceLegendSentence(views::mapFigureLegend(worst[std::size_t(i)], style, figure));
        const std::string stem = "map_" + std::to_string(i + 1) + "_" + fileSafe(field);
        views::writeMapFigure(worst[std::size_t(i)], style, figure,
                              QString::fromStdString((out / (stem + ".png")).string()));
        figure = views::withPreset(figure, views::FigurePreset::DoubleColumn, QSizeF());
        figure.format = views::FigureFormat::Pdf;
        views::writeMapFigure(worst[std::size_t(i)], style, figure,
                              QString::fromStdString((out / (stem + ".pdf")).string()));
        figures.maps.push_back({stem + ".png",
                                field + ": A−B (rel RMS " + numberText(rows[std::size_t(i)]->relRmsArea) +
                                    " area-weighted, " + numberText(rows[std::size_t(i)]->relRms) +
                                    " over grid points, max |A−B| " + numberText(rows[std::size_t(i)]->maxAbs) + ")" +
                                    (marks.empty() ? std::string() : "; " + marks) + ".",
                                stem + ".pdf"});
    }
    if (rollout) {
        step(96, "Drawing the error-growth chart");
        if (options.growthFigure) {
            figures.growth.push_back(*options.growthFigure);
        } else if (QThread::currentThread() == QCoreApplication::instance()->thread()) {
            figures.growth.push_back(writeGrowthFigures(*leads, out, options));
        }
        step(98, "Drawing the scorecard");
        if (auto scorecard = writeScorecardFigures(*leads, out, options)) figures.scorecard.push_back(*scorecard);
    }
    writeIndexHtml(out / "index.html", pair, figures, dataFiles, leads.get(),
                   options.experimentsEvidence ? &*options.experimentsEvidence : nullptr);
    step(100, "Report written");
    return {(out / "index.html").string(), int(figures.globes.size() + figures.fieldCloseups.size()),
            int(figures.maps.size()), int(dataFiles.size())};
}

}  // namespace meshdiff::report
