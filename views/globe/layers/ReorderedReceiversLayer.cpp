#include <vtkActor.h>
#include <vtkPolyData.h>

#include "globe/layers/ReorderedReceiversLayer.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include "globe/GlobeColors.h"
#include "globe/layers/ActorFactory.h"
#include "globe/layers/LayerRadii.h"
#include "globe/layers/PolyBuilder.h"
#include "globe/layers/ScenePositions.h"

namespace meshdiff::views {
namespace {

// Each dot costs ~0.25 µs a frame in llvmpipe: at most ~8,000 of each kind are drawn (every k-th
// reordered mesh node; the reordered grid points on a lattice of every s-th row and column), which
// shows "everywhere" as well as all of them would and keeps the globe above 30 fps.
constexpr std::size_t kMaxDotsOfEachKind = 8000;

std::size_t latticeStride(std::size_t reordered) {
    std::size_t stride = 1;
    while (reordered / (stride * stride) > kMaxDotsOfEachKind) ++stride;
    return stride;
}

// The dots go into tiles of 30° × 30°, one actor each, so that the horizon culler skips the ~60%
// behind the globe: software OpenGL pays for every point it is given.
constexpr int kTileRows = 6, kTileColumns = 12;

int tileOf(double lat, double lon) {
    const int row = std::clamp(static_cast<int>((lat + 90) / 30), 0, kTileRows - 1);
    const int column = static_cast<int>(std::floor(lon / 30)) % kTileColumns;
    return row * kTileColumns + (column + kTileColumns) % kTileColumns;
}

}  // namespace

void ReorderedReceiversLayer::build(const GlobeScene& scene) {
    clearActors();
    if (!scene.diff || !scene.graphA || !scene.diff->orderDiffers()) return;
    const MeshGraph& g = *scene.graphA;
    std::vector<PolyBuilder> tiles(kTileRows * kTileColumns);
    auto add = [&tiles](double lat, double lon) {
        tiles[std::size_t(tileOf(lat, lon))].vertex(scaled(unitVector(lat, lon), kReorderedRadius));
    };
    const auto& nodes = scene.diff->g2mReordered;
    const std::size_t step = (nodes.size() + kMaxDotsOfEachKind - 1) / kMaxDotsOfEachKind;
    for (std::size_t k = 0; k < nodes.size(); k += step)
        if (validMesh(&g, nodes[k])) add(g.meshLat[std::size_t(nodes[k])], g.meshLon[std::size_t(nodes[k])]);
    const std::size_t stride = latticeStride(scene.diff->m2gReordered.size()), nlon = g.gridLon.size();
    for (std::int32_t grid : scene.diff->m2gReordered) {
        if (!validGrid(&g, grid)) continue;
        const std::size_t row = std::size_t(grid) / nlon, column = std::size_t(grid) % nlon;
        if (row % stride == 0 && column % stride == 0) add(g.gridLat[row], g.gridLon[column]);
    }
    // Single pixels under set differences; twice that when the order is all that differs.
    const double pointSize = scene.diff->sameEdgesAndNodes() ? 2 : 1;
    for (PolyBuilder& tile : tiles)
        if (!tile.empty()) addActor(flatActor(tile.build(), kColorReordered), {0, pointSize});
}

}  // namespace meshdiff::views
