#include <vtkActor.h>
#include <vtkPolyData.h>

#include "globe/layers/EdgeDriftLayer.h"

#include <algorithm>

#include "globe/GlobeColors.h"
#include "globe/layers/ActorFactory.h"
#include "globe/layers/LayerRadii.h"
#include "globe/layers/PolyBuilder.h"
#include "globe/layers/ScenePositions.h"

namespace meshdiff::views {

void EdgeDriftLayer::build(const GlobeScene& scene) {
    clearActors();
    const EdgeFeatureDrift* drift = scene.edgeDrift;
    const MeshGraph* g = scene.graphA;
    if (!drift || !g || drift->drifting() == 0 || !scene.isVisible(GlobeLayer::EdgeFeatureDrift)) return;
    const double maxUlps = std::max(drift->g2m.maxUlps, drift->m2g.maxUlps);
    PolyBuilder lines;
    for (const EdgeDrift& e : drift->g2m.edges) {
        if (!validGrid(g, e.sender) || !validMesh(g, e.receiver)) continue;
        lines.segment(gridPosition(*g, e.sender), meshPosition(*g, e.receiver), kDriftRadius,
                      driftColor(e.ulps, maxUlps));
    }
    for (const EdgeDrift& e : drift->m2g.edges) {
        if (!validMesh(g, e.sender) || !validGrid(g, e.receiver)) continue;
        lines.segment(meshPosition(*g, e.sender), gridPosition(*g, e.receiver), kDriftRadius,
                      driftColor(e.ulps, maxUlps));
    }
    if (!lines.empty()) addActor(flatActor(lines.build(), kColorMarker), {2, 0});
}

}  // namespace meshdiff::views
