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

// The field's colours (drapePixels, the error map's scale when linked) as a texture.
vtkSmartPointer<vtkTexture> overlayTexture(const FieldOverlay& overlay) {
    const std::size_t nlat = overlay.grid.nlat(), nlon = overlay.grid.nlon();
    vtkNew<vtkImageData> image;
    image->SetDimensions(static_cast<int>(nlon), static_cast<int>(nlat), 1);
    image->AllocateScalars(VTK_UNSIGNED_CHAR, 3);
    const std::vector<std::uint8_t> pixels = drapePixels(overlay);
    std::copy(pixels.begin(), pixels.end(), static_cast<unsigned char*>(image->GetScalarPointer()));
    auto texture = vtkSmartPointer<vtkTexture>::New();
    texture->SetInputData(image);
    texture->InterpolateOff();
    texture->RepeatOn();
    texture->EdgeClampOff();
    return texture;
}

}  // namespace

bool FieldOverlayLayer::colours(const GlobeScene& scene) {
    return !scene.field.empty() && scene.field.values.size() == scene.field.grid.size();
}

void FieldOverlayLayer::build(const GlobeScene& scene) {
    const FieldOverlay& field = scene.field;
    if (visible_ && colours(scene)) earth_.setSurface(earthSphere(&field.grid), overlayTexture(field));
    else earth_.setSurface(nullptr, nullptr);
}

}  // namespace meshdiff::views
