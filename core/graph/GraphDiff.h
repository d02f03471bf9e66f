#pragma once
#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "graph/CanonicalEdges.h"
#include "graph/MeshGraph.h"

namespace meshdiff {

struct GridMeshEdge {
    std::int32_t grid = 0;
    std::int32_t mesh = 0;
    friend bool operator==(const GridMeshEdge&, const GridMeshEdge&) = default;
};

// A grid point whose mesh→grid triangle (the set of its 3 sender mesh nodes) differs.
struct TriangleChange {
    std::int32_t grid = 0;
    std::array<std::int32_t, 3> meshA{};  // sorted ascending
    std::array<std::int32_t, 3> meshB{};  // sorted ascending
};

// A mesh node whose float32 latitude or longitude differs between A and B.
struct MovedNode {
    std::int32_t mesh = 0;
    std::uint32_t ulpLat = 0;  // |A − B| in float32 steps
    std::uint32_t ulpLon = 0;
    double shiftDegrees = 0;  // max(|Δlat|, |Δlon|)
};

struct GraphDiff {
    std::size_t g2mEdgesA = 0, g2mEdgesB = 0;
    std::vector<GridMeshEdge> g2mOnlyA, g2mOnlyB;  // sorted by (mesh, grid)
    std::size_t gridPoints = 0;
    std::vector<TriangleChange> m2gChanged;  // sorted by grid
    std::size_t meshNodes = 0;
    std::vector<MovedNode> movedNodes;  // sorted by mesh
    std::uint32_t maxMovedUlp = 0;
    double maxShiftDegrees = 0;
    bool gridCoordinatesEqual = true;
    std::string hashA, hashB;

    bool identical() const {
        return g2mOnlyA.empty() && g2mOnlyB.empty() && m2gChanged.empty() && movedNodes.empty() && gridCoordinatesEqual;
    }
};

// Set difference of two validated graphs over the same grid and mesh node count.
// Throws meshdiff::Error (naming both files) when the graphs are not comparable.
GraphDiff diffGraphs(const MeshGraph& a, const MeshGraph& b, const std::string& fileA = "A",
                     const std::string& fileB = "B");

// A validated graph's canonical edges and hash, worked out on its own: e.g. on the thread that
// read it, while the other graph is still being read. Reads `graph`, which must outlive it.
struct PreparedGraph {
    CanonicalEdges edges;
    std::string hash;
};
PreparedGraph prepareGraph(const GraphView& graph);
PreparedGraph prepareGraph(const MeshGraph& graph);

// The same diff from prepared graphs (`pa` of `a`, `pb` of `b`).
GraphDiff diffGraphs(const GraphView& a, const GraphView& b, const PreparedGraph& pa, const PreparedGraph& pb,
                     const std::string& fileA, const std::string& fileB);

// |a − b| in float32 representable steps (0 for equal values, including +0/−0).
std::uint32_t ulpDistance(float a, float b);

}  // namespace meshdiff
