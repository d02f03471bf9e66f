#include "features/EdgeLengthBatch.h"

#include "common/TargetClones.h"

namespace meshdiff {

MESHDIFF_AVX2_CLONES
double unrotatedSquaredLengths(std::size_t n, const float (*sender)[kEdgeLengthBatch],
                               const float (*receiver)[kEdgeLengthBatch], double* __restrict squared) {
    double largest = 0;
    for (std::size_t e = 0; e < n; ++e) {
        const double d0 = double(sender[0][e]) - receiver[0][e], d1 = double(sender[1][e]) - receiver[1][e],
                     d2 = double(sender[2][e]) - receiver[2][e];
        const double u = d0 * d0 + d1 * d1 + d2 * d2;
        squared[e] = u;
        largest = largest < u ? u : largest;
    }
    return largest;
}

}  // namespace meshdiff
