#include "graph/GraphDiff.h"

#include <algorithm>
#include <cmath>
#include <cstring>

#include <tbb/parallel_invoke.h>

#include "common/Error.h"
#include "graph/CanonicalEdges.h"
#include "graph/GraphHash.h"

namespace meshdiff {
namespace {

void requireComparable(const MeshGraph& a, const MeshGraph& b, const std::string& fileA, const std::string& fileB) {
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

// One merge of two ascending key lists: the keys only in A and only in B (as multisets).
void splitDifference(const std::vector<std::uint64_t>& a, const std::vector<std::uint64_t>& b,
                     std::vector<GridMeshEdge>& onlyA, std::vector<GridMeshEdge>& onlyB) {
    std::vector<std::uint64_t> keysA, keysB;
    std::size_t i = 0, j = 0;
    while (i < a.size() && j < b.size()) {
        // Long equal stretches are the rule: walk them without the three-way branch.
        const std::size_t common = std::min(a.size() - i, b.size() - j);
        std::size_t k = 0;
        while (k < common && a[i + k] == b[j + k]) ++k;
        i += k;
        j += k;
        if (i == a.size() || j == b.size()) break;
        if (a[i] < b[j]) {
            keysA.push_back(a[i++]);
        } else {
            keysB.push_back(b[j++]);
        }
    }
    keysA.insert(keysA.end(), a.begin() + static_cast<std::ptrdiff_t>(i), a.end());
    keysB.insert(keysB.end(), b.begin() + static_cast<std::ptrdiff_t>(j), b.end());
    onlyA = toEdges(keysA);
    onlyB = toEdges(keysB);
}

std::vector<TriangleChange> changedTriangles(const std::vector<std::int32_t>& a, const std::vector<std::int32_t>& b) {
    std::vector<TriangleChange> changes;
    for (std::size_t p = 0; p < a.size() / 3; ++p) {
        const std::int32_t* ta = &a[3 * p];
        const std::int32_t* tb = &b[3 * p];
        if (ta[0] != tb[0] || ta[1] != tb[1] || ta[2] != tb[2]) {
            changes.push_back({static_cast<std::int32_t>(p), {ta[0], ta[1], ta[2]}, {tb[0], tb[1], tb[2]}});
        }
    }
    return changes;
}

}  // namespace

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

GraphDiff diffGraphs(const MeshGraph& a, const MeshGraph& b, const std::string& fileA, const std::string& fileB) {
    requireComparable(a, b, fileA, fileB);
    CanonicalEdges ea, eb;
    tbb::parallel_invoke([&] { ea = canonicalEdges(a); }, [&] { eb = canonicalEdges(b); });

    GraphDiff d;
    tbb::parallel_invoke([&] { d.hashA = canonicalGraphHash(a, ea); }, [&] { d.hashB = canonicalGraphHash(b, eb); },
                         [&] {
                             splitDifference(ea.g2m, eb.g2m, d.g2mOnlyA, d.g2mOnlyB);
                             d.m2gChanged = changedTriangles(ea.m2gTriangles, eb.m2gTriangles);
                         });
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
    d.gridCoordinatesEqual = a.gridLat == b.gridLat && a.gridLon == b.gridLon;
    return d;
}

}  // namespace meshdiff
