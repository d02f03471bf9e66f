// At world size the differences of one site are drawn as one ring with their number, outside the
// cells they mark; zoomed in, each gets its own mark again. A local A − B cell smaller than a
// screen pixel keeps its colour on the map.
#include <QImage>

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <memory>

#include "ImageCompare.h"
#include "colormap/DifferenceColors.h"
#include "map/ErrorMapRenderer.h"
#include "map/MapBlocks.h"
#include "map/MapDifferences.h"
#include "map/MapMarkClusters.h"

namespace meshdiff::views {
namespace {

LatLonGrid quarterDegreeGrid() {
    LatLonGrid grid;
    for (int i = 0; i <= 720; ++i) grid.lat.push_back(90.0 - 0.25 * i);
    for (int j = 0; j < 1440; ++j) grid.lon.push_back(0.25 * j);
    return grid;
}

const MarkCluster* clusterNear(const MarkLayout& layout, const QPointF& at, double within) {
    for (const MarkCluster& c : layout.clusters)
        if (std::hypot(c.centre.x() - at.x(), c.centre.y() - at.y()) < within) return &c;
    return nullptr;
}

struct Sites {
    ErrorMapData data;
    std::vector<LonLat> first, second;  // five and three grid points within a degree
    LonLat alone{240, 60};
};

Sites twoSitesAndOneLonePoint() {
    Sites s;
    s.data.grid = quarterDegreeGrid();
    s.first = {{20, 10}, {20, 10.25}, {20.25, 10.5}, {20.5, 10}, {20.5, 10.75}};
    s.second = {{100, -40}, {100.25, -40}, {100.5, -39.75}};
    for (const LonLat& p : s.first) s.data.markers.push_back({p, 1});
    for (const LonLat& p : s.second) s.data.markers.push_back({p, 2});
    s.data.markers.push_back({s.alone, 1});
    return s;
}

QPointF meanOnPage(const MapProjection& projection, const std::vector<LonLat>& points) {
    QPointF sum;
    for (const LonLat& p : points) sum += projection.at(p);
    return sum / double(points.size());
}

TEST(MapMarkClusters, NearbyDifferencesShareOneRingWithTheirCountAtWorldSize) {
    const Sites s = twoSitesAndOneLonePoint();
    const MapProjection world{QRectF(0, 0, 1400, 700), {}};  // 3.9 pixels a degree
    const MarkLayout layout = layoutMarks(world, s.data, 1.0);
    ASSERT_EQ(layout.clusters.size(), 2u);
    const MarkCluster* first = clusterNear(layout, meanOnPage(world, s.first), 4);
    const MarkCluster* second = clusterNear(layout, meanOnPage(world, s.second), 4);
    ASSERT_NE(first, nullptr);
    ASSERT_NE(second, nullptr);
    EXPECT_EQ(first->count, 5);
    EXPECT_EQ(first->run, 1) << "all only in A: A's colour";
    EXPECT_EQ(second->count, 3);
    EXPECT_EQ(second->run, 2);
    // The ring passes outside every cell it holds, halo included.
    const double clearance = markerClearance(mapCellPixels(world, s.data.grid), 1.0);
    for (const LonLat& p : s.first) {
        const QPointF d = world.at(p) - first->centre;
        EXPECT_GE(first->radius - std::hypot(d.x(), d.y()), clearance - 1e-9);
    }
    for (std::size_t k = 0; k + 1 < s.data.markers.size(); ++k) EXPECT_FALSE(layout.markerAlone[k]) << k;
    EXPECT_TRUE(layout.markerAlone.back()) << "a lone difference keeps its own ring";
}

TEST(MapMarkClusters, ZoomingInPartsACluster) {
    const Sites s = twoSitesAndOneLonePoint();
    // 0.25° is 23 pixels at zoom 24, farther apart than the clustering distance; at zoom 3 it is 3.
    ASSERT_LT(markClusterDistance(1.0), 23.0);
    const MapProjection close{QRectF(0, 0, 1400, 700), {20.25, 10.25, 24}};
    const MarkLayout parted = layoutMarks(close, s.data, 1.0);
    EXPECT_TRUE(parted.clusters.empty());
    for (std::size_t k = 0; k < s.data.markers.size(); ++k) EXPECT_TRUE(parted.markerAlone[k]) << k;
    const MapProjection nearer{QRectF(0, 0, 1400, 700), {20.25, 10.25, 3}};
    EXPECT_EQ(layoutMarks(nearer, s.data, 1.0).clusters.size(), 2u);
}

TEST(MapMarkClusters, LinesAndFacesGoWithTheirGridPoints) {
    ErrorMapData data;
    data.grid = quarterDegreeGrid();
    // Two grid points whose triangles differ, each with A's and B's face, and an edge only in A.
    for (const LonLat& p : {LonLat{50, 0}, LonLat{50.5, 0.25}}) {
        data.markers.push_back({p, 0});
        data.triangles.push_back({{{{p[0] - 0.5, p[1] - 0.4}, {p[0] + 0.5, p[1] - 0.4}, {p[0], p[1] + 0.6}}}, 1});
        data.triangles.push_back({{{{p[0] - 0.4, p[1] - 0.5}, {p[0] + 0.6, p[1] - 0.3}, {p[0], p[1] + 0.5}}}, 2});
    }
    data.lines.push_back({{50, 0}, {50.3, 0.6}, 1});
    const MapProjection world{QRectF(0, 0, 1400, 700), {}};
    const MarkLayout layout = layoutMarks(world, data, 1.0);
    ASSERT_EQ(layout.clusters.size(), 1u);
    EXPECT_EQ(layout.clusters[0].count, 2) << "two differences, whatever their lines and faces";
    EXPECT_EQ(layout.clusters[0].run, 0) << "A's and B's faces: the neutral ring";
    for (bool alone : layout.triangleAlone) EXPECT_FALSE(alone);
    EXPECT_FALSE(layout.lineAlone[0]);
    // The ring holds the grid points' cells, by the clearance; the faces are hidden in it.
    const double clearance = markerClearance(mapCellPixels(world, data.grid), 1.0);
    for (const MapMarker& m : data.markers) {
        const QPointF d = world.at(m.at) - layout.clusters[0].centre;
        EXPECT_GE(layout.clusters[0].radius - std::hypot(d.x(), d.y()), clearance - 1e-9);
    }
    const QPointF apart = world.at(data.markers[1].at) - world.at(data.markers[0].at);
    EXPECT_LE(layout.clusters[0].radius,
              std::max(mapMarkerRadius(world, data.grid, 1.0), std::hypot(apart.x(), apart.y()) / 2 + clearance) + 1e-9)
        << "no larger than the grid points need";
}

TEST(MapMarkClusters, OneGridPointsRingAndFacesAreOneRingUntilZoomedIn) {
    ErrorMapData data;
    data.grid = quarterDegreeGrid();
    const LonLat p{-150, 20};
    data.markers.push_back({p, 0});
    data.triangles.push_back({{{{p[0] - 0.6, p[1] - 0.5}, {p[0] + 0.6, p[1] - 0.5}, {p[0], p[1] + 0.7}}}, 1});
    data.triangles.push_back({{{{p[0] - 0.7, p[1] + 0.5}, {p[0] + 0.7, p[1] + 0.5}, {p[0], p[1] - 0.7}}}, 2});
    const MapProjection world{QRectF(0, 0, 1400, 700), {}};
    const MarkLayout layout = layoutMarks(world, data, 1.0);
    ASSERT_EQ(layout.clusters.size(), 1u);
    EXPECT_EQ(layout.clusters[0].count, 1) << "one difference: a ring without a number";
    EXPECT_FALSE(layout.markerAlone[0]);
    // 0.1° (a face's centre from its grid point) is 16 pixels at zoom 40: each mark is its own.
    const MarkLayout close = layoutMarks({QRectF(0, 0, 1400, 700), {p[0], p[1], 40}}, data, 1.0);
    EXPECT_TRUE(close.clusters.empty());
    EXPECT_TRUE(close.markerAlone[0]);
    EXPECT_TRUE(close.triangleAlone[0]);
    EXPECT_TRUE(close.triangleAlone[1]);
}

TEST(MapMarkClusters, AGridPointWithItsLineKeepsItsOwnRingAtWorldSize) {
    ErrorMapData data;
    data.grid = quarterDegreeGrid();
    data.markers.push_back({{30, 40}, 1});
    data.lines.push_back({{30, 40}, {30.4, 40.5}, 1});
    const MarkLayout layout = layoutMarks({QRectF(0, 0, 1400, 700), {}}, data, 1.0);
    EXPECT_TRUE(layout.clusters.empty());
    EXPECT_TRUE(layout.markerAlone[0]);
    EXPECT_TRUE(layout.lineAlone[0]);
}

TEST(MapMarkClusters, TheRingLeavesTheMarkedCellsTheirColours) {
    // A 2° grid drawn 7 pixels a cell: four neighbouring cells marked, one ring around them.
    auto data = std::make_shared<ErrorMapData>();
    for (int i = 0; i < 90; ++i) data->grid.lat.push_back(-89.0 + 2 * i);
    for (int j = 0; j < 180; ++j) data->grid.lon.push_back(1.0 + 2 * j);
    data->a.assign(data->grid.size(), 0.0f);
    data->b.assign(data->grid.size(), 0.0f);
    data->fieldName = "t";
    const std::vector<std::pair<LonLat, float>> cells{
        {{91, 31}, -1.0f}, {{93, 31}, 0.5f}, {{93, 33}, 1.0f}, {{95, 31}, -0.25f}};
    for (const auto& [at, value] : cells) {
        data->a[std::size_t((at[1] + 89) / 2) * 180 + std::size_t((at[0] - 1) / 2)] = value;
        data->markers.push_back({at, 1});
    }
    ErrorMapRenderer renderer;
    renderer.setData(data);
    ErrorMapStyle style;
    style.graticule = style.coastlines = false;
    renderer.setStyle(style);
    const QSize size(1400, 800);
    const QImage image = renderer.toImage(size);
    image.save(test::screenshotPath(QStringLiteral("map_mark_clusters_ring.png")));
    const MapProjection projection{renderer.mapFrames(QRectF(QPointF(0, 0), QSizeF(size))).at(0), style.viewport};
    const MarkLayout layout = layoutMarks(projection, *data, std::max(0.5, projection.frame.width() / 840.0));
    ASSERT_EQ(layout.clusters.size(), 1u) << "the cells are drawn as one cluster";
    EXPECT_EQ(layout.clusters[0].count, 4);

    long seen = 0, covered = 0;
    for (const auto& [at, value] : cells) {
        const Rgb expected = renderer.differenceScale().color(value);
        const QRectF r(projection.at({at[0] - 1, at[1] + 1}), projection.at({at[0] + 1, at[1] - 1}));
        for (int y = int(std::ceil(r.top())) + 1; y < int(std::floor(r.bottom())) - 1; ++y) {
            for (int x = int(std::ceil(r.left())) + 1; x < int(std::floor(r.right())) - 1; ++x) {
                ++seen;
                if (test::channelDistance(image.pixel(x, y), expected) > 2) ++covered;
            }
        }
    }
    EXPECT_GT(seen, 30);
    EXPECT_EQ(covered, 0);
    // The ring is drawn, in A's magenta, around the cells.
    const Rgb a = kColorOnlyA;
    const QPointF c = layout.clusters[0].centre;
    const double r = layout.clusters[0].radius + 4;
    const QRect around = QRectF(c.x() - r, c.y() - r, 2 * r, 2 * r).toAlignedRect();
    EXPECT_GT(test::countColor(image, QColor(a.r, a.g, a.b), 60, around), 20);
}

TEST(MapMarkClusters, ALocalCellSmallerThanAPixelKeepsItsColourAtWorldSize) {
    // 0.25° of 1e-5 noise with 0.015 (and −0.015) in single cells: 0.6 screen pixels a cell.
    auto data = std::make_shared<ErrorMapData>();
    data->grid = quarterDegreeGrid();
    data->a.assign(data->grid.size(), 0.0f);
    data->b.assign(data->grid.size(), 0.0f);
    data->fieldName = "q";
    std::uint32_t seed = 11;
    for (float& v : data->a) {
        seed = seed * 1664525u + 1013904223u;
        v = float(1e-5 * (double(seed >> 8) / double(1u << 24) * 2 - 1));
    }
    const std::vector<std::pair<LonLat, float>> cells{{{10.25, 40.5}, 0.015f},   {{60.75, -20.25}, -0.015f},
                                                      {{140.5, 10.75}, 0.015f},  {{260.25, -50.5}, -0.015f},
                                                      {{320.75, 65.25}, 0.015f}, {{200.5, -5.75}, 0.015f}};
    for (const auto& [at, value] : cells)
        data->a[std::size_t((90 - at[1]) / 0.25) * 1440 + std::size_t(at[0] / 0.25)] = value;
    ErrorMapRenderer renderer;
    renderer.setData(data);
    ErrorMapStyle style;
    style.graticule = style.coastlines = false;
    renderer.setStyle(style);
    const QSize size(960, 600);
    const QImage image = renderer.toImage(size);
    image.save(test::screenshotPath(QStringLiteral("map_mark_clusters_local_cells.png")));
    const MapProjection projection{renderer.mapFrames(QRectF(QPointF(0, 0), QSizeF(size))).at(0), style.viewport};
    ASSERT_LT(mapCellPixels(projection, data->grid), 1.0) << "a cell is smaller than a pixel";
    for (const auto& [at, value] : cells) {
        const Rgb expected = renderer.differenceScale().color(value);
        const QPointF p = projection.at({projection.placed(at[0]), at[1]});
        long found = 0;
        for (int y = int(p.y()) - 2; y <= int(p.y()) + 2; ++y)
            for (int x = int(p.x()) - 2; x <= int(p.x()) + 2; ++x)
                if (test::channelDistance(image.pixel(x, y), expected) <= 2) ++found;
        EXPECT_GE(found, 1) << "the cell at " << at[0] << "°E, " << at[1] << "° is not on the map";
        EXPECT_LE(found, 4) << "a cell is drawn at most 2 × 2 pixels";
    }
}

TEST(MapBlocks, KeepTheLargestDifferenceOfEachBlockNorthFirst) {
    // 3 rows (south first) × 3 columns, the first column repeated at the east: 2 × 2 blocks.
    const float nan = std::nanf("");
    const std::vector<float> values{
        1,     -2,   0.5,  // south
        nan,   nan,  3,    // middle
        -2.5f, 0.1f, nan,  // north
    };
    const LargestBlocks blocks = largestBlocks(values, 3, 3, true, true, 2);
    ASSERT_EQ(blocks.rows, 2u);
    ASSERT_EQ(blocks.columns, 2u);
    EXPECT_FLOAT_EQ(blocks.values[0], -2.5f);  // north and middle rows, columns 0–1
    EXPECT_FLOAT_EQ(blocks.values[1], 3);      // north and middle rows, column 2 and the repeated column 0
    EXPECT_FLOAT_EQ(blocks.values[2], -2);     // south row, columns 0–1
    EXPECT_FLOAT_EQ(blocks.values[3], 1);      // south row, column 2 and the repeated column 0
    // A block of NaN only stays missing.
    const LargestBlocks missing = largestBlocks(std::vector<float>{nan, nan, nan, nan}, 2, 2, false, false, 2);
    ASSERT_EQ(missing.values.size(), 1u);
    EXPECT_TRUE(std::isnan(missing.values[0]));
}

}  // namespace
}  // namespace meshdiff::views
