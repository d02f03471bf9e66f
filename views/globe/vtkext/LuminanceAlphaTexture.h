#pragma once
#include <vtkOpenGLTexture.h>

namespace meshdiff::views {

// A texture of two unsigned-char components (luminance, alpha) handed to OpenGL as they are.
// vtkOpenGLTexture widens every texture of fewer than three components to RGBA first: twice the
// texels to upload and a temporary copy as large (128 MB for the finest line texture, ~35 ms
// for the level a new globe scene shows first). VTK's shaders read a two-component texture as
// luminance and alpha either way. Other inputs load as vtkOpenGLTexture loads them.
class LuminanceAlphaTexture : public vtkOpenGLTexture {
public:
    static LuminanceAlphaTexture* New();
    void Load(vtkRenderer* renderer) override;
    LuminanceAlphaTexture(const LuminanceAlphaTexture&) = delete;
    void operator=(const LuminanceAlphaTexture&) = delete;

protected:
    LuminanceAlphaTexture() = default;
    ~LuminanceAlphaTexture() override = default;

public:
    vtkTypeMacro(LuminanceAlphaTexture, vtkOpenGLTexture)
};

}  // namespace meshdiff::views
