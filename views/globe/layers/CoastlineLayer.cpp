#include <vtkActor.h>
#include <vtkCellArray.h>
#include <vtkNew.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>

#include "globe/layers/CoastlineLayer.h"

#include "geo/Vec3.h"
#include "globe/GlobeColors.h"
#include "globe/layers/ActorFactory.h"
#include "globe/layers/LayerRadii.h"
#include "globe/layers/SharedCoastlines.h"
#include "globe/vtkext/LineTiles.h"

namespace meshdiff::views {

void CoastlineLayer::build(const GlobeScene&) {
    clearActors();
    const Coastlines* coast = sharedCoastlines();
    if (!coast) return;
    vtkNew<vtkPoints> points;
    vtkNew<vtkCellArray> lines;
    points->SetNumberOfPoints(static_cast<vtkIdType>(coast->pointCount()));
    for (std::size_t i = 0; i < coast->pointCount(); ++i) {
        const Vec3 p = scaled(unitVector(coast->lat[i], coast->lon[i]), kCoastRadius);
        points->SetPoint(static_cast<vtkIdType>(i), p.data());
    }
    for (std::size_t k = 0; k < coast->lineCount(); ++k) {
        lines->InsertNextCell(coast->start[k + 1] - coast->start[k]);
        for (auto i = coast->start[k]; i < coast->start[k + 1]; ++i) lines->InsertCellPoint(i);
    }
    vtkNew<vtkPolyData> data;
    data->SetPoints(points);
    data->SetLines(lines);
    for (const auto& tile : splitIntoTiles(data)) addActor(flatActor(tile, kColorCoast), {1, 0});
}

}  // namespace meshdiff::views
