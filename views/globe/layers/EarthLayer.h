#pragma once
#include <vtkSmartPointer.h>

#include <optional>
#include <vector>

#include "globe/LineTextureCache.h"
#include "globe/layers/ActorLayer.h"

class vtkPolyData;
class vtkRenderer;
class vtkTexture;

namespace meshdiff::views {

// The Earth: one textured sphere showing its plain colour or a field (set by the field
// overlay), with the mesh and coastlines blended over it as a texture at overview zoom.
class EarthLayer : public ActorLayer {
public:
    EarthLayer();
    ~EarthLayer() override;

    void build(const GlobeScene& scene) override;

    // The sphere and texture to show; nulls show the plain Earth colour.
    void setSurface(const vtkSmartPointer<vtkPolyData>& sphere, const vtkSmartPointer<vtkTexture>& texture);
    bool showsPlainEarth() const { return plain_; }

    // Line textures made from `rasters` (finest first), which they read in place.
    void setLineRasters(LineTextureLevels rasters);
    void clearLineTextures();
    int lineTextureCount() const { return static_cast<int>(lineTextures_.size()); }
    // Blends line texture `level` (clamped to those there are) over the Earth; none hides it.
    void showLineTexture(std::optional<int> level);
    vtkTexture* shownLineTexture() const;
    // Hands every line texture level to OpenGL now (the render window's context current), so
    // that the first frame showing a level does not upload its texels: the finest is 64 MB.
    void uploadLineTextures(vtkRenderer* renderer);
    bool lineTexturesUploaded() const;

private:
    LineTextureLevels rasters_;  // the texels the line textures read: destroyed after them
    std::vector<vtkSmartPointer<vtkTexture>> lineTextures_;
    bool plain_ = true;
};

}  // namespace meshdiff::views
