#include <vtkActor.h>
#include <vtkPolyData.h>

#include "globe/layers/TriangleLayer.h"

#include <algorithm>

#include "globe/GlobeColors.h"
#include "globe/layers/ActorFactory.h"
#include "globe/layers/LayerRadii.h"
#include "globe/layers/PolyBuilder.h"
#include "globe/layers/ScenePositions.h"

namespace meshdiff::views {

void TriangleLayer::build(const GlobeScene& scene) {
    clearActors();
    if (!scene.diff || !scene.graphA || scene.diff->m2gChanged.empty()) return;
    const MeshGraph* a = scene.graphA;
    const MeshGraph* b = graphBOf(scene);
    PolyBuilder outlineA, outlineB, markers;
    const double gridRing = std::max(kMarkerRingDegrees * 0.5, gridRingDegrees(*a));
    for (const TriangleChange& change : scene.diff->m2gChanged) {
        if (!validGrid(a, change.grid)) continue;
        if (validFace(a, change.meshA))
            outlineA.outline(meshPosition(*a, change.meshA[0]), meshPosition(*a, change.meshA[1]),
                             meshPosition(*a, change.meshA[2]), kTriangleRadius + 0.0004);
        if (validFace(b, change.meshB))
            outlineB.dashedOutline(meshPosition(*b, change.meshB[0]), meshPosition(*b, change.meshB[1]),
                                   meshPosition(*b, change.meshB[2]), kTriangleRadius + 0.0006, 0.4);
        // Two rings: one just around the grid point's cell, one to find it from afar.
        const Vec3 g = gridPosition(*a, change.grid);
        markers.ring(g, gridRing, kTriangleRadius + 0.0008);
        markers.ring(g, kMarkerRingDegrees, kTriangleRadius + 0.0008);
    }
    for (auto* outline : {&outlineA, &outlineB}) {
        if (outline->empty()) continue;
        addActor(flatActor(outline->build(), outline == &outlineA ? kColorOnlyA : kColorOnlyB), {2.5, 0});
    }
    addActor(flatActor(markers.build(), kColorChanged), {2, 0});
}

std::optional<PickCandidate> TriangleLayer::pick(const GlobeScene& scene, const PickQuery& query) const {
    if (!scene.diff || !scene.graphA) return std::nullopt;
    const MeshGraph* a = scene.graphA;
    const MeshGraph* b = graphBOf(scene);
    NearestCandidate nearest(query.tolerance());
    for (std::size_t i = 0; i < scene.diff->m2gChanged.size(); ++i) {
        const TriangleChange& t = scene.diff->m2gChanged[i];
        if (!validGrid(a, t.grid)) continue;
        double distance = 1e300;
        query.pointDistance(scaled(gridPosition(*a, t.grid), kTriangleRadius), distance);
        int run = 0;
        for (int r = 1; r <= 2 && distance > 0; ++r) {
            const auto& face = r == 1 ? t.meshA : t.meshB;
            const MeshGraph* g = r == 1 ? a : b;
            if (validFace(g, face) && insideSphericalTriangle(query.hit(), meshPosition(*g, face[0]),
                                                              meshPosition(*g, face[1]), meshPosition(*g, face[2]))) {
                distance = 0;
                run = r;
            }
        }
        GlobePick pick;
        pick.kind = GlobePick::Kind::Triangle;
        pick.grid = t.grid;
        pick.run = run;
        pick.diffIndex = static_cast<int>(i);
        nearest.consider(distance, pick);
    }
    return nearest.result();
}

}  // namespace meshdiff::views
