#include "export/GlobeFigure.h"

#include <QPainter>
#include <QPainterPath>
#include <QPicture>

#include <algorithm>
#include <cmath>
#include <numbers>

#include "common/Error.h"
#include "globe/GlobeLegend.h"
#include "globe/GlobeRenderer.h"

namespace meshdiff::views {
namespace {

// The legend painter's text is 12 pixels at scale 1.
constexpr double kLegendTextPixels = 12;
// Beside the sphere the legend gets a margin of at most this share of the figure's width; when it
// is wider, its lines wrap and its colour bar narrows to fit a margin of at least this many inches
// (so that the colour bar keeps its caption): two journal columns (183 mm) have that, one (89 mm)
// has such a legend below.
constexpr double kMaxMarginShare = 0.42;
constexpr double kMinMarginInches = 2.4;
// Never less than this share of the figure for the sphere.
constexpr double kMinGlobeShare = 0.4;
// The legend painter's area when nothing bounds it.
constexpr int kUnbounded = 20000;

// One block of the legend (the list of layers, or the colour bar) recorded once, with the
// rectangle it covers, so that it can be placed in the margin.
struct LegendBlock {
    QPicture picture;
    QRectF bounds;
    bool empty() const { return bounds.isEmpty(); }
};

// Drawn into an area `width` pixels wide (the list wraps, the colour bar narrows, to fit it).
LegendBlock legendBlock(GlobeScene scene, GlobeLayer shown, GlobeLayer hidden, double scale, const QColor& paper,
                        int width = kUnbounded) {
    scene.setVisible(hidden, false);
    LegendBlock block;
    if (!scene.isVisible(shown)) return block;
    QPainter painter(&block.picture);
    // The colour bar sits in the area's bottom-right corner and the list in its top-left.
    paintGlobeLegend(painter, QRect(0, 0, width, kUnbounded), scene, scale, paper);
    painter.end();
    block.bounds = QRectF(block.picture.boundingRect());
    return block;
}

void drawBlock(QPainter& painter, const LegendBlock& block, QPointF topLeft) {
    if (block.empty()) return;
    painter.save();
    painter.translate(topLeft - block.bounds.topLeft());
    painter.drawPicture(0, 0, block.picture);
    painter.restore();
}

// The radius in pixels of the sphere seen from `distance` Earth radii in a picture `height`
// pixels tall (VTK's vertical view angle): where the backdrop begins.
double discRadius(double distance, double height) {
    if (distance <= 1) return 1e9;
    const double halfAngle = kGlobeViewAngleDegrees / 2 * std::numbers::pi / 180;
    return height / 2 * std::tan(std::asin(1 / distance)) / std::tan(halfAngle);
}

QColor paperOf(const FigureOptions& options) {
    return options.background == FigureBackground::Dark ? QColor(24, 26, 32) : QColor(Qt::white);
}

// The legend's list and colour bar, drawn into an area `width` pixels wide.
struct LegendBlocks {
    LegendBlock list, bar;
    bool empty() const { return list.empty() && bar.empty(); }
    double width() const { return std::max(list.bounds.width(), bar.bounds.width()); }
    double height(double gap) const {  // one above the other
        return list.bounds.height() + bar.bounds.height() + (list.empty() || bar.empty() ? 0 : gap);
    }
};

LegendBlocks legendBlocks(const GlobeScene& scene, double scale, const QColor& paper, int width = kUnbounded) {
    return {legendBlock(scene, GlobeLayer::Legend, GlobeLayer::ColorBar, scale, paper, width),
            legendBlock(scene, GlobeLayer::ColorBar, GlobeLayer::Legend, scale, paper, width)};
}

// Where the sphere and the legend blocks go on the page.
struct GlobeLayout {
    int width = 0, height = 0;
    QRectF globeArea;
    LegendBlock list, bar;
    double gap = 0, stackH = 0;
    bool beside = true, rowBelow = true;
};

GlobeLayout globeLayout(const GlobeSnapshot& snapshot, const FigureOptions& options) {
    GlobeLayout l;
    l.width = std::max(16, int(std::lround(options.widthInches * options.dotsPerInch)));
    const QSize view = snapshot.viewPixels.isEmpty() ? QSize(1000, 800) : snapshot.viewPixels;
    double legendScale = options.fontPoints > 0
                             ? options.fontPoints * options.dotsPerInch / kPointsPerInch / kLegendTextPixels
                             : std::max(1.0, double(l.width) / view.width());
    const int askedHeight = options.heightInches > 0 ? int(std::lround(options.heightInches * options.dotsPerInch)) : 0;
    const QColor paper = paperOf(options);
    const int width = l.width;
    // A legend too large for a small figure gets smaller text (to half), then is left out: the
    // sphere keeps at least 40 % of the figure either way.
    for (int attempt = 0;; ++attempt) {
        l.gap = 6 * legendScale;
        const double gap = l.gap;
        const LegendBlocks natural = attempt == 4 ? LegendBlocks() : legendBlocks(snapshot.scene, legendScale, paper);
        const bool anyLegend = !natural.empty();
        // Beside the sphere: the blocks as they are when they fit the margin, else wrapped into it.
        const double room = kMaxMarginShare * width - 2 * gap, marginW = std::min(natural.width(), room);
        LegendBlocks beside = natural;
        if (anyLegend && natural.width() > marginW && marginW > 0)
            beside = legendBlocks(snapshot.scene, legendScale, paper, int(std::floor(marginW)));
        l.height = askedHeight;
        l.beside = !anyLegend || natural.width() <= room ||
                   (beside.width() <= marginW + 1 && room >= kMinMarginInches * options.dotsPerInch);
        if (l.height > 0 && !l.beside)  // too short for below
            l.beside = l.height - natural.height(gap) - 2 * gap < 0.5 * l.height;
        // Below the sphere: wrapped to the figure's width when wider.
        LegendBlocks below = natural;
        if (anyLegend && natural.width() > width - 2 * gap)
            below = legendBlocks(snapshot.scene, legendScale, paper, int(std::floor(width - 2 * gap)));
        const LegendBlocks& blocks = l.beside ? beside : below;
        l.list = blocks.list;
        l.bar = blocks.bar;
        l.stackH = blocks.height(gap);
        const double stackH = l.stackH;
        const double marginBeside = anyLegend ? blocks.width() + 2 * gap : 0;
        // Below the sphere the two blocks stand side by side when they fit.
        l.rowBelow = l.list.bounds.width() + l.bar.bounds.width() + 3 * gap <= width;
        const double marginBelow =
            !anyLegend ? 0 : (l.rowBelow ? std::max(l.list.bounds.height(), l.bar.bounds.height()) : stackH) + 2 * gap;
        // The sphere's area is never taller than wide (VTK's view angle is vertical: a taller area
        // would cut the sphere's sides); in a taller space it stands in the middle.
        if (l.beside) {
            const double side = width - marginBeside;
            if (l.height <= 0) l.height = int(std::ceil(std::max(side, stackH + 2 * gap)));
            const double tall = std::min(side, double(l.height));
            l.globeArea = QRectF(0, (l.height - tall) / 2, side, tall);
        } else {
            if (l.height <= 0) l.height = int(std::ceil(width + marginBelow));
            const double above = l.height - marginBelow, tall = std::min(above, double(width));
            l.globeArea = QRectF(0, (above - tall) / 2, width, tall);
        }
        const bool fits = l.beside ? l.globeArea.width() >= kMinGlobeShare * width && stackH + 2 * gap <= l.height
                                   : l.height - marginBelow >= kMinGlobeShare * l.height;
        if (fits || !anyLegend) break;
        legendScale *= 0.8;
    }
    return l;
}

}  // namespace

double globeFigureHeightInches(const GlobeSnapshot& snapshot, const FigureOptions& options) {
    if (options.heightInches > 0) return options.heightInches;
    return globeLayout(snapshot, options).height / options.dotsPerInch;
}

QImage renderGlobeFigure(const GlobeSnapshot& snapshot, const FigureOptions& options) {
    const GlobeLayout layout = globeLayout(snapshot, options);
    const int width = layout.width, height = layout.height;
    const QRectF globeArea = layout.globeArea;
    const LegendBlock &list = layout.list, &bar = layout.bar;
    const double gap = layout.gap, stackH = layout.stackH;
    const bool beside = layout.beside, rowBelow = layout.rowBelow;
    const QSize view = snapshot.viewPixels.isEmpty() ? QSize(1000, 800) : snapshot.viewPixels;
    if (width > 30000 || height > 30000) return {};

    GlobeScene scene = snapshot.scene;
    scene.setVisible(GlobeLayer::Legend, false);
    scene.setVisible(GlobeLayer::ColorBar, false);
    const QSize globePixels = globeArea.size().toSize();
    // Lines as thick as on screen at the window's size; at print resolution a little thicker.
    const double lineScale =
        options.fontPoints > 0
            ? std::max(1.0, options.dotsPerInch / 150)
            : std::max(1.0, std::min(globeArea.width() / view.width(), globeArea.height() / view.height()));
    const QImage globe = GlobeRenderer::renderImage(scene, snapshot.camera, snapshot.highlight, snapshot.horizonCulling,
                                                    globePixels.width(), globePixels.height(), lineScale);
    if (globe.isNull()) return {};

    QImage figure(width, height, QImage::Format_ARGB32);
    figure.fill(paperOf(options));
    QPainter painter(&figure);
    painter.setRenderHint(QPainter::Antialiasing);
    QPainterPath disc;
    const double radius = discRadius(snapshot.camera.distance, globePixels.height());
    disc.addEllipse(globeArea.center(), radius, radius);
    painter.setClipPath(disc);
    painter.drawImage(globeArea.topLeft(), globe);
    painter.setClipping(false);
    if (beside) {
        const double x = globeArea.right() + gap;
        double y = std::max(gap, (height - stackH) / 2);
        drawBlock(painter, list, QPointF(x, y));
        if (!list.empty()) y += list.bounds.height() + gap;
        drawBlock(painter, bar, QPointF(x, y));
    } else {
        const double y = globeArea.bottom() + gap;
        drawBlock(painter, list, QPointF(gap, y));
        if (rowBelow) drawBlock(painter, bar, QPointF(width - gap - bar.bounds.width(), y));
        else drawBlock(painter, bar, QPointF(gap, y + list.bounds.height() + (list.empty() ? 0 : gap)));
    }
    painter.end();
    return figure;
}

FigureFile writeGlobeFigure(const GlobeSnapshot& snapshot, const FigureOptions& options, const QString& path) {
    const QImage image = renderGlobeFigure(snapshot, options);
    if (image.isNull()) throw Error(path.toStdString(), "the globe could not be rendered");
    return writePngFigure(image, options.dotsPerInch, path);
}

}  // namespace meshdiff::views
