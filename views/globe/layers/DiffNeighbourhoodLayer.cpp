#include <vtkActor.h>
#include <vtkPolyData.h>

#include "globe/layers/DiffNeighbourhoodLayer.h"

#include "globe/GlobeColors.h"
#include "globe/layers/ActorFactory.h"
#include "globe/layers/LayerRadii.h"
#include "globe/layers/PolyBuilder.h"

namespace meshdiff::views {

void DiffNeighbourhoodLayer::build(const GlobeScene& scene) {
    clearActors();
    if (!scene.places || scene.places->empty() || !(scene.places->radiusDegrees > 0)) return;
    const double radius = scene.places->radiusDegrees;
    PolyBuilder caps, rims;
    for (const auto& [lat, lon] : scene.places->latLon) {
        const Vec3 centre = unitVector(lat, lon);
        caps.disc(centre, radius, kNeighbourhoodRadius, 24);
        rims.ring(centre, radius, kNeighbourhoodRadius, 24);
    }
    addActor(flatActor(caps.build(), kColorNeighbourhood, kNeighbourhoodOpacity));
    addActor(flatActor(rims.build(), kColorNeighbourhood, 0.9), {1.2, 0});
}

}  // namespace meshdiff::views
