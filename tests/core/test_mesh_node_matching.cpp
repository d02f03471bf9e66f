// Mesh node matching by position (issue 30, "Numbering"): renumberings of the official 1° graph
// built here from known permutations, and graphs that must not count as renumbered.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>

#include "builder/BuildOptions.h"
#include "builder/IcosahedralMesh.h"
#include "builder/ReverseCuthillMcKee.h"
#include "builder/SphereCoordinates.h"
#include "core/TestPaths.h"
#include "graph/GraphDiff.h"
#include "graph/MeshNodeMatching.h"
#include "graph/MeshNodeRenumbering.h"
#include "graph/RcmSeed.h"
#include "io/GraphFiles.h"

using namespace meshdiff;

namespace {

using Permutation = std::vector<std::int32_t>;

const MeshGraph& official() {
    static const MeshGraph g = readGraphNpz(test::officialGraph("wn2_graph_1p0deg_default.npz").string());
    return g;
}

// `a` with its mesh nodes numbered anew: node k of the result is node newToOld[k] of `a`. Grid→mesh
// edges grouped by receiver ascending, each receiver's senders in a's order, as a builder writes them.
MeshGraph relabelled(const MeshGraph& a, const Permutation& newToOld) {
    Permutation oldToNew(newToOld.size());
    for (std::size_t k = 0; k < newToOld.size(); ++k) oldToNew[std::size_t(newToOld[k])] = std::int32_t(k);
    MeshGraph b = a;
    for (std::size_t k = 0; k < newToOld.size(); ++k) {
        b.meshLat[k] = a.meshLat[std::size_t(newToOld[k])];
        b.meshLon[k] = a.meshLon[std::size_t(newToOld[k])];
    }
    for (auto& m : b.meshFaces) m = oldToNew[std::size_t(m)];
    for (auto& m : b.m2gSenders) m = oldToNew[std::size_t(m)];
    std::vector<std::size_t> edges(a.g2mSenders.size());
    std::iota(edges.begin(), edges.end(), 0);
    std::stable_sort(edges.begin(), edges.end(), [&](std::size_t e, std::size_t f) {
        return oldToNew[std::size_t(a.g2mReceivers[e])] < oldToNew[std::size_t(a.g2mReceivers[f])];
    });
    for (std::size_t k = 0; k < edges.size(); ++k) {
        b.g2mSenders[k] = a.g2mSenders[edges[k]];
        b.g2mReceivers[k] = oldToNew[std::size_t(a.g2mReceivers[edges[k]])];
    }
    return b;
}

// The official numbering as the builder would have made it from icosahedron vertex `seed` (node
// `seed` of the unpermuted mesh): newToOld in the official graph's numbering.
Permutation seededNumbering(int seed) {
    static const SphereMesh<float> mesh = buildIcosahedralMesh<float>(6);
    static const Permutation officialToMesh = reverseCuthillMcKee(mesh.faces, mesh.vertices.size());
    static const Permutation meshToOfficial = invertPermutation(officialToMesh);
    const Permutation seededToMesh = reverseCuthillMcKee(mesh.faces, mesh.vertices.size(), seed);
    Permutation seededToOfficial(seededToMesh.size());
    for (std::size_t k = 0; k < seededToMesh.size(); ++k)
        seededToOfficial[k] = meshToOfficial[std::size_t(seededToMesh[k])];
    return seededToOfficial;
}

Permutation randomPermutation(std::size_t n, unsigned seed) {
    Permutation p(n);
    std::iota(p.begin(), p.end(), 0);
    std::mt19937 rng(seed);
    std::shuffle(p.begin(), p.end(), rng);
    return p;
}

Permutation movedNodesOf(const Permutation& newToOld) {
    Permutation moved;
    for (std::size_t k = 0; k < newToOld.size(); ++k)
        if (newToOld[k] != std::int32_t(k)) moved.push_back(newToOld[k]);
    std::sort(moved.begin(), moved.end());
    return moved;
}

void nudgeLatitude(MeshGraph& g, std::size_t node) { g.meshLat[node] = std::nextafter(g.meshLat[node], 90.0f); }
void nudgeLongitude(MeshGraph& g, std::size_t node) { g.meshLon[node] = std::nextafter(g.meshLon[node], 360.0f); }

// A's and B-in-A's-numbering differ in nothing but the moved nodes listed.
void expectSameEdgesAndTriangles(const MeshGraph& a, const MeshGraph& bInA, const Permutation& movedNodes) {
    const GraphDiff d = diffGraphs(a, bInA);
    EXPECT_TRUE(d.g2mOnlyA.empty());
    EXPECT_TRUE(d.g2mOnlyB.empty());
    EXPECT_TRUE(d.m2gChanged.empty());
    Permutation moved;
    for (const auto& m : d.movedNodes) {
        moved.push_back(m.mesh);
        EXPECT_EQ(std::max(m.ulpLat, m.ulpLon), 1u) << "node " << m.mesh;
    }
    EXPECT_EQ(moved, movedNodes);
}

MeshGraph meshOnly(std::vector<float> lat, std::vector<float> lon) {
    MeshGraph g;
    g.meshLat = std::move(lat);
    g.meshLon = std::move(lon);
    return g;
}

}  // namespace

TEST(IcosahedronVertices, AreTheBuildersVerticesInItsOrder) {
    const auto mesh = buildIcosahedralMesh<float>(0);
    std::vector<float> lat, lon;
    cartesianToLatLon(FloatMath::Glibc, mesh.vertices, lat, lon);
    ASSERT_EQ(lat.size(), kIcosahedronVertices.size());
    for (std::size_t v = 0; v < lat.size(); ++v) {
        EXPECT_NEAR(lat[v], kIcosahedronVertices[v].latDeg, 1e-4) << "vertex " << v;
        EXPECT_NEAR(lon[v], kIcosahedronVertices[v].lonDeg, 1e-4) << "vertex " << v;
    }
}

TEST(RcmSeed, OfficialGraphIsSeededFromVertexZero) { EXPECT_EQ(rcmSeedVertex(viewOf(official())), 0); }

TEST(SeededNumbering, FromVertexZeroIsTheOfficialNumbering) {
    const Permutation p = seededNumbering(0);
    Permutation identity(p.size());
    std::iota(identity.begin(), identity.end(), 0);
    EXPECT_EQ(p, identity);
}

TEST(MeshNodeMatching, RenumberingFromEveryIcosahedronVertexIsMatchedAndDiffsClean) {
    const MeshGraph& a = official();
    for (int seed = 1; seed < 12; ++seed) {
        SCOPED_TRACE("seed vertex " + std::to_string(seed));
        const Permutation bToA = seededNumbering(seed);
        const MeshGraph b = relabelled(a, bToA);
        // Unmatched (B in its own numbering), the numbering shows as changes.
        EXPECT_FALSE(diffGraphs(viewOf(a), viewOf(b), prepareGraph(a), prepareGraph(b), "A", "B").m2gChanged.empty());
        // diffGraphs matches the nodes itself: a pure renumbering, counted in A's numbering.
        const GraphDiff matched = diffGraphs(a, b);
        EXPECT_TRUE(matched.sameEdgesAndNodes());
        EXPECT_EQ(matched.renumberedNodes, movedNodesOf(bToA));
        EXPECT_EQ(matched.meshBToA, bToA);
        EXPECT_EQ(matched.rcmSeedA, 0);
        EXPECT_EQ(matched.rcmSeedB, seed);

        EXPECT_TRUE(meshNodesMayBeRenumbered(viewOf(a), viewOf(b)));
        const auto found = findMeshRenumbering(viewOf(a), viewOf(b));
        ASSERT_TRUE(found);
        EXPECT_EQ(*found, bToA);
        EXPECT_EQ(renumberedMeshNodes(*found), movedNodesOf(bToA));
        expectSameEdgesAndTriangles(a, renumberMeshNodes(viewOf(b), *found), {});
        EXPECT_EQ(rcmSeedVertex(viewOf(b)), seed);
    }
}

TEST(MeshNodeMatching, RandomPermutationIsMatchedAndIsNoRcmNumbering) {
    const MeshGraph& a = official();
    const Permutation bToA = randomPermutation(a.meshCount(), 30);
    const MeshGraph b = relabelled(a, bToA);
    const auto found = findMeshRenumbering(viewOf(a), viewOf(b));
    ASSERT_TRUE(found);
    EXPECT_EQ(*found, bToA);
    expectSameEdgesAndTriangles(a, renumberMeshNodes(viewOf(b), *found), {});
    EXPECT_EQ(rcmSeedVertex(viewOf(b)), std::nullopt);
}

TEST(MeshNodeMatching, RenumberingWithNodesMovedByOneStepKeepsThemMoved) {
    const MeshGraph& a = official();
    const Permutation bToA = seededNumbering(7);
    MeshGraph b = relabelled(a, bToA);
    const std::vector<std::size_t> latNudged{5, 20000, 40961}, lonNudged{123, 30000};
    Permutation movedInA;
    for (auto k : latNudged) {
        nudgeLatitude(b, k);
        movedInA.push_back(bToA[k]);
    }
    for (auto k : lonNudged) {
        nudgeLongitude(b, k);
        movedInA.push_back(bToA[k]);
    }
    std::sort(movedInA.begin(), movedInA.end());

    const auto found = findMeshRenumbering(viewOf(a), viewOf(b));
    ASSERT_TRUE(found);
    EXPECT_EQ(*found, bToA);
    expectSameEdgesAndTriangles(a, renumberMeshNodes(viewOf(b), *found), movedInA);
}

TEST(MeshNodeMatching, RenumberedGraphWithLeanMeshToGridReceiversIsWrittenWhole) {
    const MeshGraph& a = official();
    const Permutation bToA = seededNumbering(4);
    const MeshGraph b = relabelled(a, bToA);
    GraphView lean = viewOf(b);
    lean.m2gReceivers = {};
    lean.m2gReceiversByPoint = true;
    const MeshGraph bInA = renumberMeshNodes(lean, bToA);
    EXPECT_TRUE(bInA.m2gReceivers == a.m2gReceivers);
    expectSameEdgesAndTriangles(a, bInA, {});
}

TEST(MeshNodeMatching, NodesMovedByAFewStepsAtTheirOwnIndexAreNoRenumbering) {
    const MeshGraph& a = official();
    MeshGraph b = a;
    for (std::size_t k : std::vector<std::size_t>{0, 1, 2, 500, 40961}) {
        nudgeLatitude(b, k);
        nudgeLongitude(b, k);
    }
    EXPECT_FALSE(meshNodesMayBeRenumbered(viewOf(a), viewOf(b)));
    EXPECT_FALSE(findMeshRenumbering(viewOf(a), viewOf(b)));
    const auto match = matchMeshNodesByPosition(viewOf(a), viewOf(b));
    ASSERT_TRUE(match);
    EXPECT_TRUE(renumberedMeshNodes(*match).empty());
}

TEST(MeshNodeMatching, NodesMovedFarAtTheirOwnIndexAreNoRenumbering) {
    const MeshGraph& a = official();
    MeshGraph b = a;
    for (std::size_t k : std::vector<std::size_t>{10, 11, 12})
        b.meshLat[k] = std::clamp(b.meshLat[k] + 0.3f, -90.0f, 90.0f);
    EXPECT_TRUE(meshNodesMayBeRenumbered(viewOf(a), viewOf(b)));
    EXPECT_FALSE(matchMeshNodesByPosition(viewOf(a), viewOf(b)));
    EXPECT_FALSE(findMeshRenumbering(viewOf(a), viewOf(b)));
}

TEST(MeshNodeMatching, DifferentMeshesDoNotMatch) {
    const MeshGraph& a = official();
    MeshGraph turned = a;  // 36° is no symmetry of the icosahedron (120° about the pole is)
    for (auto& lon : turned.meshLon) lon = std::fmod(lon + 36.0f, 360.0f);
    EXPECT_FALSE(findMeshRenumbering(viewOf(a), viewOf(turned)));

    MeshGraph fewer = a;
    fewer.meshLat.pop_back();
    fewer.meshLon.pop_back();
    EXPECT_FALSE(matchMeshNodesByPosition(viewOf(a), viewOf(fewer)));
}

TEST(MeshNodeMatching, TwoNodesAtOnePlaceAreNotOneToOne) {
    const MeshGraph& a = official();
    MeshGraph b = relabelled(a, randomPermutation(a.meshCount(), 3));
    b.meshLat[1] = b.meshLat[0];
    b.meshLon[1] = b.meshLon[0];
    EXPECT_FALSE(matchMeshNodesByPosition(viewOf(a), viewOf(b)));
}

TEST(MeshNodeMatching, LongitudeSeamAndPolesAreOnePlace) {
    const float belowSeam = std::nextafter(360.0f, 0.0f);
    const MeshGraph a = meshOnly({10, 89.99999f, -90, 45}, {0, 10, 0, 100});
    const MeshGraph b = meshOnly({45, 10, -90, 89.99999f}, {100, belowSeam, 200, 10.001f});
    const auto found = findMeshRenumbering(viewOf(a), viewOf(b));
    ASSERT_TRUE(found);
    EXPECT_EQ(*found, (Permutation{3, 0, 2, 1}));

    const MeshGraph farFromSeam = meshOnly({45, 10, -90, 89.99999f}, {100, 359.99f, 200, 10});
    EXPECT_FALSE(findMeshRenumbering(viewOf(a), viewOf(farFromSeam)));
}

TEST(RcmSeed, LastNodeOnAVertexButNumberingShuffledIsOther) {
    const MeshGraph& a = official();
    Permutation swapped(a.meshCount());
    std::iota(swapped.begin(), swapped.end(), 0);
    std::swap(swapped[100], swapped[20000]);
    EXPECT_EQ(rcmSeedVertex(viewOf(relabelled(a, swapped))), std::nullopt);
}
