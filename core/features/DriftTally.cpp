#include "features/DriftTally.h"

#include <algorithm>

#include "features/UlpsMedian.h"

namespace meshdiff {

void DriftTally::keep(const Ranked& r) {
    // The heap's order puts the lowest-ranked edge in front: the one to drop for a better one.
    if (top_.size() == topCount_) {
        std::pop_heap(top_.begin(), top_.end(), ranksAbove);
        top_.back() = r;
    } else {
        top_.push_back(r);
    }
    std::push_heap(top_.begin(), top_.end(), ranksAbove);
}

DriftTally::Summary DriftTally::merge(const std::vector<DriftTally>& chunks, std::size_t topCount) {
    Summary s;
    std::vector<Ranked> best;
    for (const DriftTally& t : chunks) {
        for (const Ranked& r : t.top_) best.push_back({r.edge, s.drifting + r.position});
        s.drifting += t.count_;
        s.maxUlps = std::max(s.maxUlps, t.maxUlps_);
    }
    s.medianUlps = ulpsMedian(s.drifting, [&](const auto& f) {
        for (const DriftTally& t : chunks)
            for (std::size_t e = 0; e < t.count_; ++e) f(t.ulps_[e]);
    });
    std::sort(best.begin(), best.end(), ranksAbove);
    for (std::size_t k = 0; k < best.size() && k < topCount; ++k) s.top.push_back(best[k].edge);
    return s;
}

}  // namespace meshdiff
