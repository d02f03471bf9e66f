#include <vtkActor.h>
#include <vtkImageData.h>
#include <vtkNew.h>
#include <vtkOpenGLTexture.h>
#include <vtkPointData.h>
#include <vtkPolyData.h>
#include <vtkPolyDataMapper.h>
#include <vtkProperty.h>
#include <vtkRenderer.h>
#include <vtkTexture.h>
#include <vtkTextureObject.h>
#include <vtkUnsignedCharArray.h>

#include "globe/layers/EarthLayer.h"

#include <algorithm>

#include "globe/GlobeColors.h"
#include "globe/layers/ActorFactory.h"
#include "globe/layers/FieldOverlayLayer.h"
#include "globe/layers/TexturedSphere.h"
#include "globe/vtkext/LuminanceAlphaTexture.h"

namespace meshdiff::views {
namespace {

// One texel of the Earth's colour: the sphere always has a first texture for the line
// texture to be blended over.
vtkSmartPointer<vtkTexture> plainEarthTexture() {
    vtkNew<vtkImageData> image;
    image->SetDimensions(1, 1, 1);
    image->AllocateScalars(VTK_UNSIGNED_CHAR, 3);
    auto* rgb = static_cast<unsigned char*>(image->GetScalarPointer());
    rgb[0] = kColorEarth.r, rgb[1] = kColorEarth.g, rgb[2] = kColorEarth.b;
    auto texture = vtkSmartPointer<vtkTexture>::New();
    texture->SetInputData(image);
    texture->InterpolateOff();
    return texture;
}

vtkSmartPointer<vtkTexture> lineTexture(const LineRaster& raster) {
    // The texture reads the raster's texels in place (the layer keeps the raster alive).
    vtkNew<vtkUnsignedCharArray> texels;
    texels->SetNumberOfComponents(2);
    texels->SetArray(const_cast<std::uint8_t*>(raster.luminanceAlpha().data()),
                     static_cast<vtkIdType>(raster.luminanceAlpha().size()), 1);
    vtkNew<vtkImageData> image;
    image->SetDimensions(raster.width(), raster.height(), 1);
    image->GetPointData()->SetScalars(texels);
    // Bilinear from a level chosen per frame: software OpenGL samples trilinear mipmaps three
    // times slower.
    auto texture = vtkSmartPointer<LuminanceAlphaTexture>::New();
    texture->SetInputData(image);
    texture->InterpolateOn();
    texture->MipmapOff();
    texture->RepeatOn();
    texture->EdgeClampOff();
    texture->SetBlendingMode(vtkTexture::VTK_TEXTURE_BLENDING_MODE_REPLACE);  // alpha over the field
    return texture;
}

}  // namespace

EarthLayer::EarthLayer() = default;

EarthLayer::~EarthLayer() { clearActors(); }

void EarthLayer::build(const GlobeScene& scene) {
    // A draped scene's sphere comes from the field overlay, built next: a plain one made here
    // would be thrown away.
    if (actorCount() == 0 && !FieldOverlayLayer::drapes(scene)) setSurface(nullptr, nullptr);
}

void EarthLayer::setSurface(const vtkSmartPointer<vtkPolyData>& sphere, const vtkSmartPointer<vtkTexture>& texture) {
    const bool plain = !sphere || !texture;
    if (plain && plain_ && actorCount() > 0) return;  // a new sphere of 16k points for the same picture
    plain_ = plain;
    vtkNew<vtkPolyDataMapper> mapper;
    mapper->SetInputData(plain_ ? earthSphere(nullptr) : sphere);
    mapper->MapDataArrayToMultiTextureAttribute(kLineTextureName, kLineTCoords,
                                                vtkDataObject::FIELD_ASSOCIATION_POINTS);
    if (actorCount() == 0) addActor(vtkSmartPointer<vtkActor>::New());
    vtkActor* earth = actor(0);
    earth->SetMapper(mapper);
    earth->SetTexture(plain_ ? plainEarthTexture() : texture);
    setColor(earth, Rgb{255, 255, 255});
    earth->ForceOpaqueOn();  // the line texture's alpha blends over the field, not the scene
    earth->GetProperty()->SetAmbient(0.45);
    earth->GetProperty()->SetDiffuse(0.6);
    earth->GetProperty()->SetSpecular(0.0);
    earth->GetProperty()->BackfaceCullingOn();
}

void EarthLayer::setLineRasters(LineTextureLevels rasters) {
    showLineTexture(std::nullopt);
    lineTextures_.clear();
    rasters_ = std::move(rasters);
    for (const auto& raster : rasters_) lineTextures_.push_back(lineTexture(*raster));
}

void EarthLayer::clearLineTextures() { setLineRasters({}); }

void EarthLayer::showLineTexture(std::optional<int> level) {
    if (actorCount() == 0) return;
    vtkProperty* property = actor(0)->GetProperty();
    vtkTexture* shown = property->GetTexture(kLineTextureName);
    vtkTexture* wanted = nullptr;
    if (level && !lineTextures_.empty())
        wanted = lineTextures_[static_cast<std::size_t>(std::clamp(*level, 0, lineTextureCount() - 1))];
    if (shown == wanted) return;
    if (shown) property->RemoveTexture(kLineTextureName);
    if (wanted) property->SetTexture(kLineTextureName, wanted);
}

vtkTexture* EarthLayer::shownLineTexture() const {
    return actorCount() == 0 ? nullptr : actor(0)->GetProperty()->GetTexture(kLineTextureName);
}

void EarthLayer::uploadLineTextures(vtkRenderer* renderer) {
    for (const auto& texture : lineTextures_) {
        texture->Render(renderer);
        texture->PostRender(renderer);
    }
}

bool EarthLayer::lineTexturesUploaded() const {
    return !lineTextures_.empty() && std::all_of(lineTextures_.begin(), lineTextures_.end(), [](const auto& texture) {
        auto* uploaded = vtkOpenGLTexture::SafeDownCast(texture);
        return uploaded && uploaded->GetTextureObject() && uploaded->GetTextureObject()->GetHandle() != 0;
    });
}

}  // namespace meshdiff::views
