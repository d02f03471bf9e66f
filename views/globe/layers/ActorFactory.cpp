#include <vtkActor.h>
#include <vtkGlyph3D.h>
#include <vtkNew.h>
#include <vtkPointData.h>
#include <vtkPolyData.h>
#include <vtkPolyDataMapper.h>
#include <vtkProperty.h>
#include <vtkSphereSource.h>
#include <vtkTubeFilter.h>

#include "globe/layers/ActorFactory.h"

namespace meshdiff::views {

void setColor(vtkActor* actor, Rgb color, double opacity) {
    actor->GetProperty()->SetColor(color.r / 255.0, color.g / 255.0, color.b / 255.0);
    actor->GetProperty()->SetOpacity(opacity);
}

vtkSmartPointer<vtkActor> flatActor(vtkPolyData* data, Rgb color, double opacity) {
    vtkNew<vtkPolyDataMapper> mapper;
    mapper->SetInputData(data);
    mapper->SetScalarVisibility(data->GetPointData()->GetScalars() != nullptr);
    mapper->SetColorModeToDirectScalars();
    auto actor = vtkSmartPointer<vtkActor>::New();
    actor->SetMapper(mapper);
    setColor(actor, color, opacity);
    actor->GetProperty()->LightingOff();
    return actor;
}

vtkSmartPointer<vtkActor> tubeActor(vtkPolyData* data, Rgb color, double radius) {
    vtkNew<vtkTubeFilter> tubes;
    tubes->SetInputData(data);
    tubes->SetRadius(radius);
    tubes->SetNumberOfSides(8);
    tubes->CappingOn();
    vtkNew<vtkPolyDataMapper> mapper;
    mapper->SetInputConnection(tubes->GetOutputPort());
    mapper->ScalarVisibilityOff();
    auto actor = vtkSmartPointer<vtkActor>::New();
    actor->SetMapper(mapper);
    setColor(actor, color);
    actor->GetProperty()->SetAmbient(0.4);
    actor->GetProperty()->SetDiffuse(0.7);
    return actor;
}

vtkSmartPointer<vtkActor> sphereGlyphActor(vtkPolyData* centres, Rgb color, double radius) {
    vtkNew<vtkSphereSource> sphere;
    sphere->SetRadius(radius);
    sphere->SetThetaResolution(12);
    sphere->SetPhiResolution(8);
    vtkNew<vtkGlyph3D> glyphs;
    glyphs->SetInputData(centres);
    glyphs->SetSourceConnection(sphere->GetOutputPort());
    glyphs->ScalingOff();
    glyphs->OrientOff();
    vtkNew<vtkPolyDataMapper> mapper;
    mapper->SetInputConnection(glyphs->GetOutputPort());
    mapper->ScalarVisibilityOff();
    auto actor = vtkSmartPointer<vtkActor>::New();
    actor->SetMapper(mapper);
    setColor(actor, color);
    actor->GetProperty()->SetAmbient(0.4);
    return actor;
}

}  // namespace meshdiff::views
