#include "diagnose/NearEnergy.h"

#include <cmath>
#include <cstring>
#include <type_traits>
#include <variant>

#include <tbb/blocked_range.h>
#include <tbb/parallel_reduce.h>  // parallel_deterministic_reduce

#include "common/Error.h"
#include "common/TargetClones.h"

namespace meshdiff {
namespace {

// One row's sums, before its area weight.
struct RowSums {
    double total = 0, near = 0, far = 0, count = 0, nearCount = 0, farCount = 0;
};

// The hot loop for float32 fields on identical grids, four double lanes at a time (GCC vector
// extensions, as FieldMetrics' accumulateRowF32), so that the extra pass costs about what the
// metrics do.
using Double4 = double __attribute__((vector_size(32)));
using Float4 = float __attribute__((vector_size(16)));
using Byte4 = std::uint8_t __attribute__((vector_size(4)));

double laneSum(Double4 v) { return (v[0] + v[1]) + (v[2] + v[3]); }

MESHDIFF_AVX2_CLONES RowSums contiguousRowF32(const float* a, const float* b, const std::uint8_t* zone,
                                              std::size_t count) {
    const Double4 zero{}, one{1, 1, 1, 1}, nearZone{1, 1, 1, 1};
    Double4 total{}, near{}, far{}, n{}, nearN{}, farN{};
    std::size_t j = 0;
    for (; j + 4 <= count; j += 4) {
        Float4 af, bf;
        Byte4 zb;
        std::memcpy(&af, a + j, sizeof af);
        std::memcpy(&bf, b + j, sizeof bf);
        std::memcpy(&zb, zone + j, sizeof zb);
        const Double4 x = __builtin_convertvector(af, Double4), y = __builtin_convertvector(bf, Double4);
        const Double4 z = __builtin_convertvector(zb, Double4);
        const auto ok = ((x - x) == zero) & ((y - y) == zero);  // NOLINT(misc-redundant-expression): finite
        const Double4 d = ok ? x - y : zero, dd = d * d;
        const Double4 isNear = z == nearZone ? one : zero, isFar = z == zero ? one : zero;
        const Double4 okOne = ok ? one : zero;
        total += dd, near += dd * isNear, far += dd * isFar;
        n += okOne, nearN += okOne * isNear, farN += okOne * isFar;
    }
    RowSums r{laneSum(total), laneSum(near), laneSum(far), laneSum(n), laneSum(nearN), laneSum(farN)};
    for (; j < count; ++j) {
        const double x = a[j], y = b[j];
        if (!std::isfinite(x) || !std::isfinite(y)) continue;
        const double dd = (x - y) * (x - y);
        const bool isNear = zone[j] == DiffNeighbourhood::Near, isFar = zone[j] == DiffNeighbourhood::Far;
        r.total += dd, r.near += isNear ? dd : 0, r.far += isFar ? dd : 0;
        r.count += 1, r.nearCount += isNear, r.farCount += isFar;
    }
    return r;
}

NearEnergy merged(NearEnergy x, const NearEnergy& y) {
    x.total += y.total, x.near += y.near, x.far += y.far;
    x.areaTotal += y.areaTotal, x.areaNear += y.areaNear, x.areaFar += y.areaFar;
    return x;
}

template <class TA, class TB>
NearEnergy accumulate(const std::vector<TA>& a, const std::vector<TB>& b, std::size_t nlonA, std::size_t nlonB,
                      const GridAlignment& al, const DiffNeighbourhood& around) {
    const std::size_t nj = al.lonA.size();
    const bool contiguous = nlonA == nj && nlonB == nj && al.identical;
    auto rows = [&](const tbb::blocked_range<std::size_t>& range, NearEnergy e) {
        for (std::size_t i = range.begin(); i != range.end(); ++i) {
            const TA* rowA = a.data() + al.latA[i] * nlonA;
            const TB* rowB = b.data() + al.latB[i] * nlonB;
            const std::uint8_t* zone = around.zone.data() + al.latA[i] * around.nlon;
            RowSums r;
            bool done = false;
            if constexpr (std::is_same_v<TA, float> && std::is_same_v<TB, float>) {
                if (contiguous) r = contiguousRowF32(rowA, rowB, zone, nj), done = true;
            }
            for (std::size_t j = 0; j < nj && !done; ++j) {
                const std::size_t ja = contiguous ? j : al.lonA[j], jb = contiguous ? j : al.lonB[j];
                const double x = double(rowA[ja]), y = double(rowB[jb]);
                if (!std::isfinite(x) || !std::isfinite(y)) continue;
                const double dd = (x - y) * (x - y);
                const bool isNear = zone[ja] == DiffNeighbourhood::Near, isFar = zone[ja] == DiffNeighbourhood::Far;
                r.total += dd, r.near += isNear ? dd : 0, r.far += isFar ? dd : 0;
                r.count += 1, r.nearCount += isNear, r.farCount += isFar;
            }
            const double w = around.rowWeight[al.latA[i]];
            e.total += w * r.total, e.near += w * r.near, e.far += w * r.far;
            e.areaTotal += w * r.count, e.areaNear += w * r.nearCount, e.areaFar += w * r.farCount;
        }
        return e;
    };
    // Deterministic chunks, as in computeFieldMetrics: the same runs always give the same digits.
    return tbb::parallel_deterministic_reduce(tbb::blocked_range<std::size_t>(0, al.latA.size(), 32), NearEnergy{},
                                              rows, merged);
}

}  // namespace

NearEnergy measureNearEnergy(const Field& a, const Field& b, const GridAlignment& alignment,
                             const DiffNeighbourhood& around) {
    if (around.nlat != a.nlat || around.nlon != a.nlon)
        throw Error(a.name, "neighbourhood of the graph differences is on a " + std::to_string(around.nlat) + "×" +
                                std::to_string(around.nlon) + " grid, the field on " + std::to_string(a.nlat) + "×" +
                                std::to_string(a.nlon));
    return std::visit(
        [&](const auto& va, const auto& vb) { return accumulate(va, vb, a.nlon, b.nlon, alignment, around); }, a.values,
        b.values);
}

}  // namespace meshdiff
