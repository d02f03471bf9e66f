#pragma once
#include <array>
#include <optional>

#include "graph/GraphView.h"

namespace meshdiff {

// The 12 icosahedron vertices (the mesh's degree-5 nodes) in the vertex order of
// core/builder/IcosahedralMesh.cpp, which is also their index in the mesh before the reverse
// Cuthill–McKee permutation. The official builder seeds its search from vertex 0.
struct IcosahedronVertex {
    double latDeg, lonDeg;
};
inline constexpr std::array<IcosahedronVertex, 12> kIcosahedronVertices{{
    {10.81232, 60},
    {52.62263, 120},
    {52.62263, 0},
    {10.81232, 300},
    {-52.62263, 60},
    {10.81232, 180},
    {-10.81232, 120},
    {52.62263, 240},
    {-10.81232, 0},
    {-10.81232, 240},
    {-52.62263, 300},
    {-52.62263, 180},
}};

// The icosahedron vertex (index into kIcosahedronVertices) a graph's mesh numbering was seeded from:
// SciPy's reverse Cuthill–McKee numbers its seed last, so node n − 1, when it is a degree-5 node on
// a vertex and the numbering, reversed, is a Cuthill–McKee order from it (breadth first; the nodes
// each node finds come in one block after those of the nodes before it, a block by ascending
// degree; ties within a block, which depend on the numbering the search was given, are not checked).
// nullopt ("other") for any other numbering.
std::optional<int> rcmSeedVertex(const GraphView& graph);

}  // namespace meshdiff
