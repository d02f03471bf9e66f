#include <vtkCellArray.h>
#include <vtkFloatArray.h>
#include <vtkNew.h>
#include <vtkPointData.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>

#include "globe/layers/TexturedSphere.h"

#include <algorithm>

#include "geo/Vec3.h"

namespace meshdiff::views {

vtkSmartPointer<vtkPolyData> texturedSphere(double lonAtU0, double latAtV0, double latAtV1) {
    constexpr int kRows = 90, kCols = 180;
    vtkNew<vtkPoints> points;
    vtkNew<vtkFloatArray> tcoords;
    tcoords->SetNumberOfComponents(2);
    vtkNew<vtkFloatArray> normals;
    normals->SetNumberOfComponents(3);
    vtkNew<vtkFloatArray> lineTCoords;
    lineTCoords->SetNumberOfComponents(2);
    lineTCoords->SetName(kLineTCoords);
    for (int r = 0; r <= kRows; ++r) {
        const double lat = -90.0 + 180.0 * r / kRows;
        const double v = (lat - latAtV0) / (latAtV1 - latAtV0);
        for (int c = 0; c <= kCols; ++c) {
            const double lon = lonAtU0 + 360.0 * c / kCols;
            const Vec3 p = unitVector(lat, lon);
            points->InsertNextPoint(p.data());
            normals->InsertNextTuple3(p[0], p[1], p[2]);
            tcoords->InsertNextTuple2(double(c) / kCols, std::clamp(v, 0.0, 1.0));
            lineTCoords->InsertNextTuple2(lon / 360.0, (lat + 90.0) / 180.0);
        }
    }
    vtkNew<vtkCellArray> polys;
    for (int r = 0; r < kRows; ++r)
        for (int c = 0; c < kCols; ++c) {
            const vtkIdType a = r * (kCols + 1) + c, b = a + 1, d = a + kCols + 1, e = d + 1;
            const vtkIdType t1[3] = {a, b, e}, t2[3] = {a, e, d};
            polys->InsertNextCell(3, t1);
            polys->InsertNextCell(3, t2);
        }
    auto data = vtkSmartPointer<vtkPolyData>::New();
    data->SetPoints(points);
    data->SetPolys(polys);
    data->GetPointData()->SetTCoords(tcoords);
    data->GetPointData()->SetNormals(normals);
    data->GetPointData()->AddArray(lineTCoords);
    return data;
}

vtkSmartPointer<vtkPolyData> earthSphere(const LatLonGrid* grid) {
    if (!grid || grid->nlon() < 2 || grid->nlat() < 2) return texturedSphere(0, -90, 90);
    const double dlon = (grid->lon.back() - grid->lon.front()) / double(grid->nlon() - 1);
    const double dlat = (grid->lat.back() - grid->lat.front()) / double(grid->nlat() - 1);
    const double latAtV0 = grid->lat.front() - dlat / 2;
    return texturedSphere(grid->lon.front() - dlon / 2, latAtV0, latAtV0 + dlat * double(grid->nlat()));
}

}  // namespace meshdiff::views
