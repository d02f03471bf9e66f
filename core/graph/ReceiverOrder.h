#pragma once
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "graph/CanonicalEdges.h"
#include "graph/GraphView.h"
#include "graph/LargeVectors.h"

namespace meshdiff {

// The order in which each receiver's incoming edges are listed: the summation order of the
// model's segment sums. Grid→mesh: per mesh node, its grid senders in the order the edge arrays
// hold them. Mesh→grid: per grid point, its three mesh senders as listed (CanonicalEdges keeps
// that order when it regroups them). Files whose grid→mesh receivers are non-decreasing (the
// official argsort(receivers) order, and meshdiff's own) are read in place; others are regrouped
// by a stable counting sort.
class ReceiverOrder {
public:
    std::size_t meshNodes() const { return start_.empty() ? 0 : start_.size() - 1; }
    std::span<const std::int32_t> g2mSenders(std::size_t mesh) const {
        const std::int32_t* senders = regrouped_.empty() ? graphSenders_ : regrouped_.data();
        return {senders + start_[mesh], start_[mesh + 1] - start_[mesh]};
    }

    friend ReceiverOrder receiverOrder(const GraphView& graph);

private:
    std::vector<std::size_t> start_;  // meshNodes() + 1 offsets
    const std::int32_t* graphSenders_ = nullptr;
    LargeVector<std::int32_t> regrouped_;  // empty when the graph's own senders are in place
};

// Requires a validated graph (receivers in range).
ReceiverOrder receiverOrder(const GraphView& graph);

// Receivers whose incoming senders are the same set listed in another order.
struct ReorderedReceivers {
    std::vector<std::int32_t> meshNodes;   // grid→mesh receivers, ascending
    std::vector<std::int32_t> gridPoints;  // mesh→grid receivers, ascending
};
ReorderedReceivers reorderedReceivers(const ReceiverOrder& a, const ReceiverOrder& b, const CanonicalEdges& ea,
                                      const CanonicalEdges& eb);

}  // namespace meshdiff
