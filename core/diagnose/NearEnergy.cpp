#include "diagnose/NearEnergy.h"

#include <algorithm>
#include <cmath>
#include <variant>

#include "common/Error.h"

namespace meshdiff {
namespace {

constexpr std::size_t kNotAligned = std::size_t(-1);

// Position along the aligned axis of each index of A's axis; kNotAligned for those left out.
std::vector<std::size_t> alignedPositions(const std::vector<std::size_t>& indicesA, std::size_t size) {
    std::vector<std::size_t> position(size, kNotAligned);
    for (std::size_t k = 0; k < indicesA.size(); ++k) position[indicesA[k]] = k;
    return position;
}

template <class TA, class TB>
NearEnergy sumNear(const std::vector<TA>& a, const std::vector<TB>& b, std::size_t nlonB, const GridAlignment& al,
                   const DiffNeighbourhood& around) {
    const std::vector<std::size_t> row = alignedPositions(al.latA, around.nlat);
    const std::vector<std::size_t> column = alignedPositions(al.lonA, around.nlon);
    NearEnergy e;
    double between = 0, areaBetween = 0;
    for (std::uint32_t p : around.zonePoints) {
        const std::size_t i = row[p / around.nlon], j = column[p % around.nlon];
        if (i == kNotAligned || j == kNotAligned) continue;
        const double x = double(a[p]), y = double(b[al.latB[i] * nlonB + al.lonB[j]]);
        if (!std::isfinite(x) || !std::isfinite(y)) continue;
        const double dd = (x - y) * (x - y);
        if (around.zone[p] == DiffNeighbourhood::Near) {
            e.near += dd, e.areaNear += 1;
        } else {
            between += dd, areaBetween += 1;
        }
    }
    e.far = between;  // the caller subtracts both from the totals
    e.areaFar = areaBetween;
    return e;
}

}  // namespace

NearEnergy measureNearEnergy(const Field& a, const Field& b, const GridAlignment& alignment,
                             const DiffNeighbourhood& around, const FieldMetrics& metrics) {
    if (around.nlat != a.nlat || around.nlon != a.nlon)
        throw Error(a.name, "neighbourhood of the graph differences is on a " + std::to_string(around.nlat) + "×" +
                                std::to_string(around.nlon) + " grid, the field on " + std::to_string(a.nlat) + "×" +
                                std::to_string(a.nlon));
    NearEnergy e = std::visit(
        [&](const auto& va, const auto& vb) { return sumNear(va, vb, b.nlon, alignment, around); }, a.values, b.values);
    const double between = e.far, areaBetween = e.areaFar;
    e.areaTotal = double(metrics.comparedPoints);
    e.total = metrics.rms * metrics.rms * e.areaTotal;
    // Σ over all points less the near and in-between ones; rounding may leave a hair below 0.
    e.far = std::max(0.0, e.total - e.near - between);
    e.areaFar = std::max(0.0, e.areaTotal - e.areaNear - areaBetween);
    e.total = std::max(e.total, e.near);
    return e;
}

std::vector<std::uint8_t> nearMask(const DiffNeighbourhood& around, const GridAlignment& alignment) {
    const std::size_t nj = alignment.lonA.size();
    std::vector<std::uint8_t> mask(alignment.latA.size() * nj, 0);
    for (std::size_t i = 0; i < alignment.latA.size(); ++i) {
        const std::size_t row = alignment.latA[i] * around.nlon;
        for (std::size_t j = 0; j < nj; ++j)
            mask[i * nj + j] = around.zone[row + alignment.lonA[j]] == DiffNeighbourhood::Near;
    }
    return mask;
}

NearEnergy measureNearAndElsewhere(const Field& a, const Field& b, const GridAlignment& alignment,
                                   const DiffNeighbourhood& around, const std::vector<std::uint8_t>& mask,
                                   const FieldMetrics& metrics) {
    NearEnergy e = measureNearEnergy(a, b, alignment, around, metrics);
    auto relRmsWhere = [&](std::uint8_t value) {
        const FieldMetrics m = computeFieldMetrics(a, b, alignment, &mask, value);
        return m.comparedPoints == 0 ? std::numeric_limits<double>::quiet_NaN() : m.relRms;
    };
    if (e.areaNear > 0) e.relRmsNear = relRmsWhere(1);
    if (e.areaTotal > e.areaNear) e.relRmsElsewhere = relRmsWhere(0);
    return e;
}

}  // namespace meshdiff
