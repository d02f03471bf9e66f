#pragma once
#include <array>
#include <cstdint>
#include <utility>
#include <vector>

#include "builder/SphereCoordinates.h"

namespace meshdiff {

// A spherical cap: every direction within `angleRad` of `center` (which need not be unit).
struct SphericalCap {
    Vec3 center;
    double angleRad;
};

// Which grid points of a latitude/longitude grid each cap may cover: for every grid row the
// caps that reach it (in cap order) and, per cap, its longitude index span(s). The spans are
// those of the cap's latitude/longitude bounding box, so they may hold a few points outside.
class CapRaster {
public:
    CapRaster(const std::vector<float>& gridLat, const std::vector<float>& gridLon,
              const std::vector<SphericalCap>& caps);

    std::size_t rowCount() const { return capsOfRow_.size(); }
    // Grid points summed over all caps' boxes: the work a search over the raster does.
    std::size_t candidateCount() const { return candidates_; }
    std::size_t latIndexOfRow(std::size_t row) const { return std::size_t(latIndex_[row]); }
    const std::vector<std::int32_t>& capsOfRow(std::size_t row) const { return capsOfRow_[row]; }

    template <class F>
    void forEachLonIndex(std::int32_t cap, F&& visit) const {
        const LonSpans& spans = lonSpans_[std::size_t(cap)];
        for (int k = 0; k < spans.count; ++k)
            for (auto pos = spans.span[k].first; pos < spans.span[k].second; ++pos) visit(std::size_t(lonIndex_[pos]));
    }

private:
    struct LonSpans {
        std::array<std::pair<std::int32_t, std::int32_t>, 3> span{};  // positions in sorted longitudes
        int count = 0;
    };
    std::vector<std::int32_t> latIndex_, lonIndex_;  // axis indices in ascending value order
    std::vector<std::vector<std::int32_t>> capsOfRow_;
    std::vector<LonSpans> lonSpans_;
    std::size_t candidates_ = 0;
};

// Throws meshdiff::Error when a search would test more than `limit` grid points (caps far larger
// than a fine mesh's, as from damaged coordinates or faces), instead of running for hours.
void requireReasonableSearch(const CapRaster& raster, const char* what, std::size_t limit);

}  // namespace meshdiff
