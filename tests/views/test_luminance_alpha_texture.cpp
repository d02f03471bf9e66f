#include <vtkActor.h>
#include <vtkImageData.h>
#include <vtkNew.h>
#include <vtkPlaneSource.h>
#include <vtkPointData.h>
#include <vtkPolyDataMapper.h>
#include <vtkProperty.h>
#include <vtkRenderWindow.h>
#include <vtkRenderer.h>
#include <vtkTextureObject.h>
#include <vtkUnsignedCharArray.h>
#include <vtkWindowToImageFilter.h>

#include <gtest/gtest.h>

#include <array>

#include "globe/vtkext/LuminanceAlphaTexture.h"

namespace meshdiff::views {
namespace {

std::array<int, 3> pixelAt(vtkImageData* image, int x, int y) {
    const auto* rgb = static_cast<const unsigned char*>(image->GetScalarPointer(x, y, 0));
    return {rgb[0], rgb[1], rgb[2]};
}

// The line texture's two bytes per texel reach OpenGL as two components (not widened to RGBA
// on the way) and still draw as luminance: grey, as bright as its first byte says.
TEST(LuminanceAlphaTexture, UploadsTwoComponentsThatDrawAsLuminance) {
    vtkNew<vtkImageData> image;
    image->SetDimensions(2, 1, 1);
    vtkNew<vtkUnsignedCharArray> texels;
    texels->SetNumberOfComponents(2);
    texels->SetNumberOfTuples(2);
    const unsigned char bright[2] = {220, 255}, dark[2] = {60, 255};
    texels->SetTypedTuple(0, bright);
    texels->SetTypedTuple(1, dark);
    image->GetPointData()->SetScalars(texels);
    vtkNew<LuminanceAlphaTexture> texture;
    texture->SetInputData(image);
    texture->InterpolateOff();

    vtkNew<vtkPlaneSource> plane;  // the unit square around the origin, texture coordinates 0…1
    vtkNew<vtkPolyDataMapper> mapper;
    mapper->SetInputConnection(plane->GetOutputPort());
    vtkNew<vtkActor> actor;
    actor->SetMapper(mapper);
    actor->SetTexture(texture);
    actor->GetProperty()->LightingOff();
    vtkNew<vtkRenderer> renderer;
    renderer->AddActor(actor);
    renderer->SetBackground(0, 0, 0.5);
    renderer->ResetCamera();
    vtkNew<vtkRenderWindow> window;
    window->SetOffScreenRendering(1);
    window->SetMultiSamples(0);
    window->SetSize(200, 200);
    window->AddRenderer(renderer);
    window->Render();

    ASSERT_NE(texture->GetTextureObject(), nullptr);
    EXPECT_EQ(texture->GetTextureObject()->GetComponents(), 2);
    vtkNew<vtkWindowToImageFilter> grab;
    grab->SetInput(window);
    grab->SetInputBufferTypeToRGB();
    grab->ReadFrontBufferOff();
    grab->Update();
    const auto left = pixelAt(grab->GetOutput(), 70, 100), right = pixelAt(grab->GetOutput(), 130, 100);
    for (const auto& grey : {left, right}) {
        EXPECT_NEAR(grey[0], grey[1], 2);
        EXPECT_NEAR(grey[1], grey[2], 2);
    }
    EXPECT_NEAR(left[0], 220, 8);
    EXPECT_NEAR(right[0], 60, 8);
    window->RemoveRenderer(renderer);
}

}  // namespace
}  // namespace meshdiff::views
