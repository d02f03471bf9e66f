// VTK first: its OpenGL headers must come before any other.
#include <vtkDataArray.h>
#include <vtkImageData.h>
#include <vtkNew.h>
#include <vtkObjectFactory.h>
#include <vtkOpenGLRenderWindow.h>
#include <vtkPointData.h>
#include <vtkRenderer.h>
#include <vtkTextureObject.h>

#include "globe/vtkext/LuminanceAlphaTexture.h"

namespace meshdiff::views {

vtkStandardNewMacro(LuminanceAlphaTexture);

void LuminanceAlphaTexture::Load(vtkRenderer* renderer) {
    auto* window = vtkOpenGLRenderWindow::SafeDownCast(renderer->GetRenderWindow());
    vtkImageData* image = GetInput();
    vtkDataArray* texels = image ? image->GetPointData()->GetScalars() : nullptr;
    const bool twoBytes = texels && texels->GetDataType() == VTK_UNSIGNED_CHAR && texels->GetNumberOfComponents() == 2;
    vtkTextureObject* shown = GetTextureObject();
    const bool uploaded = shown && shown->GetHandle() != 0 && shown->GetContext() == window;
    if (window && twoBytes && !uploaded) {
        int size[3];
        image->GetDimensions(size);
        vtkNew<vtkTextureObject> texture;
        texture->SetContext(window);
        if (texture->Create2DFromRaw(static_cast<unsigned>(size[0]), static_cast<unsigned>(size[1]), 2,
                                     VTK_UNSIGNED_CHAR, texels->GetVoidPointer(0))) {
            const int filter = GetInterpolate() ? vtkTextureObject::Linear : vtkTextureObject::Nearest;
            texture->SetMinificationFilter(filter);
            texture->SetMagnificationFilter(filter);
            const int wrap = GetRepeat() ? vtkTextureObject::Repeat : vtkTextureObject::ClampToEdge;
            texture->SetWrapS(wrap);
            texture->SetWrapT(wrap);
            SetTextureObject(texture);  // loaded from here on as an external texture object
        }
    }
    Superclass::Load(renderer);
}

}  // namespace meshdiff::views
