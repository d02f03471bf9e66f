#include "SyntheticGlobeScene.h"

namespace meshdiff::test {

SyntheticPair::SyntheticPair() {
    for (int lat = -30; lat <= 30; ++lat) graph.gridLat.push_back(static_cast<float>(lat));
    for (int lon = 0; lon <= 60; ++lon) graph.gridLon.push_back(static_cast<float>(lon));
    graph.meshLat = {0, 0, 10, -10, -20, 20};
    graph.meshLon = {10, 20, 15, 15, 40, 40};
    graph.meshFaces = {0, 1, 2, 0, 3, 1};
    diff.g2mOnlyA = {{gridIndex(5, 5), 0}};
    diff.g2mOnlyB = {{gridIndex(25, 50), 5}};
    TriangleChange change;
    change.grid = gridIndex(3, 15);
    change.meshA = {0, 1, 2};
    change.meshB = {0, 1, 3};
    diff.m2gChanged = {change};
    diff.movedNodes = {{4, 1, 2, 1e-6}};
    diff.maxMovedUlp = 2;
    atRisk.edges = {{gridIndex(-5, 30), 4}};
    atRisk.gridPoints = {gridIndex(-25, 5)};
}

std::int32_t SyntheticPair::gridIndex(int lat, int lon) const {
    return static_cast<std::int32_t>((lat + 30) * static_cast<int>(graph.gridLon.size()) + lon);
}

views::GlobeScene SyntheticPair::scene() const {
    views::GlobeScene scene;
    scene.graphA = &graph;
    scene.graphB = &graph;
    scene.diff = &diff;
    scene.atRisk = atRisk;
    scene.setVisible(views::GlobeLayer::MovedNodes, true);
    return scene;
}

}  // namespace meshdiff::test
