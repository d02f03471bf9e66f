#include <vtkActor.h>
#include <vtkPolyData.h>

#include "globe/layers/GridPointsLayer.h"

#include "globe/GlobeColors.h"
#include "globe/layers/ActorFactory.h"
#include "globe/layers/LayerRadii.h"
#include "globe/layers/PolyBuilder.h"
#include "globe/layers/ScenePositions.h"

namespace meshdiff::views {

void GridPointsLayer::build(const GlobeScene& scene) {
    clearActors();
    if (!scene.graphA || scene.graphA->gridCount() == 0) return;
    const MeshGraph& g = *scene.graphA;
    const std::size_t stride = gridPointStride(g, 150000);
    PolyBuilder builder;
    for (std::size_t i = 0; i < g.gridLat.size(); i += stride)
        for (std::size_t j = 0; j < g.gridLon.size(); j += stride)
            builder.vertex(scaled(unitVector(g.gridLat[i], g.gridLon[j]), kGridRadius));
    addActor(flatActor(builder.build(), kColorGridPoint, 0.8), {0, 2});
}

}  // namespace meshdiff::views
