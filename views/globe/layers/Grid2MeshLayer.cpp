#include <vtkActor.h>
#include <vtkPolyData.h>

#include "globe/layers/Grid2MeshLayer.h"

#include <numbers>

#include "globe/GlobeColors.h"
#include "globe/layers/ActorFactory.h"
#include "globe/layers/LayerRadii.h"
#include "globe/layers/PolyBuilder.h"
#include "globe/layers/ScenePositions.h"

namespace meshdiff::views {

const MeshGraph* Grid2MeshLayer::graphOf(const GlobeScene& scene) const {
    return run_ == 1 ? scene.graphA : graphBOf(scene);
}

const std::vector<GridMeshEdge>* Grid2MeshLayer::edgesOf(const GlobeScene& scene) const {
    if (!scene.diff || !scene.graphA) return nullptr;
    return run_ == 1 ? &scene.diff->g2mOnlyA : &scene.diff->g2mOnlyB;
}

void Grid2MeshLayer::build(const GlobeScene& scene) {
    clearActors();
    const std::vector<GridMeshEdge>* edges = edgesOf(scene);
    if (!edges || edges->empty()) return;
    const MeshGraph* g = graphOf(scene);
    const bool onlyB = run_ == 2;
    const int markSteps = onlyB ? 4 : 40;  // B's marks are squares
    const double gridRing = gridRingDegrees(*g);
    PolyBuilder lines, marks;
    for (const GridMeshEdge& e : *edges) {
        if (!validGrid(g, e.grid) || !validMesh(g, e.mesh)) continue;
        const Vec3 p = gridPosition(*g, e.grid), q = meshPosition(*g, e.mesh);
        // The tube starts at the grid point's ring, not on the grid point.
        const double length = angleBetween(p, q) * 180 / std::numbers::pi;
        const Vec3 start = length > gridRing ? slerp(p, q, gridRing / length) : q;
        if (onlyB) lines.dashedArc(start, q, kEdgeRadius, 0.5);
        else lines.arc(start, q, kEdgeRadius);
        marks.ring(p, gridRing, kEdgeRadius, markSteps);
        // B's marks are wider, so that marks of A and B at the same place stay apart.
        marks.ring(normalized(slerp(p, q, 0.5)), kMarkerRingDegrees + (onlyB ? 0.4 : 0), kEdgeRadius, markSteps);
    }
    const Rgb color = onlyB ? kColorOnlyB : kColorOnlyA;
    addActor(tubeActor(lines.build(), color, 0.0028));
    addActor(flatActor(marks.build(), color), {2.5, 0});
}

std::optional<PickCandidate> Grid2MeshLayer::pick(const GlobeScene& scene, const PickQuery& query) const {
    const std::vector<GridMeshEdge>* edges = edgesOf(scene);
    if (!edges) return std::nullopt;
    const MeshGraph* g = graphOf(scene);
    NearestCandidate nearest(query.tolerance());
    for (std::size_t i = 0; i < edges->size(); ++i) {
        const GridMeshEdge& e = (*edges)[i];
        double distance;
        if (!validGrid(g, e.grid) || !validMesh(g, e.mesh)) continue;
        if (!query.segmentDistance(scaled(gridPosition(*g, e.grid), kEdgeRadius),
                                   scaled(meshPosition(*g, e.mesh), kEdgeRadius), distance))
            continue;
        GlobePick pick;
        pick.kind = GlobePick::Kind::G2mEdge;
        pick.grid = e.grid;
        pick.mesh = e.mesh;
        pick.run = run_;
        pick.diffIndex = static_cast<int>(i);
        nearest.consider(distance, pick);
    }
    return nearest.result();
}

}  // namespace meshdiff::views
