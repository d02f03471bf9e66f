#include <vtkActor.h>
#include <vtkPolyData.h>

#include "globe/layers/EdgeDriftLayer.h"

#include <algorithm>
#include <cstddef>
#include <vector>

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
    // Of very many, the most drifting: below them the lines would only hide one another.
    const std::size_t total = drift->g2m.edges.size() + drift->m2g.edges.size();
    double threshold = 0;
    std::size_t atThreshold = total;  // edges of exactly `threshold` ULPs still to draw
    if (total > kManyDriftingEdges) {
        std::vector<double> ulps;
        ulps.reserve(total);
        for (const auto* set : {&drift->g2m, &drift->m2g})
            for (const EdgeDrift& e : set->edges) ulps.push_back(e.ulps);
        const auto nth = ulps.end() - std::ptrdiff_t(kManyDriftingEdges);
        std::nth_element(ulps.begin(), nth, ulps.end());
        threshold = *nth;
        atThreshold = std::size_t(std::count(nth, ulps.end(), threshold));
    }
    auto drawn = [&](double ulps) {
        if (ulps > threshold) return true;
        if (ulps < threshold || atThreshold == 0) return false;
        --atThreshold;
        return true;
    };
    PolyBuilder lines;
    for (const EdgeDrift& e : drift->g2m.edges) {
        if (!drawn(e.ulps) || !validGrid(g, e.sender) || !validMesh(g, e.receiver)) continue;
        lines.segment(gridPosition(*g, e.sender), meshPosition(*g, e.receiver), kDriftRadius,
                      driftColor(e.ulps, maxUlps));
    }
    for (const EdgeDrift& e : drift->m2g.edges) {
        if (!drawn(e.ulps) || !validMesh(g, e.sender) || !validGrid(g, e.receiver)) continue;
        lines.segment(meshPosition(*g, e.sender), gridPosition(*g, e.receiver), kDriftRadius,
                      driftColor(e.ulps, maxUlps));
    }
    if (!lines.empty()) addActor(flatActor(lines.build(), kColorMarker), {2, 0});
}

}  // namespace meshdiff::views
