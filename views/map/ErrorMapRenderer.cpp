#include "map/ErrorMapRenderer.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

#include <QFontMetricsF>
#include <QPaintEngine>
#include <QPainter>
#include <QPainterPath>

#include "colormap/DifferenceColors.h"
#include "colormap/QtColor.h"
#include "geo/LatLonAxis.h"
#include "map/FrameClip.h"
#include "map/MapBlocks.h"
#include "map/MapDifferences.h"
#include "map/MapGraticule.h"
#include "map/MapNeighbourhood.h"
#include "map/MapSeam.h"
#include "map/MapSpotlight.h"

namespace meshdiff::views {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// Half the spacing of a sorted axis at its ends, so that cells are centred on the points.
double halfStep(const std::vector<double>& axis) {
    return axis.size() < 2 ? 0.5 : std::abs(axis.back() - axis.front()) / double(axis.size() - 1) / 2.0;
}

// "A" with the run's label, said once: a label that already starts with the letter ("A (glibc
// float32 math)") stands alone instead of becoming "A (A (glibc float32 math))".
QString runTitle(const QString& letter, const std::string& label) {
    QString text = QString::fromStdString(label).trimmed();
    if (text.isEmpty() || text == letter) return letter;
    if (text.startsWith(letter + QLatin1Char(' ')) || text.startsWith(letter + QLatin1Char('(')) ||
        text.startsWith(letter + QLatin1Char(':')))
        return text;
    return QStringLiteral("%1 (%2)").arg(letter, text);
}

bool isVectorDevice(const QPainter& painter) {
    const QPaintEngine* engine = painter.paintEngine();
    return engine && (engine->type() == QPaintEngine::Pdf || engine->type() == QPaintEngine::SVG);
}

// How many grid cells each way one pixel of the A−B image gathers (largestBlocks): the fewest, a
// power of two, that make it at least a device pixel wide, so that no cell falls between the
// screen's pixels. On screen a block is then 1–2 pixels wide.
int differenceBlock(const QPainter& painter, const MapProjection& projection, const LatLonGrid& grid) {
    const QTransform toDevice = painter.deviceTransform();
    const double scale = std::hypot(toDevice.m11(), toDevice.m12());
    const double cell = 2 * std::min(halfStep(grid.lon), halfStep(grid.lat)) * projection.pixelsPerDegree() * scale;
    int block = 1;
    while (block < 16 && block * cell < 1) block *= 2;
    return block;
}

}  // namespace

struct ErrorMapRenderer::Images {
    std::mutex mutex;  // held while an image is coloured: two workers may draw copies at once
    QImage a, b, difference, magnitude;
    std::map<std::pair<MapMode, int>, QImage> blocks;  // A−B and |A−B| shrunk k × k (largestBlocks)
};

struct ErrorMapRenderer::Panel {
    MapMode content = MapMode::Difference;  // A, B or Difference
    QRectF title, map, colorBar;
};

QString mapModeName(MapMode mode) {
    switch (mode) {
        case MapMode::A: return QStringLiteral("A");
        case MapMode::B: return QStringLiteral("B");
        case MapMode::Difference: return QStringLiteral("A−B");
        case MapMode::SideBySide: return QStringLiteral("Side by side");
        case MapMode::AbsDifference: return QStringLiteral("|A−B|");
    }
    return {};
}

ErrorMapRenderer::ErrorMapRenderer()
    : difference_(std::make_shared<const std::vector<float>>()), images_(std::make_shared<Images>()) {}
ErrorMapRenderer::~ErrorMapRenderer() = default;
ErrorMapRenderer::ErrorMapRenderer(const ErrorMapRenderer&) = default;
ErrorMapRenderer& ErrorMapRenderer::operator=(const ErrorMapRenderer&) = default;

void ErrorMapRenderer::setData(std::shared_ptr<const ErrorMapData> data) {
    data_ = std::move(data);
    auto difference = std::make_shared<std::vector<float>>();
    if (data_ && data_->hasA() && data_->hasB()) {
        difference->resize(data_->a.size());
        for (std::size_t i = 0; i < difference->size(); ++i) (*difference)[i] = data_->a[i] - data_->b[i];
    }
    difference_ = std::move(difference);
    updateScales();
}

void ErrorMapRenderer::setStyle(const ErrorMapStyle& style) {
    // Zooming, panning and toggling what is drawn over the field keep its coloured images:
    // recolouring 1M grid points takes 60–120 ms.
    ErrorMapStyle colours = style, current = style_;
    for (ErrorMapStyle* s : {&colours, &current}) {
        s->viewport = {};
        s->coastlines = s->differences = s->graticule = s->spotlight = true;
    }
    style_ = style;
    style_.viewport = clampedViewport(style.viewport);
    if (!(colours == current) || !data_) updateScales();
}

void ErrorMapRenderer::setFixedScales(std::optional<FixedMapScales> scales) {
    fixedScales_ = std::move(scales);
    updateScales();
}

void ErrorMapRenderer::updateScales() {
    images_ = std::make_shared<Images>();  // copies sharing the old colours keep theirs
    valueScale_ = ColorScale();
    valueScale_.kind = style_.sequentialMap;
    differenceScale_ = views::differenceScale(std::span<const float>(*difference_), style_.scale, style_.limits);
    differenceScale_.kind = style_.differenceMap;
    if (fixedScales_) {
        differenceScale_ = fixedScales_->difference;
        valueScale_ = fixedScales_->values;
    }
    magnitudeScale_ = views::magnitudeScale(differenceScale_, style_.sequentialMap);
    histogram_ = histogramOnScale(std::span<const float>(*difference_), differenceScale_);
    if (!data_ || fixedScales_) return;
    std::vector<float> both;
    both.reserve(data_->a.size() + data_->b.size());
    both.insert(both.end(), data_->a.begin(), data_->a.end());
    both.insert(both.end(), data_->b.begin(), data_->b.end());
    valueScale_ = sequentialScale(std::span<const float>(both), style_.sequentialMap, style_.limits);
}

QImage ErrorMapRenderer::fieldImage(MapMode which, int block) const {
    const bool magnitude = which == MapMode::AbsDifference;
    const bool blocks = block > 1 && (magnitude || which == MapMode::Difference);
    const std::scoped_lock lock(images_->mutex);
    QImage& image = blocks                ? images_->blocks[{which, block}]
                    : which == MapMode::A ? images_->a
                    : which == MapMode::B ? images_->b
                    : magnitude           ? images_->magnitude
                                          : images_->difference;
    if (!image.isNull() || !data_) return image;
    const std::vector<float>& values = which == MapMode::A ? data_->a : which == MapMode::B ? data_->b : *difference_;
    const ColorScale& scale = panelScale(which);
    const std::size_t nlat = data_->grid.nlat(), nlon = data_->grid.nlon();
    if (values.size() != nlat * nlon || nlat == 0 || nlon == 0) return image;

    // One pixel per grid point, north up; missing values stay transparent.
    const bool ascending = data_->grid.lat.front() < data_->grid.lat.back();
    // A global grid gets its first column repeated at the east end, so that copies drawn on
    // both sides of the seam overlap instead of leaving a hairline between them.
    const double spanLon =
        nlon > 1 ? std::abs(data_->grid.lon.back() - data_->grid.lon.front()) * double(nlon) / double(nlon - 1) : 0;
    bool wrap = spanLon > 359.99, southFirst = ascending;
    std::size_t rows = nlat, columns = nlon;
    const float* raster = values.data();
    LargestBlocks shrunk;
    if (blocks) {
        shrunk = largestBlocks(values, nlat, nlon, ascending, wrap, block);
        rows = shrunk.rows;
        columns = shrunk.columns;
        raster = shrunk.values.data();
        wrap = southFirst = false;  // the blocks hold the repeated column, north first
    }
    image = QImage(int(columns + (wrap ? 1 : 0)), int(rows), QImage::Format_ARGB32);
    for (std::size_t i = 0; i < rows; ++i) {
        const std::size_t row = southFirst ? rows - 1 - i : i;
        auto* line = reinterpret_cast<QRgb*>(image.scanLine(int(row)));
        const float* source = raster + i * columns;
        for (std::size_t j = 0; j < columns; ++j) {
            if (!std::isfinite(source[j])) {
                line[j] = qRgba(0, 0, 0, 0);
                continue;
            }
            const Rgb c = scale.color(magnitude ? std::abs(source[j]) : source[j]);
            line[j] = qRgb(c.r, c.g, c.b);
        }
        if (wrap) line[columns] = line[0];
    }
    return image;
}

void ErrorMapRenderer::prepareImages() const {
    if (style_.mode == MapMode::SideBySide) {
        for (MapMode which : {MapMode::A, MapMode::B, MapMode::Difference}) fieldImage(which);
    } else {
        fieldImage(style_.mode);
    }
}

std::vector<ErrorMapRenderer::Panel> ErrorMapRenderer::layout(const QRectF& target) const {
    std::vector<MapMode> contents;
    if (style_.mode == MapMode::SideBySide) {
        contents = {MapMode::A, MapMode::B, MapMode::Difference};
    } else {
        contents = {style_.mode};
    }
    const bool wide = style_.mode != MapMode::SideBySide || target.width() >= target.height() * 1.5;
    std::vector<Panel> panels;
    const double count = double(contents.size());
    for (std::size_t k = 0; k < contents.size(); ++k) {
        QRectF cell = wide ? QRectF(target.left() + target.width() * double(k) / count, target.top(),
                                    target.width() / count, target.height())
                           : QRectF(target.left(), target.top() + target.height() * double(k) / count, target.width(),
                                    target.height() / count);
        const double unit =
            look_.unit > 0 ? look_.unit : std::max(0.5, std::min(cell.width() / 2.0, cell.height()) / 420.0);
        const bool histogram =
            !look_.forPaper && std::find(contents.begin(), contents.end(), MapMode::Difference) != contents.end();
        // On paper the title's row keeps clear of the top latitude label, which reaches above the frame.
        const double titleHeight = (look_.forPaper ? 27 : 20) * unit,
                     barHeight = (6 + colorBarHeight(histogram, look_.forPaper)) * unit, margin = 8 * unit;
        QRectF inner = cell.adjusted(margin, margin, -margin, -margin);
        // Graticule labels sit outside the frame: latitudes left of it, longitudes below it.
        const double labelWidth = style_.graticule ? graticuleLabelWidth(unit) : 0.0;
        const double labelHeight = style_.graticule ? graticuleLabelHeight(unit) : 0.0;
        // (and half a longitude label's width on the right, for the label at the east edge)
        const double labelOverhang = style_.graticule ? 16 * unit : 0.0;
        QRectF mapArea(inner.left() + labelWidth, inner.top() + titleHeight, inner.width() - labelWidth - labelOverhang,
                       std::max(1.0, inner.height() - titleHeight - barHeight - labelHeight));
        // Keep the 2:1 aspect of an equirectangular map (the viewport keeps it too when zoomed).
        double w = std::max(1.0, mapArea.width()), h = mapArea.height();
        if (w > 2 * h) w = 2 * h;
        else h = w / 2;
        QRectF map(mapArea.center().x() - w / 2, mapArea.top(), w, h);
        Panel panel;
        panel.content = contents[k];
        // The title may use the grid labels' margins too: a narrow panel's title needs the room.
        const double titleLeft = std::max(inner.left(), map.left() - labelWidth);
        panel.title = QRectF(titleLeft, inner.top(), std::min(inner.right(), map.right() + labelOverhang) - titleLeft,
                             titleHeight);
        panel.map = map;
        panel.colorBar = QRectF(map.left() + map.width() * 0.1, map.bottom() + labelHeight + 6 * unit,
                                map.width() * 0.8, barHeight - 6 * unit);
        panels.push_back(panel);
    }
    return panels;
}

void ErrorMapRenderer::render(QPainter& painter, const QRectF& target) const {
    painter.save();
    painter.fillRect(target, look_.paper);
    painter.setRenderHint(QPainter::Antialiasing, true);
    if (!data_ || data_->grid.size() == 0) {
        painter.setPen(Qt::darkGray);
        painter.drawText(target, Qt::AlignCenter, QStringLiteral("No field selected"));
        painter.restore();
        return;
    }
    for (const Panel& panel : layout(target)) {
        const double unit = look_.unit > 0 ? look_.unit : std::max(0.5, panel.map.width() / 840.0);
        renderPanel(painter, panel, unit);
    }
    painter.restore();
}

ErrorMapRenderer::SizedMarks ErrorMapRenderer::sizedMarks(const QRectF& target) const {
    SizedMarks drawn;
    if (!data_ || data_->grid.size() == 0) return drawn;
    for (const Panel& panel : layout(target)) {
        const double unit = look_.unit > 0 ? look_.unit : std::max(0.5, panel.map.width() / 840.0);
        const MapProjection projection{panel.map, style_.viewport};
        const bool showsDifferences = panel.content == MapMode::Difference || panel.content == MapMode::AbsDifference;
        if (style_.differences) {
            const MarkLayout marks = layoutMarks(projection, *data_, unit);
            drawn.countedRing |= std::any_of(marks.clusters.begin(), marks.clusters.end(),
                                             [](const MarkCluster& c) { return c.count > 1; });
        }
        if (style_.neighbourhood && showsDifferences)
            drawn.nearOutline |= neighbourhoodOutlined(projection, *data_, unit);
    }
    return drawn;
}

void ErrorMapRenderer::renderPanel(QPainter& painter, const Panel& panel, double unit) const {
    const ErrorMapData& d = *data_;
    const MapProjection projection{panel.map, style_.viewport};
    const bool isDifference = panel.content == MapMode::Difference;

    QFont font = painter.font();
    font.setPixelSize(std::max(6, int(std::lround(13 * unit))));
    painter.setFont(font);
    painter.setPen(look_.ink);
    // A figure's own title stands alone over a single map; side by side it leads each panel's run.
    QString title = look_.title.isEmpty() ? QString::fromStdString(d.fieldName) : look_.title;
    if (look_.title.isEmpty() || style_.mode == MapMode::SideBySide) {
        if (panel.content == MapMode::A) title += QStringLiteral(" — ") + runTitle(QStringLiteral("A"), d.labelA);
        if (panel.content == MapMode::B) title += QStringLiteral(" — ") + runTitle(QStringLiteral("B"), d.labelB);
        if (isDifference) title += QStringLiteral(" — A−B");
        if (panel.content == MapMode::AbsDifference) title += QStringLiteral(" — |A−B|");
    }
    const bool showsDifferences = panel.content == MapMode::Difference || panel.content == MapMode::AbsDifference;
    // Grouped for this view window: zooming in parts a cluster into its own marks.
    const MarkLayout marks = style_.differences ? layoutMarks(projection, d, unit) : MarkLayout{};
    const bool counted =
        std::any_of(marks.clusters.begin(), marks.clusters.end(), [](const MarkCluster& c) { return c.count > 1; });
    QRectF titleRect = panel.title;
    if (style_.differences && showsDifferences && !look_.forPaper) {
        QFont legendFont = font;
        legendFont.setPixelSize(std::max(6, int(std::lround(11 * unit))));
        painter.setFont(legendFont);
        // The legend takes the right of the title row, never more than half of it.
        const QRectF legendArea = panel.title.adjusted(panel.title.width() / 2, 0, 0, 0);
        const double legendWidth = drawMapDifferencesLegend(painter, legendArea, d, unit, look_.ink, counted);
        painter.setFont(font);
        painter.setPen(look_.ink);
        titleRect.adjust(0, 0, -(legendWidth > 0 ? legendWidth + 12 * unit : 0.0), 0);
    }
    // A long title in a narrow panel gets smaller (to 3/4) and then loses its end, never
    // running into the next panel or the legend.
    const double titleWidth = QFontMetricsF(font).horizontalAdvance(title);
    if (titleWidth > titleRect.width()) {
        QFont smaller = font;
        smaller.setPixelSize(
            std::max(6, int(std::floor(font.pixelSize() * std::max(0.75, titleRect.width() / titleWidth)))));
        painter.setFont(smaller);
        title = QFontMetricsF(smaller).elidedText(title, Qt::ElideRight, titleRect.width());
    }
    painter.drawText(titleRect, Qt::AlignLeft | Qt::AlignVCenter, title);
    painter.setFont(font);

    // Background for missing values, then the field, repeated across the seam.
    painter.fillRect(panel.map, toQColor(kMissingColor));
    const double dLon = halfStep(d.grid.lon), dLat = halfStep(d.grid.lat);
    const int block = showsDifferences && !isVectorDevice(painter) ? differenceBlock(painter, projection, d.grid) : 1;
    const QImage image = fieldImage(panel.content, block);
    painter.save();
    painter.setClipRect(panel.map);
    if (!image.isNull()) {
        // An image pixel is `block` grid cells each way (the last row and column may hold fewer).
        const double columnWidth = 2 * dLon * block, rowHeight = 2 * dLat * block;
        const double west = d.grid.lon.front() - dLon, east = west + image.width() * columnWidth;
        const double north = std::max(d.grid.lat.front(), d.grid.lat.back()) + dLat;
        // Only the whole image pixels inside the view window are drawn: a zoomed PDF or SVG
        // holds the part of the raster in its frame, not the whole world.
        const MapViewport& view = style_.viewport;
        const int row0 = std::clamp(int(std::floor((north - view.north()) / rowHeight)), 0, image.height());
        const int row1 = std::clamp(int(std::ceil((north - view.south()) / rowHeight)), 0, image.height());
        struct Slice {
            QRectF placed, source;
        };
        std::vector<Slice> slices;
        int visibleColumns = 0;
        for (double shift : seamShifts(west, east, projection.west())) {
            const double left = west + shift;
            const int column0 = std::clamp(int(std::floor((view.west() - left) / columnWidth)), 0, image.width());
            const int column1 = std::clamp(int(std::ceil((view.east() - left) / columnWidth)), 0, image.width());
            if (column1 <= column0 || row1 <= row0) continue;
            visibleColumns += column1 - column0;
            slices.push_back(
                {QRectF(QPointF(projection.x(left + column0 * columnWidth), projection.y(north - row0 * rowHeight)),
                        QPointF(projection.x(left + column1 * columnWidth), projection.y(north - row1 * rowHeight))),
                 QRectF(column0, row0, column1 - column0, row1 - row0)});
        }
        const auto drawCopies = [&](QPainter& onto) {
            onto.setRenderHint(QPainter::SmoothPixmapTransform, false);
            onto.setRenderHint(QPainter::Antialiasing, false);
            for (const Slice& slice : slices) onto.drawImage(slice.placed, image, slice.source);
        };
        if (isVectorDevice(painter)) {
            // PDF and SVG get the field as one picture of the frame (2 pixels a visible grid
            // cell), not a copy on each side of the seam that spills past the frame.
            const int across = std::clamp(2 * visibleColumns, 16, 8192);
            QImage frame(across, std::clamp(int(std::lround(across * panel.map.height() / panel.map.width())), 8, 8192),
                         QImage::Format_ARGB32_Premultiplied);
            frame.fill(Qt::transparent);
            QPainter framePainter(&frame);
            framePainter.scale(frame.width() / panel.map.width(), frame.height() / panel.map.height());
            framePainter.translate(-panel.map.topLeft());
            drawCopies(framePainter);
            framePainter.end();
            painter.drawImage(panel.map, frame);
        } else {
            drawCopies(painter);
        }
    }

    painter.setRenderHint(QPainter::Antialiasing, true);
    if (style_.coastlines) {
        painter.setPen(QPen(toQColor(kColorCoastline), 0.8 * unit));
        painter.setBrush(Qt::NoBrush);
        for (const auto& line : d.coastlines) {
            if (line.size() < 2) continue;
            const std::vector<LonLat> points = unwrapLongitudes(line);
            double lo = points[0][0], hi = points[0][0];
            for (const auto& p : points) lo = std::min(lo, p[0]), hi = std::max(hi, p[0]);
            for (double shift : seamShifts(lo, hi, projection.west())) {
                QPolygonF polyline;
                for (const auto& p : points) polyline << projection.at(p, shift);
                for (const QPolygonF& inside : clipPolyline(polyline, panel.map)) painter.drawPolyline(inside);
            }
        }
    }

    if (style_.spotlight) drawMapSpotlight(painter, projection, d);
    if (style_.neighbourhood && showsDifferences) drawMapNeighbourhood(painter, projection, d, unit);
    if (style_.differences) drawMapDifferences(painter, projection, d, marks, unit);
    painter.restore();

    if (style_.graticule) drawGraticule(painter, projection, unit, look_.ink);
    painter.setPen(QPen(look_.ink, 0.8 * unit));
    painter.setBrush(Qt::NoBrush);
    painter.drawRect(panel.map);

    const ColorBarContent bar = colorBarOf(panel.content);
    const double barUnit =
        std::min(unit, panel.colorBar.height() / colorBarHeight(bar.histogram != nullptr, bar.forPaper));
    paintColorBar(painter, panel.colorBar, bar, barUnit);
}

const ColorScale& ErrorMapRenderer::panelScale(MapMode content) const {
    if (content == MapMode::Difference) return differenceScale_;
    if (content == MapMode::AbsDifference) return magnitudeScale_;
    return valueScale_;
}

ColorBarContent ErrorMapRenderer::colorBarOf(MapMode content) const {
    ColorBarContent bar;
    bar.scale = panelScale(content);
    const bool isDifference = content == MapMode::Difference;
    if (isDifference && !histogram_.counts.empty() && !look_.forPaper) bar.histogram = &histogram_;
    bar.forPaper = look_.forPaper;
    const QString what = isDifference                        ? QStringLiteral("A−B")
                         : content == MapMode::AbsDifference ? QStringLiteral("|A−B|")
                                                             : QStringLiteral("value");
    bar.caption = colorBarCaption(what, data_ ? data_->units : std::string(), bar.scale);
    bar.dark = look_.paper.lightnessF() < 0.5;  // light text on dark paper
    return bar;
}

std::optional<ColorBarGeometry> ErrorMapRenderer::differenceBar(const QRectF& target) const {
    if (!data_ || data_->grid.size() == 0) return std::nullopt;
    for (const Panel& panel : layout(target)) {
        if (panel.content != MapMode::Difference) continue;
        const ColorBarContent bar = colorBarOf(panel.content);
        const double unit = std::max(0.5, panel.map.width() / 840.0);
        const double barUnit =
            std::min(unit, panel.colorBar.height() / colorBarHeight(bar.histogram != nullptr, bar.forPaper));
        return colorBarGeometry(panel.colorBar, bar, barUnit);
    }
    return std::nullopt;
}

QImage ErrorMapRenderer::toImage(const QSize& size) const {
    QImage image(size, QImage::Format_ARGB32_Premultiplied);
    image.fill(look_.paper);
    QPainter painter(&image);
    render(painter, QRectF(QPointF(0, 0), QSizeF(size)));
    return image;
}

std::vector<QRectF> ErrorMapRenderer::mapFrames(const QRectF& target) const {
    std::vector<QRectF> frames;
    for (const Panel& panel : layout(target)) frames.push_back(panel.map);
    return frames;
}

std::optional<MapProbe> ErrorMapRenderer::probe(const QPointF& position, const QRectF& target) const {
    if (!data_ || data_->grid.size() == 0) return std::nullopt;
    for (const Panel& panel : layout(target)) {
        if (!panel.map.contains(position)) continue;
        const LonLat cursor = MapProjection{panel.map, style_.viewport}.lonLatAt(position);
        MapProbe p;
        p.cursorLon = cursor[0];
        p.cursorLat = cursor[1];
        const LatLonGrid& grid = data_->grid;
        p.latIndex = nearestIndex(grid.lat, p.cursorLat);
        p.lonIndex = nearestLongitudeIndex(grid.lon, p.cursorLon);
        p.lat = grid.lat[p.latIndex];
        p.lon = grid.lon[p.lonIndex];
        p.gridIndex = p.latIndex * grid.nlon() + p.lonIndex;
        p.a = data_->hasA() ? double(data_->a[p.gridIndex]) : kNaN;
        p.b = data_->hasB() ? double(data_->b[p.gridIndex]) : kNaN;
        return p;
    }
    return std::nullopt;
}

}  // namespace meshdiff::views
