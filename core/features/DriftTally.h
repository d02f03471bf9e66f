#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

#include "features/EdgeFeatureDrift.h"

namespace meshdiff {

// What a list of drifting edges would say, without the list: how many, the largest and the
// median ULPs, and the most drifting edges in list order. One tally per chunk of an edge set, fed
// in the order the list would hold the edges; merged in chunk order. The median stays exact: the
// distinct ULP values are counted (a handful: each is a small multiple of a power of two), and a
// chunk with too many distinct values keeps its values instead.
class DriftTally {
public:
    explicit DriftTally(std::size_t topCount) : topCount_(topCount) {}

    void add(const EdgeDrift& e) {
        if (e.ulps > maxUlps_) maxUlps_ = e.ulps;  // as std::max(maxUlps, ulps): a NaN is passed over
        countValue(e.ulps);
        if (top_.size() < topCount_ || (topCount_ > 0 && ranksAbove({e, count_}, top_.front()))) keep({e, count_});
        ++count_;
    }
    std::size_t count() const { return count_; }

    struct Summary {
        std::size_t drifting = 0;
        double maxUlps = 0, medianUlps = 0;
        std::vector<EdgeDrift> top;  // most ULPs first; ties: the earlier edge first
    };
    // The tallies of one edge set's chunks, in the order their edges would be listed.
    static Summary merge(const std::vector<DriftTally>& chunks, std::size_t topCount);

private:
    struct Ranked {
        EdgeDrift edge;
        std::size_t position;  // in the chunk's list
    };
    static bool ranksAbove(const Ranked& x, const Ranked& y) {
        return x.edge.ulps != y.edge.ulps ? x.edge.ulps > y.edge.ulps : x.position < y.position;
    }
    void keep(const Ranked& r);
    void countValue(double ulps);

    std::size_t topCount_ = 0, count_ = 0;
    double maxUlps_ = 0;
    std::vector<Ranked> top_;  // a heap whose front ranks lowest
    // Open addressing on the value's bits; kEmpty marks a free slot (a NaN's pattern no kernel makes).
    static constexpr std::uint64_t kEmpty = ~std::uint64_t(0);
    static constexpr std::size_t kSlots = 1024;
    std::vector<std::uint64_t> values_;
    std::vector<std::size_t> counts_;
    std::size_t distinct_ = 0;
    std::vector<double> overflow_;  // every value once too many are distinct
};

}  // namespace meshdiff
