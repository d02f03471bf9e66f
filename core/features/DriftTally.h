#pragma once
#include <cstddef>
#include <vector>

#include "features/EdgeFeatureDrift.h"

namespace meshdiff {

// What a list of drifting edges would say, without the list: how many, the largest and the
// median ULPs, and the most drifting edges in list order. One tally per chunk of an edge set, fed
// in the order the list would hold the edges; merged in chunk order. Only the ULPs are kept (for
// the exact median), in room the caller gives for as many as the chunk has edges: half the bytes
// of the edges themselves.
class DriftTally {
public:
    DriftTally(std::size_t topCount, double* room) : topCount_(topCount), ulps_(room) {}

    void add(const EdgeDrift& e) {
        if (e.ulps > maxUlps_) maxUlps_ = e.ulps;  // as std::max(maxUlps, ulps): a NaN is passed over
        if (top_.size() < topCount_ || (topCount_ > 0 && ranksAbove({e, count_}, top_.front()))) keep({e, count_});
        ulps_[count_++] = e.ulps;
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

    std::size_t topCount_ = 0;
    double maxUlps_ = 0;
    std::vector<Ranked> top_;  // a heap whose front ranks lowest
    double* ulps_ = nullptr;
    std::size_t count_ = 0;
};

}  // namespace meshdiff
