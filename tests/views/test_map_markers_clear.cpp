// The difference markers never cover the cells they mark: with markers on, every pixel of a
// marked cell keeps the colour of its value on the colour bar.
#include <QImage>

#include <gtest/gtest.h>

#include <cmath>
#include <memory>

#include "ImageCompare.h"
#include "colormap/DifferenceColors.h"
#include "map/ErrorMapRenderer.h"
#include "map/MapDifferences.h"

namespace meshdiff::views {
namespace {

// A 2° grid (cell centres at odd degrees), A = B = 0 except at the marked cells.
struct MarkedField {
    std::shared_ptr<ErrorMapData> data = std::make_shared<ErrorMapData>();
    std::vector<LonLat> cells;  // the cells whose pixels must keep their colour

    void set(double lat, double lon, float difference) {
        const std::size_t i = std::size_t((lat + 89) / 2), j = std::size_t((lon - 1) / 2);
        data->a[i * data->grid.nlon() + j] = difference;
        cells.push_back({lon, lat});
    }
    float difference(const LonLat& cell) const {
        const std::size_t i = std::size_t((cell[1] + 89) / 2), j = std::size_t((cell[0] - 1) / 2);
        return data->a[i * data->grid.nlon() + j] - data->b[i * data->grid.nlon() + j];
    }
};

bool inside(const std::array<LonLat, 3>& t, double lon, double lat) {
    auto side = [&](const LonLat& p, const LonLat& q) {
        return (q[0] - p[0]) * (lat - p[1]) - (q[1] - p[1]) * (lon - p[0]);
    };
    const double s0 = side(t[0], t[1]), s1 = side(t[1], t[2]), s2 = side(t[2], t[0]);
    return (s0 > 0 && s1 > 0 && s2 > 0) || (s0 < 0 && s1 < 0 && s2 < 0);
}

MarkedField markedField() {
    MarkedField f;
    for (int i = 0; i < 90; ++i) f.data->grid.lat.push_back(-89.0 + 2 * i);
    for (int j = 0; j < 180; ++j) f.data->grid.lon.push_back(1.0 + 2 * j);
    f.data->a.assign(f.data->grid.size(), 0.0f);
    f.data->b.assign(f.data->grid.size(), 0.0f);
    f.data->fieldName = "t";
    f.set(31, 91, -1.0f);  // only in A: a magenta ring, with a line to its mesh node
    f.data->markers.push_back({{91, 31}, 1});
    f.data->lines.push_back({{91, 31}, {101, 41}, 1});
    f.set(-21, 201, 1.0f);  // only in B: a dashed square
    f.data->markers.push_back({{201, -21}, 2});
    // A face that differs: the grid points within it differ.
    const std::array<LonLat, 3> face{{{294, 4}, {308, 4}, {301, 18}}};
    f.data->triangles.push_back({face, 1});
    for (double lat = 1; lat < 20; lat += 2)
        for (double lon = 291; lon < 311; lon += 2)
            if (inside(face, lon, lat)) f.set(lat, lon, -0.5f);
    return f;
}

// Pixels of the marked cells (less one pixel at their edges) that do not have their value's colour.
long coveredPixels(const MarkedField& field, const ErrorMapRenderer& renderer, const QImage& image) {
    const QRectF target(QPointF(0, 0), QSizeF(image.size()));
    const MapProjection projection{renderer.mapFrames(target).at(0), renderer.style().viewport};
    long covered = 0, seen = 0;
    for (const LonLat& cell : field.cells) {
        const Rgb expected = renderer.differenceScale().color(field.difference(cell));
        const QRectF r(QPointF(projection.x(projection.placed(cell[0] - 1)), projection.y(cell[1] + 1)),
                       QPointF(projection.x(projection.placed(cell[0] - 1) + 2), projection.y(cell[1] - 1)));
        for (int y = int(std::ceil(r.top())) + 1; y < int(std::floor(r.bottom())) - 1; ++y) {
            for (int x = int(std::ceil(r.left())) + 1; x < int(std::floor(r.right())) - 1; ++x) {
                if (!image.rect().contains(x, y) || !projection.frame.contains(QPointF(x, y))) continue;
                ++seen;
                if (test::channelDistance(image.pixel(x, y), expected) > 2) ++covered;
            }
        }
    }
    EXPECT_GT(seen, 0) << "no pixel of a marked cell was checked";
    return covered;
}

TEST(MapMarkers, NeverCoverTheCellsTheyMarkAtAnyZoom) {
    const MarkedField field = markedField();
    struct View {
        QSize size;
        MapViewport viewport;
        const char* name;
    };
    const View views[] = {{{700, 420}, {}, "small"},
                          {{1400, 800}, {}, "world"},
                          {{1400, 800}, {91, 31, 6}, "zoomed on the ring"},
                          {{1400, 800}, {201, -21, 12}, "zoomed on the square"},
                          {{1400, 800}, {301, 11, 8}, "zoomed on the face"}};
    int k = 0;
    for (const View& view : views) {
        ErrorMapRenderer renderer;
        renderer.setData(field.data);
        ErrorMapStyle style;
        style.graticule = false;
        style.coastlines = false;
        style.viewport = view.viewport;
        renderer.setStyle(style);
        const QImage image = renderer.toImage(view.size);
        image.save(test::screenshotPath(QStringLiteral("map_markers_clear_%1.png").arg(k++)));
        EXPECT_EQ(coveredPixels(field, renderer, image), 0) << view.name;
        // The markers are drawn: magenta (only in A) shows on the map.
        const Rgb a = kColorOnlyA;
        EXPECT_GT(test::countColor(image, QColor(a.r, a.g, a.b), 60), 0) << view.name;
    }
}

TEST(MapMarkers, FadeAndThinAsTheCellsGrow) {
    const MarkerStroke world = markerStroke(0.5, 1.0), close = markerStroke(40, 1.0);
    EXPECT_DOUBLE_EQ(world.opacity, 1.0);
    EXPECT_LT(close.opacity, world.opacity);
    EXPECT_GE(close.opacity, 0.8) << "a marker keeps its own colour";
    EXPECT_LT(close.haloOpacity, world.haloOpacity / 2);
    EXPECT_LT(close.width, world.width);
    EXPECT_LT(close.haloWidth, world.haloWidth);
    EXPECT_GT(close.width, 0.0);
}

TEST(MapMarkers, RingsGrowWithTheZoomToStayOutsideTheirCell) {
    MapProjection world{QRectF(0, 0, 720, 360), {}};
    MapProjection close{QRectF(0, 0, 720, 360), {0, 0, 40}};
    LatLonGrid grid;
    grid.lat = {-0.5, 0.5};
    grid.lon = {0, 1};
    const double worldRadius = mapMarkerRadius(world, grid, 1.0), closeRadius = mapMarkerRadius(close, grid, 1.0);
    EXPECT_GT(closeRadius, worldRadius);
    const double cell = 720.0 / 9.0;  // 1° in a 9° window
    EXPECT_GT(closeRadius - markerStroke(cell, 1.0).haloWidth / 2, 0.71 * cell);
}

}  // namespace
}  // namespace meshdiff::views
