#include "graph/GraphDiff.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>

#include <tbb/parallel_invoke.h>

#include "common/Error.h"
#include "graph/CanonicalEdges.h"
#include "graph/GraphHash.h"
#include "graph/MeshNodeMatching.h"
#include "graph/MeshNodeRenumbering.h"
#include "graph/RcmSeed.h"

namespace meshdiff {
namespace {

void requireComparable(const GraphView& a, const GraphView& b, const std::string& fileA, const std::string& fileB) {
    auto mismatch = [&](const std::string& what, std::size_t na, std::size_t nb) {
        throw Error(fileA + " vs " + fileB, "graphs are not comparable: " + what + " differ (" + std::to_string(na) +
                                                " vs " + std::to_string(nb) + ")");
    };
    if (a.gridLat.size() != b.gridLat.size()) mismatch("grid latitude counts", a.gridLat.size(), b.gridLat.size());
    if (a.gridLon.size() != b.gridLon.size()) mismatch("grid longitude counts", a.gridLon.size(), b.gridLon.size());
    if (a.meshCount() != b.meshCount()) mismatch("mesh node counts", a.meshCount(), b.meshCount());
}

std::vector<GridMeshEdge> toEdges(const std::vector<std::uint64_t>& keys) {
    std::vector<GridMeshEdge> edges;
    edges.reserve(keys.size());
    for (std::uint64_t k : keys) edges.push_back({g2mKeyGrid(k), g2mKeyMesh(k)});
    return edges;
}

// Grid→mesh keys of a CanonicalEdges, without its per-key test of where they are kept.
struct KeysInGraph {
    const std::int32_t* senders;
    const std::int32_t* receivers;
    std::uint64_t operator[](std::size_t e) const { return g2mKey(senders[e], receivers[e]); }
};
struct KeysSorted {
    const std::uint64_t* keys;
    std::uint64_t operator[](std::size_t e) const { return keys[e]; }
};
template <class Fn>
void withKeys(const CanonicalEdges& edges, Fn&& fn) {
    if (edges.g2mSortedCopy().empty()) {
        fn(KeysInGraph{edges.g2mSenders(), edges.g2mReceivers()});
    } else {
        fn(KeysSorted{edges.g2mSortedCopy().data()});
    }
}

// One merge of two ascending key lists: the keys only in A and only in B (as multisets).
template <class KeysA, class KeysB>
void splitDifference(KeysA a, std::size_t na, KeysB b, std::size_t nb, std::vector<std::uint64_t>& onlyA,
                     std::vector<std::uint64_t>& onlyB) {
    std::size_t i = 0, j = 0;
    while (i < na && j < nb) {
        // Long equal stretches are the rule: walk them without the three-way branch.
        const std::size_t common = std::min(na - i, nb - j);
        std::size_t k = 0;
        while (k < common && a[i + k] == b[j + k]) ++k;
        i += k;
        j += k;
        if (i == na || j == nb) break;
        if (a[i] < b[j]) {
            onlyA.push_back(a[i++]);
        } else {
            onlyB.push_back(b[j++]);
        }
    }
    for (; i < na; ++i) onlyA.push_back(a[i]);
    for (; j < nb; ++j) onlyB.push_back(b[j]);
}

void diffG2m(const CanonicalEdges& a, const CanonicalEdges& b, GraphDiff& d) {
    std::vector<std::uint64_t> onlyA, onlyB;
    withKeys(a, [&](auto keysA) {
        withKeys(b, [&](auto keysB) { splitDifference(keysA, a.g2mCount(), keysB, b.g2mCount(), onlyA, onlyB); });
    });
    d.g2mOnlyA = toEdges(onlyA);
    d.g2mOnlyB = toEdges(onlyB);
}

std::vector<TriangleChange> changedTriangles(const CanonicalEdges& a, const CanonicalEdges& b) {
    std::vector<TriangleChange> changes;
    for (std::size_t p = 0; p < a.gridPoints(); ++p) {
        const std::int32_t* ra = a.m2gSenders(p);
        const std::int32_t* rb = b.m2gSenders(p);
        if (ra[0] == rb[0] && ra[1] == rb[1] && ra[2] == rb[2]) continue;  // same order: same set
        std::array<std::int32_t, 3> ta{ra[0], ra[1], ra[2]}, tb{rb[0], rb[1], rb[2]};
        sortTriangle(ta.data());
        sortTriangle(tb.data());
        if (ta != tb) changes.push_back({static_cast<std::int32_t>(p), ta, tb});
    }
    return changes;
}

std::string withThousands(std::size_t n) {
    std::string digits = std::to_string(n), grouped;
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0) grouped += ',';
        grouped += digits[i];
    }
    return grouped;
}

std::string counted(std::size_t n, const char* one, const char* many) {
    return withThousands(n) + " " + (n == 1 ? one : many);
}

std::string seedText(const std::optional<int>& seed) {
    return seed ? "icosahedron vertex " + std::to_string(*seed) : "not an RCM from a vertex";
}

}  // namespace

std::string renumberingText(const GraphDiff& d) {
    if (d.renumberedNodes.empty()) return {};
    return "B numbers " + withThousands(d.renumberedNodes.size()) + " of " +
           counted(d.meshNodes, "mesh node", "mesh nodes") +
           " differently, matched by position and diffed in A's numbering (numbering seeded from " +
           seedText(d.rcmSeedA) + " in A, " + seedText(d.rcmSeedB) + " in B)";
}

std::vector<std::string> graphDifferences(const GraphDiff& d) {
    std::vector<std::string> out;
    if (!d.sameEdgesAndNodes()) out.push_back("the graphs differ");
    if (!d.renumberedNodes.empty()) out.push_back(renumberingText(d));
    if (d.sameEdgesAndNodes() && d.orderDiffers())
        out.push_back("the graphs hold the same edges, but " + reorderedReceiversText(d));
    return out;
}

std::string reorderedReceiversText(const GraphDiff& d) {
    std::string text;
    if (!d.g2mReordered.empty()) text = counted(d.g2mReordered.size(), "mesh node", "mesh nodes");
    if (!d.m2gReordered.empty())
        text += (text.empty() ? "" : " and ") + counted(d.m2gReordered.size(), "grid point", "grid points");
    if (text.empty()) return text;
    const bool one = d.g2mReordered.size() + d.m2gReordered.size() == 1;
    return text + (one ? " sums its" : " sum their") + " incoming messages in another order";
}

std::uint32_t ulpDistance(float a, float b) {
    if (a == b) return 0;
    if (std::isnan(a) || std::isnan(b)) return UINT32_MAX;
    auto ordered = [](float f) {
        std::int32_t i;
        std::memcpy(&i, &f, sizeof i);
        return i < 0 ? static_cast<std::int64_t>(INT32_MIN) - i : static_cast<std::int64_t>(i);
    };
    const std::int64_t d = ordered(a) - ordered(b);
    return static_cast<std::uint32_t>(std::min<std::int64_t>(d < 0 ? -d : d, UINT32_MAX));
}

PreparedGraph prepareGraph(const GraphView& graph) {
    PreparedGraph prepared{canonicalEdges(graph), receiverOrder(graph), {}, {}, {}};
    prepared.hash = canonicalGraphHash(graph, prepared.edges);
    prepared.orderedHash = orderedGraphHash(prepared.hash, prepared.order, prepared.edges);
    prepared.rcmSeed = rcmSeedVertex(graph);
    return prepared;
}

PreparedGraph prepareGraph(const MeshGraph& graph) { return prepareGraph(viewOf(graph)); }

GraphDiff diffGraphs(const MeshGraph& ga, const MeshGraph& gb, const std::string& fileA, const std::string& fileB) {
    const GraphView a = viewOf(ga), b = viewOf(gb);
    requireComparable(a, b, fileA, fileB);
    PreparedGraph pa, pb;
    tbb::parallel_invoke([&] { pa = prepareGraph(a); }, [&] { pb = prepareGraph(b); });
    const auto renumbered = inMeshNumberingOf(a, b);
    if (!renumbered) return diffGraphs(a, b, pa, pb, fileA, fileB);
    const GraphView bInA = viewOf(renumbered->graph);
    GraphDiff d = diffGraphs(a, bInA, pa, prepareGraph(bInA), fileA, fileB);
    noteRenumbering(d, *renumbered, pb);
    return d;
}

std::optional<RenumberedGraph> inMeshNumberingOf(const GraphView& a, const GraphView& b) {
    auto bToA = findMeshRenumbering(a, b);
    if (!bToA) return std::nullopt;
    RenumberedGraph renumbered{std::move(*bToA), {}};
    renumbered.graph = renumberMeshNodes(b, renumbered.bToA);
    return renumbered;
}

void noteRenumbering(GraphDiff& d, const RenumberedGraph& renumbered, const PreparedGraph& original) {
    d.meshBToA = renumbered.bToA;
    d.renumberedNodes = renumberedMeshNodes(renumbered.bToA);
    d.hashB = original.hash;
    d.hashOrderedB = original.orderedHash;
    d.rcmSeedB = original.rcmSeed;
}

GraphDiff diffGraphs(const GraphView& a, const GraphView& b, const PreparedGraph& pa, const PreparedGraph& pb,
                     const std::string& fileA, const std::string& fileB) {
    requireComparable(a, b, fileA, fileB);
    GraphDiff d;
    d.hashA = pa.hash;
    d.hashB = pb.hash;
    d.hashOrderedA = pa.orderedHash;
    d.hashOrderedB = pb.orderedHash;
    d.rcmSeedA = pa.rcmSeed;
    d.rcmSeedB = pb.rcmSeed;
    ReorderedReceivers reordered;
    tbb::parallel_invoke([&] { diffG2m(pa.edges, pb.edges, d); },
                         [&] { d.m2gChanged = changedTriangles(pa.edges, pb.edges); },
                         [&] { reordered = reorderedReceivers(pa.order, pb.order, pa.edges, pb.edges); });
    d.g2mReordered = std::move(reordered.meshNodes);
    d.m2gReordered = std::move(reordered.gridPoints);
    d.g2mEdgesA = a.g2mSenders.size();
    d.g2mEdgesB = b.g2mSenders.size();
    d.gridPoints = a.gridCount();
    d.meshNodes = a.meshCount();

    for (std::size_t m = 0; m < a.meshCount(); ++m) {
        if (a.meshLat[m] == b.meshLat[m] && a.meshLon[m] == b.meshLon[m]) continue;
        MovedNode node;
        node.mesh = static_cast<std::int32_t>(m);
        node.ulpLat = ulpDistance(a.meshLat[m], b.meshLat[m]);
        node.ulpLon = ulpDistance(a.meshLon[m], b.meshLon[m]);
        double dLon = std::abs(double(a.meshLon[m]) - b.meshLon[m]);
        if (dLon > 180) dLon = 360 - dLon;  // the same node either side of the 0°/360° seam
        node.shiftDegrees = std::max(std::abs(double(a.meshLat[m]) - b.meshLat[m]), dLon);
        d.maxMovedUlp = std::max({d.maxMovedUlp, node.ulpLat, node.ulpLon});
        d.maxShiftDegrees = std::max(d.maxShiftDegrees, node.shiftDegrees);
        d.movedNodes.push_back(node);
    }
    d.gridCoordinatesEqual = std::equal(a.gridLat.begin(), a.gridLat.end(), b.gridLat.begin(), b.gridLat.end()) &&
                             std::equal(a.gridLon.begin(), a.gridLon.end(), b.gridLon.begin(), b.gridLon.end());
    return d;
}

}  // namespace meshdiff
