#include "features/EdgeLengthBatch.h"

#include "common/TargetClones.h"

namespace meshdiff {

MESHDIFF_AVX2_CLONES
void unrotatedSquaredLengths(std::size_t n, const float (*sender)[kEdgeLengthBatch],
                             const float (*receiver)[kEdgeLengthBatch], double* __restrict squared) {
    for (std::size_t e = 0; e < n; ++e) {
        const double d0 = double(sender[0][e]) - receiver[0][e], d1 = double(sender[1][e]) - receiver[1][e],
                     d2 = double(sender[2][e]) - receiver[2][e];
        squared[e] = d0 * d0 + d1 * d1 + d2 * d2;
    }
}

}  // namespace meshdiff
