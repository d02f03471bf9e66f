#include "features/DriftTally.h"

#include <algorithm>
#include <bit>
#include <utility>

namespace meshdiff {

void DriftTally::keep(const Ranked& r) {
    // The heap's order puts the lowest-ranked edge in front: the one to drop for a better one.
    auto lower = [](const Ranked& x, const Ranked& y) { return ranksAbove(x, y); };
    if (top_.size() == topCount_) {
        std::pop_heap(top_.begin(), top_.end(), lower);
        top_.back() = r;
    } else {
        top_.push_back(r);
    }
    std::push_heap(top_.begin(), top_.end(), lower);
}

void DriftTally::countValue(double ulps) {
    if (!overflow_.empty()) {
        overflow_.push_back(ulps);
        return;
    }
    if (values_.empty()) {
        values_.assign(kSlots, kEmpty);
        counts_.assign(kSlots, 0);
    }
    const std::uint64_t bits = std::bit_cast<std::uint64_t>(ulps);
    if (bits != kEmpty) {
        // Values are multiples of powers of two: their low bits are mostly zero, the high ones mix.
        std::size_t slot = std::size_t((bits * 0x9e3779b97f4a7c15ull) >> 54) & (kSlots - 1);
        for (std::size_t probe = 0; probe < kSlots && distinct_ * 4 < kSlots * 3; ++probe) {
            if (values_[slot] == bits) {
                ++counts_[slot];
                return;
            }
            if (values_[slot] == kEmpty) {
                values_[slot] = bits;
                counts_[slot] = 1;
                ++distinct_;
                return;
            }
            slot = (slot + 1) & (kSlots - 1);
        }
    }
    // Too many distinct values (or that one pattern): keep every value from here on, the counted ones too.
    for (std::size_t s = 0; s < kSlots; ++s)
        if (values_[s] != kEmpty) overflow_.insert(overflow_.end(), counts_[s], std::bit_cast<double>(values_[s]));
    overflow_.push_back(ulps);
    values_.clear();
    counts_.clear();
    distinct_ = 0;
}

DriftTally::Summary DriftTally::merge(const std::vector<DriftTally>& chunks, std::size_t topCount) {
    Summary s;
    // Every value with its count, in the order of the values' bits (their order: none is negative).
    std::vector<std::pair<std::uint64_t, std::size_t>> counted;
    std::vector<DriftTally::Ranked> best;
    std::size_t before = 0;  // edges of the earlier chunks: a chunk's positions become list positions
    for (const DriftTally& t : chunks) {
        s.drifting += t.count_;
        s.maxUlps = std::max(s.maxUlps, t.maxUlps_);
        for (std::size_t slot = 0; slot < t.values_.size(); ++slot)
            if (t.values_[slot] != kEmpty) counted.emplace_back(t.values_[slot], t.counts_[slot]);
        for (double v : t.overflow_) counted.emplace_back(std::bit_cast<std::uint64_t>(v), 1);
        for (const Ranked& r : t.top_) best.push_back({r.edge, before + r.position});
        before += t.count_;
    }
    std::sort(counted.begin(), counted.end());
    auto atRank = [&](std::size_t rank) {
        for (const auto& [bits, count] : counted) {
            if (rank < count) return std::bit_cast<double>(bits);
            rank -= count;
        }
        return 0.0;
    };
    if (s.drifting > 0) {
        const std::size_t mid = s.drifting / 2;
        const double upper = atRank(mid);
        s.medianUlps = s.drifting % 2 == 1 ? upper : (atRank(mid - 1) + upper) / 2;
    }
    std::sort(best.begin(), best.end(), ranksAbove);
    for (std::size_t k = 0; k < best.size() && k < topCount; ++k) s.top.push_back(best[k].edge);
    return s;
}

}  // namespace meshdiff
