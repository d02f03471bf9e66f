#include <vtkCamera.h>
#include <vtkObjectFactory.h>
#include <vtkProp.h>
#include <vtkRenderer.h>

#include "globe/vtkext/HorizonCuller.h"

#include <algorithm>
#include <cmath>

#include "geo/Vec3.h"

namespace meshdiff::views {
namespace {

// Directions to the points of a box not holding the origin lie within the cone spanned by
// its corners, so the corner farthest from the box centre's direction bounds them all.
bool behindHorizon(vtkProp* prop, const Vec3& toEye, double distance) {
    const double* b = prop->GetBounds();
    if (!b || b[0] > b[1]) return false;
    if (b[0] <= 0 && b[1] >= 0 && b[2] <= 0 && b[3] >= 0 && b[4] <= 0 && b[5] >= 0) return false;
    const Vec3 centre = normalized({(b[0] + b[1]) / 2, (b[2] + b[3]) / 2, (b[4] + b[5]) / 2});
    double spread = 0, farthest = 1;
    for (int k = 0; k < 8; ++k) {
        const Vec3 corner{b[k & 1], b[2 + ((k >> 1) & 1)], b[4 + ((k >> 2) & 1)]};
        spread = std::max(spread, angleBetween(centre, normalized(corner)));
        farthest = std::max(farthest, norm(corner));
    }
    // A point at radius r is seen up to acos(1/d) + acos(1/r) from the sub-camera point.
    const double horizon = std::acos(1.0 / distance) + std::acos(1.0 / std::min(farthest, 2.0));
    return angleBetween(centre, toEye) - spread > horizon + 0.01;
}

}  // namespace

vtkStandardNewMacro(HorizonCuller);

double HorizonCuller::Cull(vtkRenderer* renderer, vtkProp** props, int& count, int& initialized) {
    double eye[3];
    renderer->GetActiveCamera()->GetPosition(eye);
    const Vec3 e{eye[0], eye[1], eye[2]};
    const double distance = norm(e);
    double total = 0;
    int kept = 0;
    for (int i = 0; i < count; ++i) {
        if (distance > 1.0 && behindHorizon(props[i], scaled(e, 1 / distance), distance)) continue;
        props[kept++] = props[i];
        total += initialized ? props[i]->GetRenderTimeMultiplier() : 1.0;
    }
    count = kept;
    return total;
}

}  // namespace meshdiff::views
