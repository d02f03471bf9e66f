#include <vtkCellArray.h>
#include <vtkNew.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>

#include "globe/vtkext/LineTiles.h"

#include <algorithm>

#include "geo/Vec3.h"

namespace meshdiff::views {

std::vector<vtkSmartPointer<vtkPolyData>> splitIntoTiles(vtkPolyData* data, double tileDegrees) {
    const int cols = std::max(1, static_cast<int>(360 / tileDegrees)),
              rows = std::max(1, static_cast<int>(180 / tileDegrees));
    vtkCellArray* lines = data->GetLines();
    vtkPoints* points = data->GetPoints();
    std::vector<std::vector<vtkIdType>> cellsOfTile(static_cast<std::size_t>(cols * rows));
    const vtkIdType cellCount = lines ? lines->GetNumberOfCells() : 0;
    for (vtkIdType cell = 0; cell < cellCount; ++cell) {
        vtkIdType count;
        const vtkIdType* ids;
        lines->GetCellAtId(cell, count, ids);
        if (count == 0) continue;
        double p[3];
        points->GetPoint(ids[0], p);
        const Vec3 v{p[0], p[1], p[2]};
        const int row = std::clamp(static_cast<int>((latitudeOf(v) + 90) / tileDegrees), 0, rows - 1);
        const int col = std::clamp(static_cast<int>(longitudeOf(v) / tileDegrees), 0, cols - 1);
        cellsOfTile[static_cast<std::size_t>(row) * static_cast<std::size_t>(cols) + static_cast<std::size_t>(col)]
            .push_back(cell);
    }
    std::vector<vtkSmartPointer<vtkPolyData>> tiles;
    std::vector<vtkIdType> remap(static_cast<std::size_t>(points ? points->GetNumberOfPoints() : 0), -1);
    for (const auto& cells : cellsOfTile) {
        if (cells.empty()) continue;
        vtkNew<vtkPoints> tilePoints;
        vtkNew<vtkCellArray> tileLines;
        std::vector<vtkIdType> used;
        for (vtkIdType cell : cells) {
            vtkIdType count;
            const vtkIdType* ids;
            lines->GetCellAtId(cell, count, ids);
            tileLines->InsertNextCell(count);
            for (vtkIdType k = 0; k < count; ++k) {
                vtkIdType& mapped = remap[static_cast<std::size_t>(ids[k])];
                if (mapped < 0) {
                    mapped = tilePoints->InsertNextPoint(points->GetPoint(ids[k]));
                    used.push_back(ids[k]);
                }
                tileLines->InsertCellPoint(mapped);
            }
        }
        for (vtkIdType id : used) remap[static_cast<std::size_t>(id)] = -1;
        auto tile = vtkSmartPointer<vtkPolyData>::New();
        tile->SetPoints(tilePoints);
        tile->SetLines(tileLines);
        tiles.push_back(tile);
    }
    return tiles;
}

}  // namespace meshdiff::views
