#include <vtkActor.h>
#include <vtkPolyData.h>

#include "globe/layers/MeshLayer.h"

#include <algorithm>

#include "geo/MeshLevels.h"
#include "globe/GlobeColors.h"
#include "globe/layers/ActorFactory.h"
#include "globe/layers/LayerRadii.h"
#include "globe/layers/MeshEdges.h"
#include "globe/layers/PolyBuilder.h"
#include "globe/layers/ScenePositions.h"
#include "globe/vtkext/LineTiles.h"

namespace meshdiff::views {
namespace {

// The wireframe of one mesh level as lines between shared node points.
vtkSmartPointer<vtkPolyData> meshLines(const MeshGraph& g, const std::vector<std::int32_t>& faces) {
    PolyBuilder builder;
    // Short edges share their end points (one vertex per node): far fewer vertices to draw.
    std::vector<vtkIdType> nodeIds(g.meshCount(), -1);
    auto nodeId = [&](std::int32_t n) {
        if (nodeIds[n] < 0) nodeIds[n] = builder.point(scaled(meshPosition(g, n), kMeshRadius));
        return nodeIds[n];
    };
    for (const auto& [a, b] : uniqueEdges(faces)) {
        if (!validMesh(&g, a) || !validMesh(&g, b)) continue;
        if (angleBetween(meshPosition(g, a), meshPosition(g, b)) <= kMaxArcStep) builder.line(nodeId(a), nodeId(b));
        else builder.arc(meshPosition(g, a), meshPosition(g, b), kMeshRadius);
    }
    return builder.build();
}

}  // namespace

void MeshLayer::build(const GlobeScene& scene) {
    levels_.clear();
    if (scene.graphA && !scene.graphA->meshFaces.empty()) levels_ = icosahedralLevels(scene.graphA->meshFaces);
    showLevel(scene);
}

void MeshLayer::showLevel(const GlobeScene& scene) {
    clearActors();
    if (!scene.graphA || levels_.empty()) return;
    shownLevel_ = std::clamp(scene.meshLevel, 0, levelCount() - 1);
    for (const auto& tile : splitIntoTiles(meshLines(*scene.graphA, shownFaces())))
        addActor(flatActor(tile, kColorMeshLine), {1, 0});
}

}  // namespace meshdiff::views
