#include "features/DriftBatch.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>

#include "common/TargetClones.h"

namespace meshdiff {
namespace {

// The edges' lengths and normalised features in A and in B, and for each edge whether any feature
// differs, its largest |A − B| and that over the float32 spacing at the larger normalised length
// (edgeDriftUlps). Comparisons are written as std::max and std::abs evaluate them, so that NaNs
// take the same branches; this file is built without contraction into fused multiply-adds.
MESHDIFF_AVX2_CLONES
void compareBatch(std::size_t n, const double (*a)[DriftBatch::kSize], const double (*b)[DriftBatch::kSize],
                  double normalizationA, double normalizationB, double* __restrict most, double* __restrict ulps,
                  unsigned char* __restrict differs) {
    const double denormMin = double(std::numeric_limits<float>::denorm_min());
    for (std::size_t e = 0; e < n; ++e) {
        const double a0 = a[0][e], a1 = a[1][e], a2 = a[2][e];
        const double b0 = b[0][e], b1 = b[1][e], b2 = b[2][e];
        const double lengthA = std::sqrt(a0 * a0 + a1 * a1 + a2 * a2);
        const double lengthB = std::sqrt(b0 * b0 + b1 * b1 + b2 * b2);
        const float fa[4] = {float(lengthA / normalizationA), float(a0 / normalizationA), float(a1 / normalizationA),
                             float(a2 / normalizationA)};
        const float fb[4] = {float(lengthB / normalizationB), float(b0 / normalizationB), float(b1 / normalizationB),
                             float(b2 / normalizationB)};
        unsigned differ = 0;
        double largest = 0;
        for (int k = 0; k < 4; ++k) {
            differ |= unsigned(fa[k] != fb[k]);
            const double d = std::abs(double(fa[k]) - double(fb[k]));
            largest = largest < d ? d : largest;
        }
        const float la = std::abs(fa[0]), lb = std::abs(fb[0]);
        const float scale = la < lb ? lb : la;
        const std::uint32_t exponent = std::bit_cast<std::uint32_t>(scale) & 0x7f800000u;
        const double spacing = exponent == 0 ? denormMin : double(std::bit_cast<float>(exponent)) * 0x1p-23;
        most[e] = largest;
        ulps[e] = largest / spacing;
        differs[e] = static_cast<unsigned char>(differ);
    }
}

}  // namespace

void DriftBatch::flush() {
    if (count_ == 0) return;
    compareBatch(count_, a_, b_, normalizationA_, normalizationB_, most_, ulps_, differs_);
    for (std::size_t e = 0; e < count_; ++e) {
        if (!differs_[e]) continue;
        out_.add({senders_[e], receivers_[e], ulps_[e]});
        out_.maxAbsDifference = std::max(out_.maxAbsDifference, most_[e]);
    }
    count_ = 0;
}

}  // namespace meshdiff
