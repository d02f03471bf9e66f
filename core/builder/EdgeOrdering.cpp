#include "builder/EdgeOrdering.h"

#include <vector>

#include "builder/NumpyArgsort.h"

namespace meshdiff {
namespace {

std::vector<std::int32_t> stableOrderByReceiver(const LargeVector<std::int32_t>& receivers, std::size_t receiverCount) {
    std::vector<std::int64_t> next(receiverCount + 1, 0);
    for (auto r : receivers) ++next[std::size_t(r) + 1];
    for (std::size_t r = 0; r < receiverCount; ++r) next[r + 1] += next[r];
    std::vector<std::int32_t> order(receivers.size());
    for (std::size_t e = 0; e < receivers.size(); ++e)
        order[std::size_t(next[std::size_t(receivers[e])]++)] = std::int32_t(e);
    return order;
}

void permute(LargeVector<std::int32_t>& values, const std::vector<std::int32_t>& order) {
    LargeVector<std::int32_t> out(values.size());
    for (std::size_t i = 0; i < order.size(); ++i) out[i] = values[std::size_t(order[i])];
    values.swap(out);
}

}  // namespace

void orderEdgesByReceiver(LargeVector<std::int32_t>& senders, LargeVector<std::int32_t>& receivers,
                          std::size_t receiverCount, EdgeOrder order) {
    const std::vector<std::int32_t> byReceiver = order == EdgeOrder::Official
                                                     ? numpyArgsort(receivers.data(), receivers.size())
                                                     : stableOrderByReceiver(receivers, receiverCount);
    permute(senders, byReceiver);
    permute(receivers, byReceiver);
}

}  // namespace meshdiff
