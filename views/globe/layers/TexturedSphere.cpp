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
    constexpr vtkIdType kPoints = (kRows + 1) * (kCols + 1);
    // Written in place: inserting tuple by tuple took ~10 ms of a scene build.
    vtkNew<vtkPoints> points;
    points->SetDataTypeToFloat();
    points->SetNumberOfPoints(kPoints);
    auto* xyz = static_cast<float*>(points->GetVoidPointer(0));
    auto makeArray = [](int components) {
        auto array = vtkSmartPointer<vtkFloatArray>::New();
        array->SetNumberOfComponents(components);
        array->SetNumberOfTuples(kPoints);
        return array;
    };
    auto tcoords = makeArray(2), normals = makeArray(3), lineTCoords = makeArray(2);
    lineTCoords->SetName(kLineTCoords);
    float *uv = tcoords->GetPointer(0), *n = normals->GetPointer(0), *lineUv = lineTCoords->GetPointer(0);
    for (int r = 0; r <= kRows; ++r) {
        const double lat = -90.0 + 180.0 * r / kRows;
        const double v = std::clamp((lat - latAtV0) / (latAtV1 - latAtV0), 0.0, 1.0);
        for (int c = 0; c <= kCols; ++c) {
            const double lon = lonAtU0 + 360.0 * c / kCols;
            const Vec3 p = unitVector(lat, lon);
            for (int k = 0; k < 3; ++k) *xyz++ = *n++ = static_cast<float>(p[static_cast<std::size_t>(k)]);
            *uv++ = static_cast<float>(double(c) / kCols);
            *uv++ = static_cast<float>(v);
            *lineUv++ = static_cast<float>(lon / 360.0);
            *lineUv++ = static_cast<float>((lat + 90.0) / 180.0);
        }
    }
    vtkNew<vtkCellArray> polys;
    polys->AllocateExact(2 * kRows * kCols, 6 * kRows * kCols);
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
