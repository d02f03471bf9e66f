#pragma once
#include <vtkCellArray.h>
#include <vtkNew.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>
#include <vtkSmartPointer.h>
#include <vtkUnsignedCharArray.h>

#include <vector>

#include "colormap/ColorMap.h"
#include "geo/Vec3.h"

namespace meshdiff::views {

// Accumulates points, lines, vertices and polygons, then hands out one vtkPolyData.
class PolyBuilder {
public:
    PolyBuilder();

    vtkIdType point(const Vec3& p) { return points_->InsertNextPoint(p[0], p[1], p[2]); }
    // The great-circle arc from unit vector a to b at `radius`, in steps of at most 2°.
    void arc(const Vec3& a, const Vec3& b, double radius);
    // The same arc as dashes `dashDegrees` long with gaps as long: B's items, which differ from
    // A's in more than colour.
    void dashedArc(const Vec3& a, const Vec3& b, double radius, double dashDegrees);
    void line(vtkIdType a, vtkIdType b);
    // A small circle of `radiusDegrees` around unit vector `centre`; with steps = 4, a square.
    // `color` colours its points (all of a builder's points need one then).
    void ring(const Vec3& centre, double radiusDegrees, double radius, int steps = 40, const Rgb* color = nullptr);
    // The same circle as a filled polygon (a spherical cap's outline, flat inside).
    void disc(const Vec3& centre, double radiusDegrees, double radius, int steps = 40);
    // A straight segment between unit vectors a and b, coloured (all of a builder's points need one).
    void segment(const Vec3& a, const Vec3& b, double radius, const Rgb& color);
    void vertex(const Vec3& p, const Rgb* color = nullptr);
    void triangle(const Vec3& a, const Vec3& b, const Vec3& c, double radius);
    void outline(const Vec3& a, const Vec3& b, const Vec3& c, double radius);
    void dashedOutline(const Vec3& a, const Vec3& b, const Vec3& c, double radius, double dashDegrees);
    bool empty() const { return points_->GetNumberOfPoints() == 0; }

    vtkSmartPointer<vtkPolyData> build();

private:
    // The points of a circle of `radiusDegrees` around `centre`, first and last alike.
    std::vector<Vec3> circle(const Vec3& centre, double radiusDegrees, int steps) const;

    vtkNew<vtkPoints> points_;
    vtkNew<vtkCellArray> lines_, verts_, polys_;
    vtkNew<vtkUnsignedCharArray> colors_;
};

}  // namespace meshdiff::views
