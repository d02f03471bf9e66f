#pragma once
#include <vtkSmartPointer.h>

#include "colormap/ColorMap.h"

class vtkActor;
class vtkPolyData;

namespace meshdiff::views {

void setColor(vtkActor* actor, Rgb color, double opacity = 1.0);

// Unlit lines, points or faces of one colour (or per-point colours when `data` has scalars).
vtkSmartPointer<vtkActor> flatActor(vtkPolyData* data, Rgb color, double opacity = 1.0);
// Shaded tubes around the lines of `data`: thick and visible from afar.
vtkSmartPointer<vtkActor> tubeActor(vtkPolyData* data, Rgb color, double radius);
// Shaded spheres at the points of `centres`.
vtkSmartPointer<vtkActor> sphereGlyphActor(vtkPolyData* centres, Rgb color, double radius);

}  // namespace meshdiff::views
