#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <random>
#include <set>
#include <vector>

#include "TestPaths.h"
#include "compare/Comparison.h"
#include "diagnose/Diagnosis.h"
#include "graph/GraphDiff.h"
#include "io/GraphFiles.h"

using namespace meshdiff;

namespace {

using Lists = std::map<std::int32_t, std::vector<std::int32_t>>;

// Each receiver's senders in the order the arrays list them: the plain reference.
template <class Vector>
Lists listed(const Vector& senders, const Vector& receivers) {
    Lists lists;
    for (std::size_t e = 0; e < senders.size(); ++e) lists[receivers[e]].push_back(senders[e]);
    return lists;
}

std::vector<std::int32_t> sameSetOtherOrder(const Lists& a, const Lists& b) {
    std::vector<std::int32_t> reordered;
    for (const auto& [receiver, sa] : a) {
        const auto it = b.find(receiver);
        if (it == b.end() || it->second == sa) continue;
        auto x = sa, y = it->second;
        std::sort(x.begin(), x.end());
        std::sort(y.begin(), y.end());
        if (x == y) reordered.push_back(receiver);
    }
    return reordered;
}

// Regroups the edges by receiver (ascending), keeping each receiver's listed order.
template <class Vector>
void groupByReceiver(Vector& senders, Vector& receivers) {
    std::vector<std::size_t> order(senders.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&](auto x, auto y) { return receivers[x] < receivers[y]; });
    Vector s, r;
    for (auto i : order) s.push_back(senders[i]), r.push_back(receivers[i]);
    senders = s, receivers = r;
}

// Reverses the senders of every receiver whose listed senders are not a palindrome, in graph
// order; returns those receivers.
template <class Vector>
std::set<std::int32_t> reverseEachReceiver(Vector& senders, const Vector& receivers) {
    std::set<std::int32_t> changed;
    for (std::size_t begin = 0; begin < senders.size();) {
        std::size_t end = begin;
        while (end < senders.size() && receivers[end] == receivers[begin]) ++end;
        std::vector<std::int32_t> before(senders.begin() + std::ptrdiff_t(begin),
                                         senders.begin() + std::ptrdiff_t(end));
        std::reverse(senders.begin() + std::ptrdiff_t(begin), senders.begin() + std::ptrdiff_t(end));
        if (!std::equal(before.begin(), before.end(), senders.begin() + std::ptrdiff_t(begin)))
            changed.insert(receivers[begin]);
        begin = end;
    }
    return changed;
}

MeshGraph numpy2Graph(const std::string& dispatch) {
    return readGraph((test::dataDir() / "graphs-numpy2" / ("wn2_graph_np2_1p0deg_" + dispatch + ".npz")).string());
}

}  // namespace

// Counts measured with the official code's own arrays (tests/data/graphs-numpy2/README.md).
TEST(EdgeOrder, NumPy2DispatchPairsReorderAsMeasuredWithTheOfficialArrays) {
    const MeshGraph def = numpy2Graph("default"), avx2 = numpy2Graph("avx2"), sse = numpy2Graph("sse");
    const GraphDiff defAvx2 = diffGraphs(def, avx2), defSse = diffGraphs(def, sse);
    EXPECT_EQ(defAvx2.g2mReordered.size(), 20430u);
    EXPECT_EQ(defAvx2.m2gReordered.size(), 0u);
    EXPECT_EQ(defSse.g2mReordered.size(), 20427u);
    EXPECT_EQ(defSse.m2gReordered.size(), 26736u);
    const GraphDiff np2np1 = diffGraphs(def, readGraph(test::officialGraph("wn2_graph_1p0deg_default.npz").string()));
    EXPECT_EQ(np2np1.g2mReordered.size(), 20427u);
    EXPECT_EQ(np2np1.m2gReordered.size(), 26743u);
    EXPECT_EQ(np2np1.m2gChanged.size(), 2u);
    EXPECT_EQ(np2np1.movedNodes.size(), 4116u);
}

TEST(EdgeOrder, ReorderedReceiversAreExactlyThoseOfAPlainReference) {
    const MeshGraph a = numpy2Graph("default"), b = numpy2Graph("sse");
    const GraphDiff d = diffGraphs(a, b);
    EXPECT_EQ(d.g2mReordered,
              sameSetOtherOrder(listed(a.g2mSenders, a.g2mReceivers), listed(b.g2mSenders, b.g2mReceivers)));
    EXPECT_EQ(d.m2gReordered,
              sameSetOtherOrder(listed(a.m2gSenders, a.m2gReceivers), listed(b.m2gSenders, b.m2gReceivers)));
}

TEST(EdgeOrder, APureReorderingOfAnOfficialGraphIsOrderOnly) {
    const MeshGraph a = numpy2Graph("default");
    MeshGraph b = a;
    const std::set<std::int32_t> g2m = reverseEachReceiver(b.g2mSenders, b.g2mReceivers);
    // Mesh→grid: rotate the triangle of every seventh grid point.
    std::set<std::int32_t> m2g;
    for (std::size_t p = 0; p < b.gridCount(); p += 7) {
        std::rotate(&b.m2gSenders[3 * p], &b.m2gSenders[3 * p + 1], &b.m2gSenders[3 * p + 3]);
        m2g.insert(std::int32_t(p));
    }
    const GraphDiff d = diffGraphs(a, b);
    EXPECT_TRUE(d.sameSets());
    EXPECT_TRUE(d.g2mOnlyA.empty() && d.g2mOnlyB.empty() && d.m2gChanged.empty() && d.movedNodes.empty());
    EXPECT_EQ(d.g2mReordered, std::vector<std::int32_t>(g2m.begin(), g2m.end()));
    EXPECT_EQ(d.m2gReordered, std::vector<std::int32_t>(m2g.begin(), m2g.end()));
    EXPECT_FALSE(d.identical());
    EXPECT_EQ(d.hashA, d.hashB);
    EXPECT_NE(d.hashOrderedA, d.hashOrderedB);
    auto grouped = [](std::size_t n) {
        return n < 1000 ? std::to_string(n)
                        : std::to_string(n / 1000) + "," + std::to_string(n % 1000 + 1000).substr(1);
    };
    EXPECT_EQ(reorderedReceiversText(d), grouped(g2m.size()) + " mesh nodes and " + grouped(m2g.size()) +
                                             " grid points sum their incoming messages in another order");
}

TEST(EdgeOrder, InterleavingReceiversIsNotAnotherOrder) {
    const MeshGraph a = numpy2Graph("avx2");
    MeshGraph b = a;
    // Shuffle the edge list, then regroup it stably: every receiver keeps its own order.
    std::mt19937 rng(5);
    std::vector<std::size_t> perm(b.g2mSenders.size());
    for (std::size_t i = 0; i < perm.size(); ++i) perm[i] = i;
    std::shuffle(perm.begin(), perm.end(), rng);
    // A random interleaving that keeps each receiver's order: take A's edges receiver-relative
    // ranks and sort by a random key per edge, stably within receivers via the ranks.
    std::map<std::int32_t, std::size_t> seen;
    std::vector<std::tuple<std::size_t, std::int32_t, std::int32_t>> keyed;
    for (std::size_t e = 0; e < a.g2mSenders.size(); ++e) keyed.push_back({perm[e], a.g2mReceivers[e], 0});
    std::sort(keyed.begin(), keyed.end());
    std::map<std::int32_t, std::vector<std::int32_t>> lists = listed(a.g2mSenders, a.g2mReceivers);
    for (std::size_t e = 0; e < keyed.size(); ++e) {
        const std::int32_t receiver = std::get<1>(keyed[e]);
        b.g2mReceivers[e] = receiver;
        b.g2mSenders[e] = lists[receiver][seen[receiver]++];
    }
    ASSERT_NE(std::vector<std::int32_t>(a.g2mReceivers.begin(), a.g2mReceivers.end()),
              std::vector<std::int32_t>(b.g2mReceivers.begin(), b.g2mReceivers.end()));
    const GraphDiff d = diffGraphs(a, b);
    EXPECT_TRUE(d.identical());
    EXPECT_EQ(d.hashOrderedA, d.hashOrderedB);

    // The same receivers' order regrouped is the graph A again, hash for hash.
    MeshGraph regrouped = b;
    groupByReceiver(regrouped.g2mSenders, regrouped.g2mReceivers);
    EXPECT_EQ(diffGraphs(a, regrouped).hashOrderedB, d.hashOrderedA);
}

TEST(EdgeOrder, OneSwappedPairIsOneReorderedReceiverAndChangesTheOrderedHashOnly) {
    const MeshGraph a = numpy2Graph("sse");
    MeshGraph b = a;
    std::size_t e = 1;
    while (b.g2mReceivers[e] != b.g2mReceivers[e - 1] || b.g2mSenders[e] == b.g2mSenders[e - 1]) ++e;
    std::swap(b.g2mSenders[e], b.g2mSenders[e - 1]);
    const GraphDiff d = diffGraphs(a, b);
    EXPECT_EQ(d.g2mReordered, std::vector<std::int32_t>{a.g2mReceivers[e]});
    EXPECT_TRUE(d.m2gReordered.empty());
    EXPECT_EQ(d.hashA, d.hashB);
    EXPECT_NE(d.hashOrderedA, d.hashOrderedB);
    EXPECT_EQ(reorderedReceiversText(d), "1 mesh node sums its incoming messages in another order");
}

TEST(EdgeOrder, AReceiverWhoseSetDiffersIsNotCountedAsReordered) {
    const MeshGraph a = numpy2Graph("sse");
    MeshGraph b = a;
    std::size_t first = 0;  // the first receiver with three edges or more
    while (b.g2mReceivers[first + 2] != b.g2mReceivers[first]) ++first;
    const auto begin = b.g2mSenders.begin() + std::ptrdiff_t(first);
    std::reverse(begin, begin + 3);  // its first three reversed
    const std::int32_t receiver = b.g2mReceivers[first];
    b.g2mSenders[first] = b.g2mSenders[first] == 0 ? 1 : 0;  // and one of them another grid point
    const GraphDiff d = diffGraphs(a, b);
    EXPECT_FALSE(d.sameSets());
    EXPECT_EQ(std::count(d.g2mReordered.begin(), d.g2mReordered.end(), receiver), 0);
}

TEST(EdgeOrder, TheDiagnosisNamesSummationOrderWhenOnlyTheOrderDiffers) {
    DiagnosisInput in;
    in.pair.graphsCompared = true;
    in.pair.graphsDiffer = false;
    in.pair.reorderedMeshNodes = 20430;
    in.pair.tolerance = 0;
    FieldDifference f;
    f.name = "2m_temperature";
    f.relRms = 3e-8;
    f.beyondTolerance = true;
    in.fields = {f};
    const Diagnosis d = diagnose(in);
    EXPECT_EQ(d.cause, Cause::Order);
    EXPECT_STREQ(toString(d.cause), "order");
    EXPECT_NE(d.explanation.find("but 20430 mesh nodes receive their edges in another order"), std::string::npos)
        << d.explanation;
    EXPECT_NE(d.explanation.find("rounding level, spread everywhere, growing with lead"), std::string::npos);
    EXPECT_EQ(d.explanation.find("may add to it"), std::string::npos);

    in.fields[0].relRms = 1e-2;  // far beyond what summation order gives
    EXPECT_NE(diagnose(in).explanation.find("may add to it"), std::string::npos);

    in.pair.reorderedMeshNodes = 0;  // renumbered only: also another summation order
    in.pair.renumberedMeshNodes = 40961;
    EXPECT_EQ(diagnose(in).cause, Cause::Order);
    EXPECT_NE(diagnose(in).explanation.find("B numbers 40961 mesh nodes differently"), std::string::npos);

    in.pair.renumberedMeshNodes = 0;  // nothing reordered: identical graphs, the cause "everywhere"
    EXPECT_EQ(diagnose(in).cause, Cause::Everywhere);
}
