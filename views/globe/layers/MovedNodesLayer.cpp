#include <vtkActor.h>
#include <vtkPolyData.h>

#include "globe/layers/MovedNodesLayer.h"

#include <algorithm>

#include "globe/GlobeColors.h"
#include "globe/layers/ActorFactory.h"
#include "globe/layers/LayerRadii.h"
#include "globe/layers/PolyBuilder.h"
#include "globe/layers/ScenePositions.h"

namespace meshdiff::views {

void MovedNodesLayer::build(const GlobeScene& scene) {
    clearActors();
    if (!scene.diff || !scene.graphA || scene.diff->movedNodes.empty()) return;
    PolyBuilder builder;
    for (const MovedNode& node : scene.diff->movedNodes) {
        if (!validMesh(scene.graphA, node.mesh)) continue;
        const Rgb c = ulpColor(std::max(node.ulpLat, node.ulpLon), scene.diff->maxMovedUlp);
        // A small ring, not a dot: the draped field under the node stays visible.
        builder.ring(meshPosition(*scene.graphA, node.mesh), kMovedRingDegrees, kMovedRadius, 12, &c);
    }
    addActor(flatActor(builder.build(), kColorMoved), {1.5, 0});
}

std::optional<PickCandidate> MovedNodesLayer::pick(const GlobeScene& scene, const PickQuery& query) const {
    if (!scene.diff || !scene.graphA) return std::nullopt;
    NearestCandidate nearest(query.tolerance());
    for (const MovedNode& node : scene.diff->movedNodes) {
        double distance;
        if (!validMesh(scene.graphA, node.mesh) ||
            !query.pointDistance(scaled(meshPosition(*scene.graphA, node.mesh), kMovedRadius), distance))
            continue;
        GlobePick pick;
        pick.kind = GlobePick::Kind::MeshNode;
        pick.mesh = node.mesh;
        nearest.consider(distance, pick);
    }
    return nearest.result();
}

}  // namespace meshdiff::views
