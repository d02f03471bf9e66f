#include "map/ErrorMapRenderer.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include <QFile>
#include <QFontMetricsF>
#include <QPageSize>
#include <QPaintEngine>
#include <QPainter>
#include <QPainterPath>
#include <QPdfWriter>
#include <QSvgGenerator>

#include "colormap/DifferenceColors.h"
#include "common/Error.h"
#include "geo/LatLonAxis.h"
#include "map/FrameClip.h"
#include "map/MapSeam.h"

namespace meshdiff::views {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

QColor toQColor(Rgb c, int alpha = 255) { return QColor(c.r, c.g, c.b, alpha); }

QColor runColor(int run) {
    if (run == 1) return toQColor(kColorOnlyA);
    if (run == 2) return toQColor(kColorOnlyB);
    return toQColor(kColorChanged);
}

// Equirectangular projection of one panel's map rectangle.
struct Projection {
    QRectF rect;
    double west = -180;
    double x(double lon) const { return rect.left() + (lon - west) / 360.0 * rect.width(); }
    double y(double lat) const { return rect.top() + (90.0 - lat) / 180.0 * rect.height(); }
    QPointF at(const LonLat& p, double shift = 0) const { return {x(p[0] + shift), y(p[1])}; }
};

// Half the spacing of a sorted axis at its ends, so that cells are centred on the points.
double halfStep(const std::vector<double>& axis) {
    return axis.size() < 2 ? 0.5 : std::abs(axis.back() - axis.front()) / double(axis.size() - 1) / 2.0;
}

QString unitsSuffix(const std::string& units) {
    return units.empty() ? QString() : QStringLiteral(" [%1]").arg(QString::fromStdString(units));
}

// "A" with the run's label, said once: a label that already starts with the letter ("A (glibc
// float32 math)") stands alone instead of becoming "A (A (glibc float32 math))".
QString runTitle(const QString& letter, const std::string& label) {
    const QString text = QString::fromStdString(label).trimmed();
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

}  // namespace

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
    }
    return {};
}

ErrorMapRenderer::ErrorMapRenderer() = default;
ErrorMapRenderer::~ErrorMapRenderer() = default;

void ErrorMapRenderer::setData(std::shared_ptr<const ErrorMapData> data) {
    data_ = std::move(data);
    difference_.clear();
    if (data_ && data_->hasA() && data_->hasB()) {
        difference_.resize(data_->a.size());
        for (std::size_t i = 0; i < difference_.size(); ++i) difference_[i] = data_->a[i] - data_->b[i];
    }
    updateScales();
}

void ErrorMapRenderer::setStyle(const ErrorMapStyle& style) {
    style_ = style;
    updateScales();
}

void ErrorMapRenderer::updateScales() {
    imageA_ = imageB_ = imageDiff_ = QImage();
    valueScale_ = ColorScale{style_.sequentialMap};
    differenceScale_ = divergingScale(std::span<const float>(difference_), style_.limits);
    if (!data_) return;
    std::vector<float> both;
    both.reserve(data_->a.size() + data_->b.size());
    both.insert(both.end(), data_->a.begin(), data_->a.end());
    both.insert(both.end(), data_->b.begin(), data_->b.end());
    valueScale_ = sequentialScale(std::span<const float>(both), style_.sequentialMap, style_.limits);
}

const QImage& ErrorMapRenderer::fieldImage(MapMode which) const {
    QImage& image = which == MapMode::A ? imageA_ : which == MapMode::B ? imageB_ : imageDiff_;
    if (!image.isNull() || !data_) return image;
    const std::vector<float>& values = which == MapMode::A ? data_->a : which == MapMode::B ? data_->b : difference_;
    const ColorScale& scale = which == MapMode::Difference ? differenceScale_ : valueScale_;
    const std::size_t nlat = data_->grid.nlat(), nlon = data_->grid.nlon();
    if (values.size() != nlat * nlon || nlat == 0 || nlon == 0) return image;

    // One pixel per grid point, north up; missing values stay transparent.
    const bool ascending = data_->grid.lat.front() < data_->grid.lat.back();
    // A global grid gets its first column repeated at the east end, so that copies drawn on
    // both sides of the seam overlap instead of leaving a hairline between them.
    const double spanLon =
        nlon > 1 ? std::abs(data_->grid.lon.back() - data_->grid.lon.front()) * double(nlon) / double(nlon - 1) : 0;
    const bool wrap = spanLon > 359.99;
    image = QImage(int(nlon + (wrap ? 1 : 0)), int(nlat), QImage::Format_ARGB32);
    for (std::size_t i = 0; i < nlat; ++i) {
        const std::size_t row = ascending ? nlat - 1 - i : i;
        auto* line = reinterpret_cast<QRgb*>(image.scanLine(int(row)));
        const float* source = values.data() + i * nlon;
        for (std::size_t j = 0; j < nlon; ++j) {
            if (!std::isfinite(source[j])) {
                line[j] = qRgba(0, 0, 0, 0);
                continue;
            }
            const Rgb c = scale.color(source[j]);
            line[j] = qRgb(c.r, c.g, c.b);
        }
        if (wrap) line[nlon] = line[0];
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
        const double titleHeight = 20 * unit, barHeight = 46 * unit, margin = 8 * unit;
        QRectF inner = cell.adjusted(margin, margin, -margin, -margin);
        QRectF mapArea(inner.left(), inner.top() + titleHeight, inner.width(),
                       std::max(1.0, inner.height() - titleHeight - barHeight));
        // Keep the 2:1 aspect of an equirectangular world map.
        double w = mapArea.width(), h = mapArea.height();
        if (w > 2 * h) w = 2 * h;
        else h = w / 2;
        QRectF map(mapArea.center().x() - w / 2, mapArea.top(), w, h);
        Panel panel;
        panel.content = contents[k];
        panel.title = QRectF(map.left(), inner.top(), map.width(), titleHeight);
        panel.map = map;
        panel.colorBar =
            QRectF(map.left() + map.width() * 0.1, map.bottom() + 6 * unit, map.width() * 0.8, barHeight - 6 * unit);
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

void ErrorMapRenderer::renderPanel(QPainter& painter, const Panel& panel, double unit) const {
    const ErrorMapData& d = *data_;
    const Projection projection{panel.map, style_.centerLon - 180.0};
    const bool isDifference = panel.content == MapMode::Difference;

    QFont font = painter.font();
    font.setPixelSize(std::max(6, int(std::lround(13 * unit))));
    painter.setFont(font);
    painter.setPen(look_.ink);
    QString title = QString::fromStdString(d.fieldName);
    if (panel.content == MapMode::A) title += QStringLiteral(" — ") + runTitle(QStringLiteral("A"), d.labelA);
    if (panel.content == MapMode::B) title += QStringLiteral(" — ") + runTitle(QStringLiteral("B"), d.labelB);
    if (isDifference) title += QStringLiteral(" — A−B");
    // A long title in a narrow panel gets smaller (to 3/4) and then loses its end, never
    // running into the next panel.
    const double titleWidth = QFontMetricsF(font).horizontalAdvance(title);
    if (titleWidth > panel.title.width()) {
        QFont smaller = font;
        smaller.setPixelSize(
            std::max(6, int(std::floor(font.pixelSize() * std::max(0.75, panel.title.width() / titleWidth)))));
        painter.setFont(smaller);
        title = QFontMetricsF(smaller).elidedText(title, Qt::ElideRight, panel.title.width());
    }
    painter.drawText(panel.title, Qt::AlignLeft | Qt::AlignVCenter, title);
    painter.setFont(font);

    // Background for missing values, then the field, repeated across the seam.
    painter.fillRect(panel.map, toQColor(kMissingColor));
    const QImage& image = fieldImage(panel.content);
    painter.save();
    painter.setClipRect(panel.map);
    if (!image.isNull()) {
        const double dLon = halfStep(d.grid.lon), dLat = halfStep(d.grid.lat);
        const double west = d.grid.lon.front() - dLon;
        const bool wrapped = image.width() == int(d.grid.nlon()) + 1;
        const double east = d.grid.lon.back() + dLon + (wrapped ? 2 * dLon : 0.0);
        const double north = std::max(d.grid.lat.front(), d.grid.lat.back()) + dLat;
        const double south = std::min(d.grid.lat.front(), d.grid.lat.back()) - dLat;
        const auto drawCopies = [&](QPainter& onto) {
            onto.setRenderHint(QPainter::SmoothPixmapTransform, false);
            onto.setRenderHint(QPainter::Antialiasing, false);
            for (double shift : seamShifts(west, east, projection.west)) {
                const QRectF placed(QPointF(projection.x(west + shift), projection.y(north)),
                                    QPointF(projection.x(east + shift), projection.y(south)));
                onto.drawImage(placed, image);
            }
        };
        if (isVectorDevice(painter)) {
            // PDF and SVG get the field as one picture of the frame (2 pixels a grid cell),
            // not a copy on each side of the seam that spills past the frame.
            const int across = std::clamp(2 * image.width(), 16, 8192);
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
            for (double shift : seamShifts(lo, hi, projection.west)) {
                QPolygonF polyline;
                for (const auto& p : points) polyline << projection.at(p, shift);
                for (const QPolygonF& inside : clipPolyline(polyline, panel.map)) painter.drawPolyline(inside);
            }
        }
    }

    if (style_.differences) {
        for (const MapTriangle& t : d.triangles) {
            const std::vector<LonLat> corners = unwrapLongitudes({t.corners.begin(), t.corners.end()});
            const double lo = std::min({corners[0][0], corners[1][0], corners[2][0]});
            const double hi = std::max({corners[0][0], corners[1][0], corners[2][0]});
            QColor fill = runColor(t.run);
            fill.setAlpha(90);
            painter.setPen(QPen(runColor(t.run), 1.2 * unit));
            painter.setBrush(fill);
            for (double shift : seamShifts(lo, hi, projection.west)) {
                QPolygonF polygon;
                for (const auto& c : corners) polygon << projection.at(c, shift);
                painter.drawPolygon(polygon.intersected(QPolygonF(panel.map)));
            }
        }
        for (const MapLine& line : d.lines) {
            const std::vector<LonLat> ends = unwrapLongitudes({line.from, line.to});
            painter.setPen(QPen(runColor(line.run), 2.0 * unit, Qt::SolidLine, Qt::RoundCap));
            for (double shift :
                 seamShifts(std::min(ends[0][0], ends[1][0]), std::max(ends[0][0], ends[1][0]), projection.west)) {
                QLineF segment(projection.at(ends[0], shift), projection.at(ends[1], shift));
                if (clipLine(segment, panel.map)) painter.drawLine(segment);
            }
        }
        const double radius = 4.0 * unit;
        for (const MapMarker& marker : d.markers) {
            painter.setPen(QPen(Qt::black, 0.8 * unit));
            painter.setBrush(runColor(marker.run));
            const double lon = projection.west + wrapLongitude360(marker.at[0] - projection.west);
            painter.drawEllipse(QPointF(projection.x(lon), projection.y(marker.at[1])), radius, radius);
        }
    }
    painter.restore();

    painter.setPen(QPen(look_.ink, 0.8 * unit));
    painter.setBrush(Qt::NoBrush);
    painter.drawRect(panel.map);

    // Colour bar with ticks and units.
    const ColorScale& scale = isDifference ? differenceScale_ : valueScale_;
    const QRectF bar(panel.colorBar.left(), panel.colorBar.top(), panel.colorBar.width(),
                     panel.colorBar.height() * 0.3);
    QLinearGradient gradient(bar.topLeft(), bar.topRight());
    for (int s = 0; s <= 32; ++s) {
        const double t = double(s) / 32.0;
        gradient.setColorAt(t, toQColor(sampleColorMap(scale.kind, t)));
    }
    painter.fillRect(bar, gradient);
    painter.drawRect(bar);
    font.setPixelSize(std::max(6, int(std::lround(11 * unit))));
    painter.setFont(font);
    const double tickLength = 4 * unit;
    for (double tick : scale.ticks(5)) {
        const double x = bar.left() + scale.position(tick) * bar.width();
        painter.drawLine(QPointF(x, bar.bottom()), QPointF(x, bar.bottom() + tickLength));
        const QString text = QString::fromStdString(formatValue(tick));
        const QRectF label(x - 60 * unit, bar.bottom() + tickLength, 120 * unit, 14 * unit);
        painter.drawText(label, Qt::AlignHCenter | Qt::AlignTop, text);
    }
    const QString caption = (isDifference ? QStringLiteral("A−B") : QStringLiteral("value")) + unitsSuffix(d.units);
    painter.drawText(QRectF(bar.left(), bar.bottom() + tickLength + 14 * unit, bar.width(), 14 * unit),
                     Qt::AlignHCenter | Qt::AlignTop, caption);
}

QImage ErrorMapRenderer::toImage(const QSize& size) const {
    QImage image(size, QImage::Format_ARGB32_Premultiplied);
    image.fill(look_.paper);
    QPainter painter(&image);
    render(painter, QRectF(QPointF(0, 0), QSizeF(size)));
    return image;
}

void ErrorMapRenderer::savePng(const QString& path, const QSize& size) const {
    if (!toImage(size).save(path, "PNG")) {
        throw Error(path.toStdString(), "cannot write the PNG image");
    }
}

void ErrorMapRenderer::savePdf(const QString& path, const QSizeF& sizePoints) const {
    {
        QFile probe(path);
        if (!probe.open(QIODevice::WriteOnly))
            throw Error(path.toStdString(), "cannot write: " + probe.errorString().toStdString());
    }
    QPdfWriter writer(path);
    writer.setResolution(72);
    writer.setPageSize(QPageSize(sizePoints, QPageSize::Point));
    writer.setPageMargins(QMarginsF(0, 0, 0, 0));
    writer.setTitle(QString::fromStdString(data_ ? data_->fieldName : std::string()));
    writer.setCreator(QStringLiteral("meshdiff"));
    QPainter painter;
    if (!painter.begin(&writer)) throw Error(path.toStdString(), "cannot write the PDF file");
    render(painter, QRectF(QPointF(0, 0), sizePoints));
    painter.end();
}

void ErrorMapRenderer::saveSvg(const QString& path, const QSize& size) const {
    QSvgGenerator generator;
    generator.setFileName(path);
    generator.setSize(size);
    generator.setViewBox(QRect(QPoint(0, 0), size));
    generator.setTitle(QString::fromStdString(data_ ? data_->fieldName : std::string()));
    generator.setDescription(QStringLiteral("meshdiff error map"));
    QPainter painter;
    if (!painter.begin(&generator)) throw Error(path.toStdString(), "cannot write the SVG file");
    render(painter, QRectF(QPointF(0, 0), QSizeF(size)));
    painter.end();
    if (!QFile::exists(path)) throw Error(path.toStdString(), "cannot write the SVG file");
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
        const Projection projection{panel.map, style_.centerLon - 180.0};
        MapProbe p;
        p.cursorLon = projection.west + (position.x() - panel.map.left()) / panel.map.width() * 360.0;
        p.cursorLat = 90.0 - (position.y() - panel.map.top()) / panel.map.height() * 180.0;
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
