#include "export/MapFigure.h"

#include <algorithm>
#include <cmath>

#include "common/Error.h"

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

}  // namespace

MapLook figureLook(const FigureOptions& options, double unitsPerInch) {
    MapLook look;
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
    return std::ceil(height) / kPointsPerInch;
}

FigureFile writeMapFigure(std::shared_ptr<const ErrorMapData> data, const ErrorMapStyle& style,
                          const FigureOptions& options, const QString& path) {
    if (!(options.widthInches > 0) || !(options.dotsPerInch > 0))
        throw Error(path.toStdString(), "the figure needs a width and a resolution above zero");
    const double heightInches = mapFigureHeightInches(data.get(), style, options);
    ErrorMapRenderer renderer;
    renderer.setData(std::move(data));
    renderer.setStyle(style);
    FigureFile file{path, QSizeF(options.widthInches, heightInches), QSize()};
    switch (options.format) {
        case FigureFormat::Png: {
            file.pixels = pixelSize(options, heightInches);
            if (file.pixels.width() > 30000 || file.pixels.height() > 30000)
                throw Error(path.toStdString(), "the image would be larger than 30000 pixels: lower the DPI");
            renderer.setLook(figureLook(options, options.dotsPerInch));
            renderer.savePng(path, file.pixels);
            break;
        }
        case FigureFormat::Pdf:
            renderer.setLook(figureLook(options, kPointsPerInch));
            renderer.savePdf(path, file.inches * kPointsPerInch);
            break;
        case FigureFormat::Svg: {
            renderer.setLook(figureLook(options, kPointsPerInch));
            const QSize points = (file.inches * kPointsPerInch).toSize();
            renderer.saveSvg(path, points);
            file.inches = QSizeF(points) / kPointsPerInch;
            break;
        }
    }
    return file;
}

}  // namespace meshdiff::views
