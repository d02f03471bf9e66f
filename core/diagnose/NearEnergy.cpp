#include "diagnose/NearEnergy.h"

#include <variant>

#include <tbb/blocked_range.h>
#include <tbb/parallel_reduce.h>  // parallel_deterministic_reduce

#include "common/Error.h"

namespace meshdiff {
namespace {

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
            // Branch-free sums of one row, weighted once per row.
            double total = 0, nearSum = 0, farSum = 0, count = 0, nearCount = 0, farCount = 0;
            for (std::size_t j = 0; j < nj; ++j) {
                const std::size_t ja = contiguous ? j : al.lonA[j], jb = contiguous ? j : al.lonB[j];
                const double x = double(rowA[ja]), y = double(rowB[jb]);
                const bool ok = (x - x) == 0 && (y - y) == 0;  // NOLINT(misc-redundant-expression): finite
                const double d = ok ? x - y : 0.0, dd = d * d;
                const double isNear = zone[ja] == DiffNeighbourhood::Near, isFar = zone[ja] == DiffNeighbourhood::Far;
                total += dd, nearSum += dd * isNear, farSum += dd * isFar;
                count += ok, nearCount += ok * isNear, farCount += ok * isFar;
            }
            const double w = around.rowWeight[al.latA[i]];
            e.total += w * total, e.near += w * nearSum, e.far += w * farSum;
            e.areaTotal += w * count, e.areaNear += w * nearCount, e.areaFar += w * farCount;
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
