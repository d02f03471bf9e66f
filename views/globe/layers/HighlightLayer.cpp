#include <vtkActor.h>
#include <vtkPolyData.h>

#include "globe/layers/HighlightLayer.h"

#include <algorithm>

#include "globe/GlobeColors.h"
#include "globe/layers/ActorFactory.h"
#include "globe/layers/LayerRadii.h"
#include "globe/layers/PolyBuilder.h"
#include "globe/layers/ScenePositions.h"

namespace meshdiff::views {

constexpr double kHighlightOverHalo = 1.0004;

void HighlightLayer::show(const GlobeScene& scene, const GlobePick& pick) {
    pick_ = pick;
    build(scene);
}

void HighlightLayer::build(const GlobeScene& scene) {
    clearActors();
    if (pick_.kind == GlobePick::Kind::None || !scene.graphA) return;
    const MeshGraph* a = scene.graphA;
    PolyBuilder lines, points;
    switch (pick_.kind) {
        case GlobePick::Kind::G2mEdge: {
            const MeshGraph* g = pick_.run == 2 ? graphBOf(scene) : a;
            if (validGrid(g, pick_.grid) && validMesh(g, pick_.mesh))
                lines.arc(gridPosition(*g, pick_.grid), meshPosition(*g, pick_.mesh), kHighlightRadius);
            break;
        }
        case GlobePick::Kind::Triangle:
            if (scene.diff && pick_.diffIndex >= 0 &&
                static_cast<std::size_t>(pick_.diffIndex) < scene.diff->m2gChanged.size()) {
                const TriangleChange& t = scene.diff->m2gChanged[static_cast<std::size_t>(pick_.diffIndex)];
                for (const auto* face : {&t.meshA, &t.meshB}) {
                    const MeshGraph* g = face == &t.meshA ? a : graphBOf(scene);
                    if (validFace(g, *face))
                        lines.outline(meshPosition(*g, (*face)[0]), meshPosition(*g, (*face)[1]),
                                      meshPosition(*g, (*face)[2]), kHighlightRadius);
                }
            }
            break;
        case GlobePick::Kind::MeshNode:
            if (validMesh(a, pick_.mesh)) points.vertex(scaled(meshPosition(*a, pick_.mesh), kHighlightRadius));
            break;
        default: break;
    }
    // A ring around the grid point, not a dot on it: the field value there stays visible.
    if (validGrid(a, pick_.grid))
        lines.ring(gridPosition(*a, pick_.grid), std::max(kMarkerRingDegrees * 0.6, gridRingDegrees(*a)),
                   kHighlightRadius);
    if (!lines.empty()) {
        vtkSmartPointer<vtkPolyData> shape = lines.build();
        addActor(flatActor(shape, kColorHighlightHalo), {6, 0});  // under it, so that it shows on white
        // The same lines at the same depth would let the halo cross the cyan in places (which
        // wins depends on rounding): the cyan is lifted just above it, off the globe's centre.
        vtkSmartPointer<vtkActor> line = flatActor(shape, kColorHighlight);
        line->SetScale(kHighlightOverHalo);
        addActor(line, {3, 0});
    }
    if (!points.empty()) addActor(flatActor(points.build(), kColorHighlight), {0, 8});
}

}  // namespace meshdiff::views
