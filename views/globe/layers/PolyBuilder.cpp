#include <vtkPointData.h>

#include "globe/layers/PolyBuilder.h"

#include <algorithm>
#include <cmath>
#include <numbers>

#include "globe/layers/LayerRadii.h"

namespace meshdiff::views {

PolyBuilder::PolyBuilder() { colors_->SetNumberOfComponents(3); }

void PolyBuilder::arc(const Vec3& a, const Vec3& b, double radius) {
    const int steps = std::max(1, static_cast<int>(std::ceil(angleBetween(a, b) / kMaxArcStep)));
    lines_->InsertNextCell(steps + 1);
    for (int i = 0; i <= steps; ++i) lines_->InsertCellPoint(point(scaled(slerp(a, b, double(i) / steps), radius)));
}

void PolyBuilder::dashedArc(const Vec3& a, const Vec3& b, double radius, double dashDegrees) {
    const double angle = angleBetween(a, b), dash = dashDegrees * std::numbers::pi / 180;
    if (!(dash > 0) || angle <= dash) {
        arc(a, b, radius);
        return;
    }
    // Whole dash-gap periods, stretched a little so that the arc starts and ends with a dash.
    const int dashes = std::max(1, static_cast<int>(std::round((angle + dash) / (2 * dash))));
    const double period = angle / (dashes - 0.5);
    for (int k = 0; k < dashes; ++k) {
        const double from = k * period, to = std::min(angle, from + period / 2);
        arc(slerp(a, b, from / angle), slerp(a, b, to / angle), radius);
    }
}

void PolyBuilder::line(vtkIdType a, vtkIdType b) {
    const vtkIdType ids[2] = {a, b};
    lines_->InsertNextCell(2, ids);
}

std::vector<Vec3> PolyBuilder::circle(const Vec3& centre, double radiusDegrees, int steps) const {
    const Vec3 helper = std::abs(centre[2]) < 0.9 ? Vec3{0, 0, 1} : Vec3{1, 0, 0};
    Vec3 u{centre[1] * helper[2] - centre[2] * helper[1], centre[2] * helper[0] - centre[0] * helper[2],
           centre[0] * helper[1] - centre[1] * helper[0]};
    u = normalized(u);
    const Vec3 v{centre[1] * u[2] - centre[2] * u[1], centre[2] * u[0] - centre[0] * u[2],
                 centre[0] * u[1] - centre[1] * u[0]};
    const double r = std::sin(radiusDegrees * std::numbers::pi / 180),
                 c = std::cos(radiusDegrees * std::numbers::pi / 180);
    steps = std::max(3, steps);
    std::vector<Vec3> points;
    points.reserve(std::size_t(steps) + 1);
    // A square stands on its side (starts half a step round), a circle does not care.
    const double start = std::numbers::pi / steps;
    for (int i = 0; i <= steps; ++i) {
        const double t = start + 2 * std::numbers::pi * i / steps;
        points.push_back({c * centre[0] + r * (std::cos(t) * u[0] + std::sin(t) * v[0]),
                          c * centre[1] + r * (std::cos(t) * u[1] + std::sin(t) * v[1]),
                          c * centre[2] + r * (std::cos(t) * u[2] + std::sin(t) * v[2])});
    }
    return points;
}

void PolyBuilder::ring(const Vec3& centre, double radiusDegrees, double radius, int steps, const Rgb* color) {
    const std::vector<Vec3> points = circle(centre, radiusDegrees, steps);
    lines_->InsertNextCell(vtkIdType(points.size()));
    for (const Vec3& p : points) {
        lines_->InsertCellPoint(point(scaled(p, radius)));
        if (color) colors_->InsertNextTuple3(color->r, color->g, color->b);
    }
}

void PolyBuilder::disc(const Vec3& centre, double radiusDegrees, double radius, int steps) {
    const std::vector<Vec3> points = circle(centre, radiusDegrees, steps);
    polys_->InsertNextCell(vtkIdType(points.size() - 1));
    for (std::size_t i = 0; i + 1 < points.size(); ++i) polys_->InsertCellPoint(point(scaled(points[i], radius)));
}

void PolyBuilder::segment(const Vec3& a, const Vec3& b, double radius, const Rgb& color) {
    line(point(scaled(a, radius)), point(scaled(b, radius)));
    colors_->InsertNextTuple3(color.r, color.g, color.b);
    colors_->InsertNextTuple3(color.r, color.g, color.b);
}

void PolyBuilder::vertex(const Vec3& p, const Rgb* color) {
    const vtkIdType id = point(p);
    verts_->InsertNextCell(1, &id);
    if (color) colors_->InsertNextTuple3(color->r, color->g, color->b);
}

void PolyBuilder::triangle(const Vec3& a, const Vec3& b, const Vec3& c, double radius) {
    const vtkIdType ids[3] = {point(scaled(a, radius)), point(scaled(b, radius)), point(scaled(c, radius))};
    polys_->InsertNextCell(3, ids);
}

void PolyBuilder::outline(const Vec3& a, const Vec3& b, const Vec3& c, double radius) {
    arc(a, b, radius);
    arc(b, c, radius);
    arc(c, a, radius);
}

void PolyBuilder::dashedOutline(const Vec3& a, const Vec3& b, const Vec3& c, double radius, double dashDegrees) {
    dashedArc(a, b, radius, dashDegrees);
    dashedArc(b, c, radius, dashDegrees);
    dashedArc(c, a, radius, dashDegrees);
}

vtkSmartPointer<vtkPolyData> PolyBuilder::build() {
    auto data = vtkSmartPointer<vtkPolyData>::New();
    data->SetPoints(points_);
    if (lines_->GetNumberOfCells()) data->SetLines(lines_);
    if (verts_->GetNumberOfCells()) data->SetVerts(verts_);
    if (polys_->GetNumberOfCells()) data->SetPolys(polys_);
    if (colors_->GetNumberOfTuples() == points_->GetNumberOfPoints() && colors_->GetNumberOfTuples() > 0) {
        colors_->SetName("colors");
        data->GetPointData()->SetScalars(colors_);
    }
    return data;
}

}  // namespace meshdiff::views
