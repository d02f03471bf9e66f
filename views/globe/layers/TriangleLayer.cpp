#include <vtkActor.h>
#include <vtkPolyData.h>
#include <vtkProperty.h>

#include "globe/layers/TriangleLayer.h"

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
    PolyBuilder facesA, facesB, outlineA, outlineB, markers, centres;
    for (const TriangleChange& change : scene.diff->m2gChanged) {
        if (!validGrid(a, change.grid)) continue;
        if (validFace(a, change.meshA)) {
            const Vec3 p0 = meshPosition(*a, change.meshA[0]), p1 = meshPosition(*a, change.meshA[1]),
                       p2 = meshPosition(*a, change.meshA[2]);
            facesA.triangle(p0, p1, p2, kTriangleRadius);
            outlineA.outline(p0, p1, p2, kTriangleRadius + 0.0004);
        }
        if (validFace(b, change.meshB)) {
            const Vec3 p0 = meshPosition(*b, change.meshB[0]), p1 = meshPosition(*b, change.meshB[1]),
                       p2 = meshPosition(*b, change.meshB[2]);
            facesB.triangle(p0, p1, p2, kTriangleRadius + 0.0002);
            outlineB.outline(p0, p1, p2, kTriangleRadius + 0.0006);
        }
        const Vec3 g = gridPosition(*a, change.grid);
        markers.ring(g, kMarkerRingDegrees, kTriangleRadius + 0.0008);
        centres.vertex(scaled(g, kTriangleRadius + 0.001));
    }
    for (auto* faces : {&facesA, &facesB}) {
        if (faces->empty()) continue;
        auto actor = flatActor(faces->build(), faces == &facesA ? kColorOnlyA : kColorOnlyB, 0.45);
        actor->GetProperty()->BackfaceCullingOff();
        addActor(actor);
    }
    for (auto* outline : {&outlineA, &outlineB}) {
        if (outline->empty()) continue;
        addActor(flatActor(outline->build(), outline == &outlineA ? kColorOnlyA : kColorOnlyB), {2, 0});
    }
    addActor(flatActor(markers.build(), kColorMarker), {2, 0});
    addActor(flatActor(centres.build(), kColorMarker), {0, 5});
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
