#pragma once
#include <vtkSmartPointer.h>

#include <vector>

class vtkPolyData;

namespace meshdiff::views {

// The lines of `data` split into tiles of tileDegrees × tileDegrees by the latitude and
// longitude of each line's first point (each tile holds only the points its lines use), so
// that VTK's frustum culler and the horizon culler can skip tiles out of sight.
std::vector<vtkSmartPointer<vtkPolyData>> splitIntoTiles(vtkPolyData* data, double tileDegrees = 15);

}  // namespace meshdiff::views
