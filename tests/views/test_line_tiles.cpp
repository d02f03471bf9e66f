#include <vtkCellArray.h>
#include <vtkNew.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>

#include <gtest/gtest.h>

#include "geo/Vec3.h"
#include "globe/vtkext/LineTiles.h"

namespace meshdiff::views {
namespace {

// Lines of two points each, from (lat, lon) 1° eastwards.
vtkSmartPointer<vtkPolyData> shortLinesAt(const std::vector<std::pair<double, double>>& starts) {
    vtkNew<vtkPoints> points;
    vtkNew<vtkCellArray> lines;
    for (const auto& [lat, lon] : starts) {
        const Vec3 a = unitVector(lat, lon), b = unitVector(lat, lon + 1);
        const vtkIdType ids[2] = {points->InsertNextPoint(a.data()), points->InsertNextPoint(b.data())};
        lines->InsertNextCell(2, ids);
    }
    auto data = vtkSmartPointer<vtkPolyData>::New();
    data->SetPoints(points);
    data->SetLines(lines);
    return data;
}

TEST(LineTiles, LinesStartingInOneTileStayTogetherAndOthersGoToTheirOwnTiles) {
    const auto tiles = splitIntoTiles(shortLinesAt({{1, 1}, {2, 14.5}, {1, 16}, {-40, 200}}), 15);
    ASSERT_EQ(tiles.size(), 3u);
    vtkIdType lines = 0;
    for (const auto& tile : tiles) lines += tile->GetNumberOfLines();
    EXPECT_EQ(lines, 4);
    EXPECT_EQ(tiles[0]->GetNumberOfLines(), 1);  // 40°S, 200°E: the southernmost row comes first
    EXPECT_EQ(tiles[1]->GetNumberOfLines(), 2);  // both between 0…15°E north of the equator
}

TEST(LineTiles, ATileHoldsOnlyThePointsItsLinesUse) {
    const auto tiles = splitIntoTiles(shortLinesAt({{1, 1}, {50, 100}}), 15);
    ASSERT_EQ(tiles.size(), 2u);
    for (const auto& tile : tiles) EXPECT_EQ(tile->GetNumberOfPoints(), 2);
}

TEST(LineTiles, LinesThatShareAPointShareItWithinTheirTile) {
    vtkNew<vtkPoints> points;
    vtkNew<vtkCellArray> lines;
    for (double lon : {1.0, 2.0, 3.0}) points->InsertNextPoint(unitVector(1, lon).data());
    const vtkIdType first[2] = {0, 1}, second[2] = {1, 2};
    lines->InsertNextCell(2, first);
    lines->InsertNextCell(2, second);
    vtkNew<vtkPolyData> data;
    data->SetPoints(points);
    data->SetLines(lines);
    const auto tiles = splitIntoTiles(data, 15);
    ASSERT_EQ(tiles.size(), 1u);
    EXPECT_EQ(tiles[0]->GetNumberOfPoints(), 3);
}

TEST(LineTiles, DataWithoutLinesGivesNoTiles) {
    vtkNew<vtkPolyData> data;
    vtkNew<vtkPoints> points;
    data->SetPoints(points);
    EXPECT_TRUE(splitIntoTiles(data).empty());
}

}  // namespace
}  // namespace meshdiff::views
