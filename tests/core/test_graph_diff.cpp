#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <set>

#include "common/Error.h"
#include "graph/CanonicalEdges.h"
#include "graph/GraphDiff.h"
#include "graph/GraphHash.h"

using namespace meshdiff;

namespace {

// A small random but valid graph: every grid point has 3 mesh→grid edges, g2m edges random.
MeshGraph randomGraph(std::mt19937& rng, int nlat = 7, int nlon = 12, int mesh = 42) {
    MeshGraph g;
    for (int i = 0; i < nlat; ++i) g.gridLat.push_back(-90.0f + 180.0f * float(i) / float(nlat - 1));
    for (int j = 0; j < nlon; ++j) g.gridLon.push_back(360.0f * float(j) / float(nlon));
    std::uniform_real_distribution<float> lat(-90, 90), lon(0, 360);
    for (int m = 0; m < mesh; ++m) g.meshLat.push_back(lat(rng)), g.meshLon.push_back(lon(rng));
    std::uniform_int_distribution<int> pickMesh(0, mesh - 1), pickGrid(0, nlat * nlon - 1);
    for (int f = 0; f < 20; ++f) {
        for (int k = 0; k < 3; ++k) g.meshFaces.push_back(pickMesh(rng));
    }
    std::set<std::pair<int, int>> edges;
    while (edges.size() < 300) edges.insert({pickGrid(rng), pickMesh(rng)});
    for (auto [grid, m] : edges) g.g2mSenders.push_back(grid), g.g2mReceivers.push_back(m);
    for (int p = 0; p < nlat * nlon; ++p) {
        std::set<int> tri;
        while (tri.size() < 3) tri.insert(pickMesh(rng));
        for (int m : tri) g.m2gSenders.push_back(m), g.m2gReceivers.push_back(p);
    }
    return g;
}

std::set<std::pair<int, int>> edgeSet(const MeshGraph& g) {
    std::set<std::pair<int, int>> s;
    for (std::size_t e = 0; e < g.g2mSenders.size(); ++e) s.insert({g.g2mSenders[e], g.g2mReceivers[e]});
    return s;
}

std::vector<std::set<int>> triangles(const MeshGraph& g) {
    std::vector<std::set<int>> t(g.gridCount());
    for (std::size_t e = 0; e < g.m2gSenders.size(); ++e) t[std::size_t(g.m2gReceivers[e])].insert(g.m2gSenders[e]);
    return t;
}

template <class Vector>
void shuffleEdges(Vector& s, Vector& r, std::mt19937& rng) {
    std::vector<std::size_t> order(s.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::shuffle(order.begin(), order.end(), rng);
    Vector s2, r2;
    for (auto i : order) s2.push_back(s[i]), r2.push_back(r[i]);
    s = s2, r = r2;
}

}  // namespace

TEST(GraphDiff, TheSameEdgesInAnyOrderHaveEqualSetsAndSetHash) {
    std::mt19937 rng(1);
    MeshGraph a = randomGraph(rng);
    MeshGraph b = a;
    shuffleEdges(b.g2mSenders, b.g2mReceivers, rng);
    shuffleEdges(b.m2gSenders, b.m2gReceivers, rng);
    const GraphDiff d = diffGraphs(a, b);
    EXPECT_TRUE(d.sameSets());
    EXPECT_EQ(d.hashA, d.hashB);
    EXPECT_EQ(d.hashA.rfind("sha256:", 0), 0u);
    EXPECT_EQ(d.hashA.size(), 7u + 64u);
}

TEST(GraphDiff, MatchesAStraightforwardSetComputation) {
    for (unsigned seed = 2; seed < 12; ++seed) {
        std::mt19937 rng(seed);
        MeshGraph a = randomGraph(rng);
        MeshGraph b = randomGraph(rng);
        b.gridLat = a.gridLat, b.gridLon = a.gridLon;
        const GraphDiff d = diffGraphs(a, b);

        const auto ea = edgeSet(a), eb = edgeSet(b);
        std::size_t onlyA = 0, onlyB = 0;
        for (const auto& e : ea) onlyA += !eb.count(e);
        for (const auto& e : eb) onlyB += !ea.count(e);
        ASSERT_EQ(d.g2mOnlyA.size(), onlyA);
        ASSERT_EQ(d.g2mOnlyB.size(), onlyB);
        for (const auto& e : d.g2mOnlyA) EXPECT_TRUE(ea.count({e.grid, e.mesh}) && !eb.count({e.grid, e.mesh}));
        for (const auto& e : d.g2mOnlyB) EXPECT_TRUE(eb.count({e.grid, e.mesh}) && !ea.count({e.grid, e.mesh}));

        const auto ta = triangles(a), tb = triangles(b);
        std::size_t changed = 0;
        for (std::size_t p = 0; p < ta.size(); ++p) changed += ta[p] != tb[p];
        ASSERT_EQ(d.m2gChanged.size(), changed);
        for (const auto& c : d.m2gChanged) {
            EXPECT_EQ(std::set<int>(c.meshA.begin(), c.meshA.end()), ta[std::size_t(c.grid)]);
            EXPECT_EQ(std::set<int>(c.meshB.begin(), c.meshB.end()), tb[std::size_t(c.grid)]);
        }
        EXPECT_NE(d.hashA, d.hashB);
        EXPECT_FALSE(d.identical());
    }
}

TEST(GraphDiff, OneMovedEdgeAndOneMovedNode) {
    std::mt19937 rng(5);
    MeshGraph a = randomGraph(rng);
    MeshGraph b = a;
    b.g2mReceivers[10] = (b.g2mReceivers[10] + 1) % 42;  // may collide with an existing edge; checked below
    b.meshLon[3] = std::nextafter(b.meshLon[3], 1000.0f);
    b.meshLon[3] = std::nextafter(b.meshLon[3], 1000.0f);
    const GraphDiff d = diffGraphs(a, b);
    EXPECT_EQ(d.g2mOnlyA.size(), 1u);
    EXPECT_EQ(d.g2mOnlyA[0].grid, a.g2mSenders[10]);
    EXPECT_EQ(d.g2mOnlyA[0].mesh, a.g2mReceivers[10]);
    ASSERT_EQ(d.movedNodes.size(), 1u);
    EXPECT_EQ(d.movedNodes[0].mesh, 3);
    EXPECT_EQ(d.movedNodes[0].ulpLon, 2u);
    EXPECT_EQ(d.movedNodes[0].ulpLat, 0u);
    EXPECT_EQ(d.maxMovedUlp, 2u);
    EXPECT_GT(d.maxShiftDegrees, 0.0);
}

TEST(GraphDiff, RefusesGraphsOfDifferentSizes) {
    std::mt19937 rng(7);
    MeshGraph a = randomGraph(rng, 7, 12, 42);
    MeshGraph b = randomGraph(rng, 7, 12, 50);
    try {
        diffGraphs(a, b, "a.npz", "b.npz");
        FAIL() << "expected an error";
    } catch (const Error& e) {
        EXPECT_NE(std::string(e.what()).find("mesh node counts"), std::string::npos);
        EXPECT_NE(std::string(e.what()).find("a.npz"), std::string::npos);
    }
}

TEST(UlpDistance, CountsRepresentableSteps) {
    EXPECT_EQ(ulpDistance(1.0f, 1.0f), 0u);
    EXPECT_EQ(ulpDistance(0.0f, -0.0f), 0u);
    EXPECT_EQ(ulpDistance(1.0f, std::nextafter(1.0f, 2.0f)), 1u);
    const float tiny = std::nextafter(0.0f, 1.0f);
    EXPECT_EQ(ulpDistance(-tiny, tiny), 2u);
    EXPECT_EQ(ulpDistance(std::nanf(""), 1.0f), UINT32_MAX);
}

TEST(ValidateGraph, NamesFileAndProblem) {
    std::mt19937 rng(9);
    MeshGraph g = randomGraph(rng);
    EXPECT_NO_THROW(validateGraph(g, "g.npz"));
    MeshGraph bad = g;
    bad.g2mReceivers[4] = 42;
    EXPECT_THROW(validateGraph(bad, "g.npz"), Error);
    bad = g;
    bad.m2gReceivers[0] = bad.m2gReceivers[3];  // one point gets 4 edges, another 2
    try {
        validateGraph(bad, "g.npz");
        FAIL();
    } catch (const Error& e) {
        EXPECT_EQ(e.file(), "g.npz");
        EXPECT_NE(e.problem().find("more than 3"), std::string::npos);
    }
    bad = g;
    bad.meshLat[0] = std::nanf("");
    EXPECT_THROW(validateGraph(bad, "g.npz"), Error);
    bad = g;
    bad.m2gSenders.pop_back();
    EXPECT_THROW(validateGraph(bad, "g.npz"), Error);
}

TEST(ValidateGraph, OutOfRangeMeshToGridReceiverIsNamed) {
    std::mt19937 rng(10);
    MeshGraph bad = randomGraph(rng);
    bad.m2gReceivers[5] = static_cast<std::int32_t>(bad.gridCount());  // no longer grouped, and out of range
    try {
        validateGraph(bad, "g.h5");
        FAIL();
    } catch (const Error& e) {
        EXPECT_NE(e.problem().find("m2g_receivers[5]"), std::string::npos) << e.problem();
    }
}

TEST(MeshGraph, MeshToGridGroupedByGridPoint) {
    std::mt19937 rng(11);
    MeshGraph g = randomGraph(rng);
    EXPECT_TRUE(m2gGroupedByGridPoint(g));
    std::swap(g.m2gReceivers[2], g.m2gReceivers[3]);  // points 0 and 1 swap an edge each
    std::swap(g.m2gSenders[2], g.m2gSenders[3]);
    EXPECT_FALSE(m2gGroupedByGridPoint(g));
    EXPECT_NO_THROW(validateGraph(g, "g.h5"));  // the general check still accepts it
}

// Edges already in canonical order (grid→mesh ascending by (mesh, grid), mesh→grid grouped by
// point) take shortcuts; shuffled edges take the general sorts. Both must give the same result,
// duplicate edges included.
TEST(CanonicalEdges, EdgesInCanonicalOrderAndShuffledAgree) {
    std::mt19937 rng(12);
    MeshGraph sorted = randomGraph(rng);
    sorted.g2mSenders.push_back(sorted.g2mSenders[7]);  // a duplicate edge
    sorted.g2mReceivers.push_back(sorted.g2mReceivers[7]);
    std::vector<std::pair<int, int>> byMesh;
    byMesh.reserve(sorted.g2mSenders.size());
    for (std::size_t e = 0; e < sorted.g2mSenders.size(); ++e)
        byMesh.push_back({sorted.g2mReceivers[e], sorted.g2mSenders[e]});
    std::sort(byMesh.begin(), byMesh.end());
    for (std::size_t e = 0; e < byMesh.size(); ++e) {
        sorted.g2mReceivers[e] = byMesh[e].first;
        sorted.g2mSenders[e] = byMesh[e].second;
    }
    MeshGraph shuffled = sorted;
    shuffleEdges(shuffled.g2mSenders, shuffled.g2mReceivers, rng);
    shuffleEdges(shuffled.m2gSenders, shuffled.m2gReceivers, rng);
    ASSERT_TRUE(m2gGroupedByGridPoint(sorted));
    ASSERT_FALSE(m2gGroupedByGridPoint(shuffled));

    const CanonicalEdges a = canonicalEdges(sorted), b = canonicalEdges(shuffled);
    EXPECT_TRUE(a.g2mSortedCopy().empty());  // read in place
    EXPECT_FALSE(b.g2mSortedCopy().empty());
    ASSERT_EQ(a.g2mCount(), byMesh.size());
    ASSERT_EQ(b.g2mCount(), byMesh.size());
    for (std::size_t e = 0; e < byMesh.size(); ++e) {
        EXPECT_EQ(a.g2m(e), b.g2m(e));
        EXPECT_EQ(g2mKeyMesh(a.g2m(e)), byMesh[e].first);
        EXPECT_EQ(g2mKeyGrid(a.g2m(e)), byMesh[e].second);
    }
    const auto t = triangles(sorted);
    ASSERT_EQ(a.gridPoints(), t.size());
    for (std::size_t p = 0; p < t.size(); ++p) {
        std::vector<int> ta(a.m2gSenders(p), a.m2gSenders(p) + 3), tb(b.m2gSenders(p), b.m2gSenders(p) + 3);
        std::sort(ta.begin(), ta.end());
        std::sort(tb.begin(), tb.end());
        EXPECT_EQ(ta, std::vector<int>(t[p].begin(), t[p].end()));
        EXPECT_EQ(tb, ta);
    }
    EXPECT_EQ(canonicalGraphHash(sorted), canonicalGraphHash(shuffled));

    // One duplicate more in B is one edge only in B.
    MeshGraph more = shuffled;
    more.g2mSenders.push_back(sorted.g2mSenders[0]);
    more.g2mReceivers.push_back(sorted.g2mReceivers[0]);
    const GraphDiff d = diffGraphs(sorted, more);
    EXPECT_TRUE(d.g2mOnlyA.empty());
    ASSERT_EQ(d.g2mOnlyB.size(), 1u);
    EXPECT_EQ(d.g2mOnlyB[0], (GridMeshEdge{sorted.g2mSenders[0], sorted.g2mReceivers[0]}));
}

TEST(CanonicalEdges, SameEdgesInAnyOrderAndNotWithOneEdgeMoved) {
    std::mt19937 rng(21);
    const MeshGraph a = randomGraph(rng);
    MeshGraph shuffled = a;
    shuffleEdges(shuffled.g2mSenders, shuffled.g2mReceivers, rng);
    shuffleEdges(shuffled.m2gSenders, shuffled.m2gReceivers, rng);
    EXPECT_TRUE(sameEdges(canonicalEdges(a), canonicalEdges(shuffled)));

    MeshGraph g2mMoved = a;  // one grid→mesh edge to another mesh node
    g2mMoved.g2mReceivers[5] = (g2mMoved.g2mReceivers[5] + 1) % std::int32_t(a.meshCount());
    MeshGraph m2gMoved = a;  // one grid point's triangle with another sender
    const auto used = [&](std::int32_t m) {
        return std::count(&m2gMoved.m2gSenders[9], &m2gMoved.m2gSenders[12], m) > 0;
    };
    std::int32_t other = 0;
    while (used(other)) ++other;
    m2gMoved.m2gSenders[10] = other;
    MeshGraph fewer = a;  // one grid→mesh edge less
    fewer.g2mSenders.pop_back();
    fewer.g2mReceivers.pop_back();
    for (const MeshGraph* b : {&g2mMoved, &m2gMoved, &fewer}) {
        EXPECT_FALSE(sameEdges(canonicalEdges(a), canonicalEdges(*b)));
        EXPECT_NE(canonicalGraphHash(a), canonicalGraphHash(*b));  // what sameEdges stands in for
    }
}
