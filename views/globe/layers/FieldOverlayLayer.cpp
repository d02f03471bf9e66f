#include <vtkImageData.h>
#include <vtkNew.h>
#include <vtkPolyData.h>
#include <vtkTexture.h>

#include "globe/layers/FieldOverlayLayer.h"

#include <algorithm>
#include <cmath>

#include "globe/GlobeColors.h"
#include "globe/layers/EarthLayer.h"
#include "globe/layers/TexturedSphere.h"

namespace meshdiff::views {
namespace {

// The field's colours blended over the Earth's with the overlay's opacity; NaN shows the Earth.
vtkSmartPointer<vtkTexture> overlayTexture(const FieldOverlay& overlay) {
    const std::size_t nlat = overlay.grid.nlat(), nlon = overlay.grid.nlon();
    vtkNew<vtkImageData> image;
    image->SetDimensions(static_cast<int>(nlon), static_cast<int>(nlat), 1);
    image->AllocateScalars(VTK_UNSIGNED_CHAR, 3);
    auto* pixels = static_cast<unsigned char*>(image->GetScalarPointer());
    const ColorScale scale = overlayScale(overlay);
    const double a = std::clamp<double>(overlay.opacity, 0, 1);
    const Rgb earth = kColorEarth;
    for (std::size_t i = 0; i < nlat * nlon; ++i) {
        Rgb c = earth;
        if (std::isfinite(overlay.values[i])) {
            const Rgb field = scale.color(overlay.values[i]);
            c = {static_cast<std::uint8_t>(std::lround(a * field.r + (1 - a) * earth.r)),
                 static_cast<std::uint8_t>(std::lround(a * field.g + (1 - a) * earth.g)),
                 static_cast<std::uint8_t>(std::lround(a * field.b + (1 - a) * earth.b))};
        }
        pixels[3 * i] = c.r;
        pixels[3 * i + 1] = c.g;
        pixels[3 * i + 2] = c.b;
    }
    auto texture = vtkSmartPointer<vtkTexture>::New();
    texture->SetInputData(image);
    texture->InterpolateOff();
    texture->RepeatOn();
    texture->EdgeClampOff();
    return texture;
}

}  // namespace

void FieldOverlayLayer::build(const GlobeScene& scene) {
    const FieldOverlay& field = scene.field;
    if (visible_ && !field.empty() && field.values.size() == field.grid.size())
        earth_.setSurface(earthSphere(&field.grid), overlayTexture(field));
    else earth_.setSurface(nullptr, nullptr);
}

}  // namespace meshdiff::views
