#include <vtkActor.h>
#include <vtkCellArray.h>
#include <vtkNew.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>

#include <vector>

#include "globe/layers/CoastlineLayer.h"

#include "geo/Vec3.h"
#include "globe/GlobeColors.h"
#include "globe/layers/ActorFactory.h"
#include "globe/layers/LayerRadii.h"
#include "globe/layers/SharedCoastlines.h"
#include "globe/vtkext/LineTiles.h"

namespace meshdiff::views {

namespace {

// The coastlines never change: their tiles are made once (each scene's renderer spent ~25 ms of
// its build making them again). Each renderer gets deep copies: VTK caches an array's range in the
// array itself when a renderer uploads it, so renderers on two threads may not share arrays (a
// shared one crashed the render thread in vtkInformation now and then).
const std::vector<vtkSmartPointer<vtkPolyData>>& coastlineTiles() {
    static const std::vector<vtkSmartPointer<vtkPolyData>> tiles = [] {
        std::vector<vtkSmartPointer<vtkPolyData>> made;
        const Coastlines* coast = sharedCoastlines();
        if (!coast) return made;
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
        // Tiles of 45°, not the mesh's 15°: each is a mapper and an actor more in every scene's
        // build (198 tiles took ~25 ms of it), and 69k points of coastline draw quickly.
        made = splitIntoTiles(data, 45);
        return made;
    }();
    return tiles;
}

}  // namespace

void CoastlineLayer::build(const GlobeScene&) {
    clearActors();
    for (const auto& tile : coastlineTiles()) {
        vtkNew<vtkPolyData> copy;
        copy->DeepCopy(tile);
        addActor(flatActor(copy, kColorCoast), {1, 0});
    }
}

}  // namespace meshdiff::views
