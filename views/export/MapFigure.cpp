#include "export/MapFigure.h"

#include <algorithm>
#include <cmath>

#include <QPainter>

#include "common/Error.h"
#include "export/FigureLegend.h"

namespace meshdiff::views {
namespace {

// The renderer's largest text (titles) is 13 design units and tick labels 11.
constexpr double kTickLabelUnits = 11;
// Side-by-side panels narrower than this stand one above the other.
constexpr double kMinRowPanelInches = 2.0;

// The smallest height at which the first map is as wide as it can be in a figure `width` wide:
// any taller leaves a blank band, any shorter shrinks the maps. Searches between lo and hi.
double tightHeight(const ErrorMapRenderer& renderer, double width, double lo, double hi) {
    const auto mapWidth = [&](double height) {
        const auto frames = renderer.mapFrames(QRectF(0, 0, width, height));
        return frames.empty() ? 0.0 : frames.front().width();
    };
    const double full = mapWidth(hi);
    if (mapWidth(lo) >= full - 1e-6) return lo;
    for (int i = 0; i < 60 && hi - lo > 1e-4; ++i) {
        const double mid = (lo + hi) / 2;
        (mapWidth(mid) >= full - 1e-6 ? hi : lo) = mid;
    }
    return hi;
}

// The legend in words under the maps, for the difference marks they show (none without).
std::vector<DifferenceLegendEntry> legendOf(const ErrorMapData* data, const ErrorMapStyle& style) {
    if (!data) return {};
    DifferenceMarks marks = marksOf(*data);
    if (!style.differences) marks = DifferenceMarks{};
    const bool showsDifferences = style.mode != MapMode::A && style.mode != MapMode::B;
    marks.near = style.neighbourhood && showsDifferences && !data->neighbourhood.empty();
    marks.countedRings = style.differences && data->markers.size() > 1;
    return differenceLegend(marks);
}

// Without the entries for marks the maps in `mapArea` do not draw at their size.
std::vector<DifferenceLegendEntry> drawnOnly(std::vector<DifferenceLegendEntry> legend,
                                             const ErrorMapRenderer& renderer, const QRectF& mapArea) {
    const ErrorMapRenderer::SizedMarks drawn = renderer.sizedMarks(mapArea);
    std::erase_if(legend, [&](const DifferenceLegendEntry& e) {
        return (e.near && !drawn.nearOutline) || (e.countedRing && !drawn.countedRing);
    });
    return legend;
}

// Device units per design unit of `look` on a page `width` units wide (as on screen: from the width).
double legendUnit(const MapLook& look, double width) { return look.unit > 0 ? look.unit : std::max(0.5, width / 840); }

QFont legendFont(double unit) {
    QFont font;
    font.setPixelSize(std::max(6, int(std::lround(kTickLabelUnits * unit))));
    return font;
}

// The legend's height on a page `size` (device units), with its margins.
double legendHeight(const std::vector<DifferenceLegendEntry>& legend, const MapLook& look, double width) {
    const double unit = legendUnit(look, width);
    return legend.empty() ? 0.0 : figureLegendHeight(legend, legendFont(unit), width - 16 * unit);
}

}  // namespace

MapLook figureLook(const FigureOptions& options, double unitsPerInch) {
    MapLook look;
    look.forPaper = true;
    look.title = options.title;
    if (options.background == FigureBackground::Dark) {
        look.paper = QColor(24, 26, 32);
        look.ink = QColor(232, 232, 232);
    }
    if (options.fontPoints > 0) look.unit = options.fontPoints / kTickLabelUnits * unitsPerInch / kPointsPerInch;
    return look;
}

double mapFigureHeightInches(const ErrorMapData* data, const ErrorMapStyle& style, const FigureOptions& options) {
    if (options.heightInches > 0 || options.fontPoints <= 0 || !data)
        return options.heightInches > 0 ? options.heightInches : options.widthInches / 2;
    ErrorMapRenderer renderer;
    renderer.setStyle(style);
    renderer.setLook(figureLook(options, kPointsPerInch));
    const double width = options.widthInches * kPointsPerInch;
    double height = 0;
    if (style.mode != MapMode::SideBySide) {
        height = tightHeight(renderer, width, 1, 2 * width);
    } else if (options.widthInches / 3 >= kMinRowPanelInches) {
        height = tightHeight(renderer, width, 1, width / 1.5);  // the renderer's rule for a row
    } else {
        height = tightHeight(renderer, width, width / 1.5 + 1, 6 * width);
    }
    // The legend names only what the maps draw at this size (the aliasing pointer owns nothing).
    std::vector<DifferenceLegendEntry> legend = legendOf(data, style);
    if (!legend.empty()) {
        renderer.setData(std::shared_ptr<const ErrorMapData>(std::shared_ptr<const ErrorMapData>(), data));
        legend = drawnOnly(std::move(legend), renderer, QRectF(0, 0, width, height));
    }
    height += legendHeight(legend, figureLook(options, kPointsPerInch), width);
    return std::ceil(height) / kPointsPerInch;
}

std::vector<DifferenceLegendEntry> mapFigureLegend(std::shared_ptr<const ErrorMapData> data, const ErrorMapStyle& style,
                                                   const FigureOptions& options) {
    std::vector<DifferenceLegendEntry> legend = legendOf(data.get(), style);
    if (legend.empty()) return legend;
    const double width = options.widthInches * kPointsPerInch;
    const double height = mapFigureHeightInches(data.get(), style, options) * kPointsPerInch;
    const MapLook look = figureLook(options, kPointsPerInch);
    const QRectF mapArea(0, 0, width, height - legendHeight(legend, look, width));
    ErrorMapRenderer renderer;
    renderer.setData(std::move(data));
    renderer.setStyle(style);
    renderer.setLook(look);
    return drawnOnly(std::move(legend), renderer, mapArea);
}

// Paints the map figure of `renderer` (its data and style set) with `legend` under the maps.
static FigurePainter mapFigurePainter(ErrorMapRenderer& renderer, std::vector<DifferenceLegendEntry> legend,
                                      const FigureOptions& options) {
    return [&renderer, legend = std::move(legend), options](QPainter& painter, QSizeF size, double unitsPerInch) {
        const MapLook look = figureLook(options, unitsPerInch);
        renderer.setLook(look);
        const double unit = legendUnit(look, size.width());
        const std::vector<DifferenceLegendEntry> drawn = drawnOnly(
            legend, renderer, QRectF(0, 0, size.width(), size.height() - legendHeight(legend, look, size.width())));
        const double below = legendHeight(drawn, look, size.width());
        renderer.render(painter, QRectF(0, 0, size.width(), size.height() - below));
        if (below > 0)
            paintFigureLegend(painter, QRectF(8 * unit, size.height() - below, size.width() - 16 * unit, below), drawn,
                              legendFont(unit), look.ink, unit);
    };
}

FigureFile writeMapFigure(std::shared_ptr<const ErrorMapData> data, const ErrorMapStyle& style,
                          const FigureOptions& options, const QString& path) {
    if (!(options.widthInches > 0) || !(options.dotsPerInch > 0))
        throw Error(path.toStdString(), "the figure needs a width and a resolution above zero");
    const double heightInches = mapFigureHeightInches(data.get(), style, options);
    const QString title = QString::fromStdString(data ? data->fieldName : std::string());
    const std::vector<DifferenceLegendEntry> legend = legendOf(data.get(), style);
    ErrorMapRenderer renderer;
    renderer.setData(std::move(data));
    renderer.setStyle(style);
    return writeFigure(options, heightInches, figureLook(options, kPointsPerInch).paper, title,
                       mapFigurePainter(renderer, legend, options), path);
}

QImage mapFigureImage(std::shared_ptr<const ErrorMapData> data, const ErrorMapStyle& style,
                      const FigureOptions& options, double heightInches, const std::optional<FixedMapScales>& scales) {
    const QSize pixels = pixelSize(options, heightInches);
    const std::vector<DifferenceLegendEntry> legend = legendOf(data.get(), style);
    ErrorMapRenderer renderer;
    renderer.setData(std::move(data));
    renderer.setStyle(style);
    if (scales) renderer.setFixedScales(scales);
    QImage image(pixels, QImage::Format_ARGB32_Premultiplied);  // as a PNG figure is drawn (FigureWriter)
    image.fill(figureLook(options, options.dotsPerInch).paper);
    {
        QPainter painter(&image);
        mapFigurePainter(renderer, legend, options)(painter, QSizeF(pixels), options.dotsPerInch);
    }
    return image;
}

}  // namespace meshdiff::views
