#pragma once
#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "graph/CanonicalEdges.h"
#include "graph/MeshGraph.h"
#include "graph/ReceiverOrder.h"

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
    // Receivers whose incoming senders are the same set listed in another order: the model sums
    // their messages in another order (ReceiverOrder.h). Ascending.
    std::vector<std::int32_t> g2mReordered;  // mesh nodes
    std::vector<std::int32_t> m2gReordered;  // grid points
    // When B's mesh is A's with its nodes numbered differently (MeshNodeMatching.h), B was diffed
    // in A's numbering: bToA[j] is B node j's index in A, and the other members count in A's
    // numbering. Both empty when the numbering is the same.
    std::vector<std::int32_t> meshBToA;
    std::vector<std::int32_t> renumberedNodes;  // A's indices whose node B numbers differently
    // The icosahedron vertex each mesh numbering was seeded from (RcmSeed.h); nullopt: another numbering.
    std::optional<int> rcmSeedA, rcmSeedB;
    std::string hashA, hashB;                // edge sets (order ignored), of the files as they are
    std::string hashOrderedA, hashOrderedB;  // sets and every receiver's order

    // The same nodes, edges and triangles once B is in A's numbering.
    bool sameEdgesAndNodes() const {
        return g2mOnlyA.empty() && g2mOnlyB.empty() && m2gChanged.empty() && movedNodes.empty() && gridCoordinatesEqual;
    }
    bool sameSets() const { return sameEdgesAndNodes() && renumberedNodes.empty(); }
    bool orderDiffers() const { return !g2mReordered.empty() || !m2gReordered.empty(); }
    bool identical() const { return sameSets() && !orderDiffers(); }
};

// "20,430 mesh nodes and 26,736 grid points sum their incoming messages in another order", or
// empty when every receiver lists its senders in the same order.
std::string reorderedReceiversText(const GraphDiff& diff);
// "B numbers 40,961 of 40,962 mesh nodes differently (…)", or empty when the numbering is the same.
std::string renumberingText(const GraphDiff& diff);
// Why the graphs are not identical, one sentence a kind ("the graphs differ", the renumbering, the
// order); empty when they are.
std::vector<std::string> graphDifferences(const GraphDiff& diff);

// Set difference of two validated graphs over the same grid and mesh node count, in A's mesh
// numbering when B's is another (GraphDiff::meshBToA).
// Throws meshdiff::Error (naming both files) when the graphs are not comparable.
GraphDiff diffGraphs(const MeshGraph& a, const MeshGraph& b, const std::string& fileA = "A",
                     const std::string& fileB = "B");

// A validated graph's canonical edges and hash, worked out on its own: e.g. on the thread that
// read it, while the other graph is still being read. Reads `graph`, which must outlive it.
struct PreparedGraph {
    CanonicalEdges edges;
    ReceiverOrder order;
    std::string hash, orderedHash;
    std::optional<int> rcmSeed;
};
PreparedGraph prepareGraph(const GraphView& graph);
PreparedGraph prepareGraph(const MeshGraph& graph);

// The same diff from prepared graphs (`pa` of `a`, `pb` of `b`), with B in its own numbering.
GraphDiff diffGraphs(const GraphView& a, const GraphView& b, const PreparedGraph& pa, const PreparedGraph& pb,
                     const std::string& fileA, const std::string& fileB);

// B in A's mesh numbering when B's mesh nodes are A's renumbered (MeshNodeMatching.h).
struct RenumberedGraph {
    std::vector<std::int32_t> bToA;
    MeshGraph graph;
};
std::optional<RenumberedGraph> inMeshNumberingOf(const GraphView& a, const GraphView& b);
// Records in `diff` (of A against `renumbered.graph`) that B was renumbered; `original` is B's own
// preparation, whose hashes and RCM seed describe B's file.
void noteRenumbering(GraphDiff& diff, const RenumberedGraph& renumbered, const PreparedGraph& original);

// |a − b| in float32 representable steps (0 for equal values, including +0/−0).
std::uint32_t ulpDistance(float a, float b);

}  // namespace meshdiff
