#include <vtkActor.h>
#include <vtkPolyData.h>

#include "globe/layers/AtRiskLayer.h"

#include "globe/GlobeColors.h"
#include "globe/layers/ActorFactory.h"
#include "globe/layers/LayerRadii.h"
#include "globe/layers/PolyBuilder.h"
#include "globe/layers/ScenePositions.h"

namespace meshdiff::views {

void AtRiskLayer::build(const GlobeScene& scene) {
    clearActors();
    if (!scene.graphA) return;
    const MeshGraph* g = scene.graphA;
    PolyBuilder lines, points;
    for (const GridMeshEdge& e : scene.atRisk.edges)
        if (validGrid(g, e.grid) && validMesh(g, e.mesh))
            lines.arc(gridPosition(*g, e.grid), meshPosition(*g, e.mesh), kAtRiskRadius);
    for (std::int32_t grid : scene.atRisk.gridPoints)
        if (validGrid(g, grid)) points.vertex(scaled(gridPosition(*g, grid), kAtRiskRadius));
    if (!lines.empty()) addActor(flatActor(lines.build(), kColorAtRisk), {2, 0});
    if (!points.empty()) addActor(flatActor(points.build(), kColorAtRisk), {0, 4});
}

}  // namespace meshdiff::views
