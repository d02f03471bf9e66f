#pragma once
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include <QImage>
#include <QRectF>
#include <QSize>
#include <QString>

#include "colorbar/ColorBarPainter.h"
#include "colormap/ColorMap.h"
#include "colormap/DifferenceScale.h"
#include "colormap/ScaleHistogram.h"
#include "map/ErrorMapData.h"
#include "map/MapLook.h"
#include "map/MapViewport.h"

class QPainter;

namespace meshdiff::views {

enum class MapMode { A, B, Difference, SideBySide, AbsDifference };
QString mapModeName(MapMode mode);  // "A", "B", "A−B", "Side by side", "|A−B|"

struct ErrorMapStyle {
    MapMode mode = MapMode::Difference;
    ColorMapKind sequentialMap = ColorMapKind::Viridis;  // for A and B
    ScaleChoice scale = ScaleChoice::Auto;               // A−B (and |A−B|: log unless linear)
    LimitOptions limits;  // Full: ±max|A−B|, min..max; Robust: percentiles; Manual: A−B's limits
    bool coastlines = true;
    bool differences = true;    // markers, lines and triangles
    bool neighbourhood = true;  // the diagnosis' "near", outlined (when the data has it)
    bool graticule = true;      // lat/lon lines with labelled axes
    MapViewport viewport;       // the lon/lat window shown (zoom and pan); exports draw the same
    bool spotlight = false;     // dim the map away from the differences (MapSpotlight.h)
    ColorMapKind differenceMap = ColorMapKind::Diverging;  // for A−B (and the globe's drape)
    bool operator==(const ErrorMapStyle&) const = default;
};

// Colour scales given from outside instead of from the data: the frames of an animation share
// them, so that a colour means the same value in every frame (|A−B| follows the A−B scale).
struct FixedMapScales {
    ColorScale values;      // A and B
    ColorScale difference;  // A−B
};

// What lies under a point of the rendered map.
struct MapProbe {
    double lat = 0, lon = 0;  // the grid point nearest to the cursor
    double cursorLat = 0, cursorLon = 0;
    std::size_t latIndex = 0, lonIndex = 0;
    std::size_t gridIndex = 0;  // latIndex * nlon + lonIndex
    double a = 0, b = 0;        // NaN where a run has no value
};

// Draws a lat/lon map of one field (A, B, A−B or all three side by side) with coastlines,
// where the graphs differ and a colour bar, with QPainter onto any paint device: screen,
// QImage of any size, PDF and SVG. Lines and triangles that cross the ±180° seam are split.
// A copy is cheap: it shares the data, A−B and the coloured images, so that the view window can
// move on a copy while a worker draws the original (a renderer shown is never changed).
class ErrorMapRenderer {
public:
    ErrorMapRenderer();
    ~ErrorMapRenderer();
    ErrorMapRenderer(const ErrorMapRenderer&);
    ErrorMapRenderer& operator=(const ErrorMapRenderer&);

    void setData(std::shared_ptr<const ErrorMapData> data);
    const ErrorMapData* data() const { return data_.get(); }
    void setStyle(const ErrorMapStyle& style);
    const ErrorMapStyle& style() const { return style_; }
    // Scales that replace those of the data and style (none: the data's, as usual).
    void setFixedScales(std::optional<FixedMapScales> scales);
    // Paper, ink and text size of exported figures (views/export).
    void setLook(const MapLook& look) { look_ = look; }
    const MapLook& look() const { return look_; }

    // Colours the field images the style shows now (else the first render does): 1M grid points
    // take 60–120 ms, so a worker prepares a renderer before the view shows it.
    void prepareImages() const;
    void render(QPainter& painter, const QRectF& target) const;
    // Files are written as figures (export/MapFigure.h: page size, paper, legend in words).
    QImage toImage(const QSize& size) const;

    // The grid point under `position` of a map rendered into `target`; nullopt off the maps.
    std::optional<MapProbe> probe(const QPointF& position, const QRectF& target) const;
    // The map frames (one, or three side by side) of a rendering into `target`, each showing
    // style().viewport: for turning mouse positions into zoom and pan, and for figures to size
    // their page to what is drawn.
    std::vector<QRectF> mapFrames(const QRectF& target) const;
    // The marks a rendering into `target` draws only at some sizes: a numbered ring around a close
    // group of differences (map/MapMarkClusters.h) and the "near" outline; a figure's legend names them.
    struct SizedMarks {
        bool countedRing = false, nearOutline = false;
    };
    SizedMarks sizedMarks(const QRectF& target) const;

    // Colour scales in use (valid after setData/setStyle): A and B share one.
    const ColorScale& valueScale() const { return valueScale_; }
    // The A−B scale: the one the globe's drape and exported figures use too.
    const ColorScale& differenceScale() const { return differenceScale_; }
    const ColorScale& magnitudeScale() const { return magnitudeScale_; }  // |A−B|
    const ScaleHistogram& differenceHistogram() const { return histogram_; }
    std::shared_ptr<const ErrorMapData> sharedData() const { return data_; }
    // The A−B colour bar (with its histogram) of a map rendered into `target`, if one is shown.
    std::optional<ColorBarGeometry> differenceBar(const QRectF& target) const;

    struct Panel;   // one map with its title and colour bar
    struct Images;  // the coloured field images, made once per colouring and shared by copies

private:
    std::vector<Panel> layout(const QRectF& target) const;
    void renderPanel(QPainter& painter, const Panel& panel, double unit) const;
    void updateScales();
    // `block` > 1: A−B or |A−B| with `block` × `block` grid cells to a pixel (largestBlocks).
    QImage fieldImage(MapMode which, int block = 1) const;
    const ColorScale& panelScale(MapMode content) const;
    ColorBarContent colorBarOf(MapMode content) const;

    std::shared_ptr<const ErrorMapData> data_;
    ErrorMapStyle style_;
    MapLook look_;
    std::shared_ptr<const std::vector<float>> difference_;  // A−B, shared by copies
    ColorScale valueScale_, differenceScale_, magnitudeScale_;
    ScaleHistogram histogram_;
    std::optional<FixedMapScales> fixedScales_;
    std::shared_ptr<Images> images_;
};

}  // namespace meshdiff::views
