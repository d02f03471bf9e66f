#include "graph/ReceiverOrder.h"

#include <algorithm>
#include <array>

#include <tbb/parallel_invoke.h>

namespace meshdiff {
namespace {

bool nonDecreasing(std::span<const std::int32_t> values) {
    bool descending = false;
    for (std::size_t begin = 1; begin < values.size() && !descending; begin += 8192) {
        const std::size_t end = std::min(values.size(), begin + 8192);
        for (std::size_t e = begin; e < end; ++e) descending |= values[e] < values[e - 1];
    }
    return !descending;
}

bool sameSetOtherOrder(std::span<const std::int32_t> a, std::span<const std::int32_t> b,
                       std::vector<std::int32_t>& sortedA, std::vector<std::int32_t>& sortedB) {
    if (a.size() != b.size() || std::equal(a.begin(), a.end(), b.begin())) return false;
    sortedA.assign(a.begin(), a.end());
    sortedB.assign(b.begin(), b.end());
    std::sort(sortedA.begin(), sortedA.end());
    std::sort(sortedB.begin(), sortedB.end());
    return sortedA == sortedB;
}

std::vector<std::int32_t> reorderedMeshNodes(const ReceiverOrder& a, const ReceiverOrder& b) {
    std::vector<std::int32_t> reordered, sortedA, sortedB;
    for (std::size_t m = 0; m < a.meshNodes(); ++m)
        if (sameSetOtherOrder(a.g2mSenders(m), b.g2mSenders(m), sortedA, sortedB))
            reordered.push_back(static_cast<std::int32_t>(m));
    return reordered;
}

std::vector<std::int32_t> reorderedGridPoints(const CanonicalEdges& a, const CanonicalEdges& b) {
    std::vector<std::int32_t> reordered;
    for (std::size_t p = 0; p < a.gridPoints(); ++p) {
        const std::int32_t* ra = a.m2gSenders(p);
        const std::int32_t* rb = b.m2gSenders(p);
        if (ra[0] == rb[0] && ra[1] == rb[1] && ra[2] == rb[2]) continue;
        std::array<std::int32_t, 3> ta{ra[0], ra[1], ra[2]}, tb{rb[0], rb[1], rb[2]};
        sortTriangle(ta.data());
        sortTriangle(tb.data());
        if (ta == tb) reordered.push_back(static_cast<std::int32_t>(p));
    }
    return reordered;
}

}  // namespace

ReceiverOrder receiverOrder(const GraphView& graph) {
    ReceiverOrder order;
    const std::size_t meshCount = graph.meshCount();
    order.start_.assign(meshCount + 1, 0);
    for (std::int32_t mesh : graph.g2mReceivers) ++order.start_[static_cast<std::size_t>(mesh) + 1];
    for (std::size_t m = 0; m < meshCount; ++m) order.start_[m + 1] += order.start_[m];

    if (nonDecreasing(graph.g2mReceivers)) {
        order.graphSenders_ = graph.g2mSenders.data();
        return order;
    }
    order.regrouped_.resize(graph.g2mSenders.size());
    std::vector<std::size_t> fill(order.start_.begin(), order.start_.end() - 1);
    for (std::size_t e = 0; e < graph.g2mSenders.size(); ++e)
        order.regrouped_[fill[static_cast<std::size_t>(graph.g2mReceivers[e])]++] = graph.g2mSenders[e];
    return order;
}

ReorderedReceivers reorderedReceivers(const ReceiverOrder& a, const ReceiverOrder& b, const CanonicalEdges& ea,
                                      const CanonicalEdges& eb) {
    ReorderedReceivers reordered;
    if (a.meshNodes() != b.meshNodes() || ea.gridPoints() != eb.gridPoints()) return reordered;
    tbb::parallel_invoke([&] { reordered.meshNodes = reorderedMeshNodes(a, b); },
                         [&] { reordered.gridPoints = reorderedGridPoints(ea, eb); });
    return reordered;
}

}  // namespace meshdiff
