#include "builder/CapRaster.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <string>

#include "common/Error.h"

namespace meshdiff {
namespace {

constexpr double kRadToDeg = 180.0 / std::numbers::pi;

struct SortedAxis {
    std::vector<double> value;
    std::vector<std::int32_t> index;
};

SortedAxis sortAxis(const std::vector<float>& axis) {
    SortedAxis s;
    s.index.resize(axis.size());
    for (std::size_t i = 0; i < axis.size(); ++i) s.index[i] = std::int32_t(i);
    std::stable_sort(s.index.begin(), s.index.end(), [&](auto a, auto b) { return axis[a] < axis[b]; });
    for (auto i : s.index) s.value.push_back(axis[i]);
    return s;
}

std::pair<std::int32_t, std::int32_t> positionsWithin(const std::vector<double>& sorted, double lo, double hi) {
    const auto b = std::lower_bound(sorted.begin(), sorted.end(), lo) - sorted.begin();
    const auto e = std::upper_bound(sorted.begin(), sorted.end(), hi) - sorted.begin();
    return {std::int32_t(b), std::int32_t(std::max(b, e))};
}

}  // namespace

CapRaster::CapRaster(const std::vector<float>& gridLat, const std::vector<float>& gridLon,
                     const std::vector<SphericalCap>& caps) {
    const SortedAxis lat = sortAxis(gridLat), lon = sortAxis(gridLon);
    latIndex_ = lat.index;
    lonIndex_ = lon.index;
    capsOfRow_.resize(gridLat.size());
    lonSpans_.resize(caps.size());
    const auto allLon = std::pair<std::int32_t, std::int32_t>{0, std::int32_t(gridLon.size())};
    for (std::size_t c = 0; c < caps.size(); ++c) {
        const Vec3& v = caps[c].center;
        const double norm = std::sqrt(squaredDistance(v, Vec3{0, 0, 0}));
        const double latC = std::asin(std::clamp(v[2] / norm, -1.0, 1.0)) * kRadToDeg;
        const double lonC = std::atan2(v[1], v[0]) * kRadToDeg;
        const double angle = caps[c].angleRad;
        const double latLo = latC - angle * kRadToDeg, latHi = latC + angle * kRadToDeg;
        LonSpans& spans = lonSpans_[c];
        const double ratio = std::sin(angle) / std::cos(latC / kRadToDeg);
        if (latHi >= 90 || latLo <= -90 || angle >= std::numbers::pi / 2 || !(ratio < 1)) {
            spans.span[spans.count++] = allLon;
        } else {
            const double half = std::asin(ratio) * kRadToDeg;
            for (double shift : {-360.0, 0.0, 360.0}) {
                const auto s = positionsWithin(lon.value, lonC - half + shift, lonC + half + shift);
                if (s.first < s.second) spans.span[spans.count++] = s;
            }
        }
        const auto rows = positionsWithin(lat.value, latLo, latHi);
        for (auto r = rows.first; r < rows.second; ++r) capsOfRow_[std::size_t(r)].push_back(std::int32_t(c));
        std::size_t lonCount = 0;
        for (int k = 0; k < spans.count; ++k) lonCount += std::size_t(spans.span[k].second - spans.span[k].first);
        candidates_ += std::size_t(rows.second - rows.first) * lonCount;
    }
}

void requireReasonableSearch(const CapRaster& raster, const char* what, std::size_t limit) {
    if (raster.candidateCount() > limit)
        throw Error("", std::string(what) + " would test " + std::to_string(raster.candidateCount()) +
                            " grid points: the mesh is not a fine triangulation of the sphere");
}

}  // namespace meshdiff
