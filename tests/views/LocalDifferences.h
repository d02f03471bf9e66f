#pragma once
#include <array>
#include <memory>

#include "map/ErrorMapData.h"

namespace meshdiff::test {

// A 0.25° pair (721 × 1440) that differs only in six spots, with amplitudes from 1e-2 down to
// 1e-4 (both signs), over rounding-size noise of 1e-6 everywhere: a graph-caused difference.
struct LocalDifferencesPair {
    struct Spot {
        double lat, lon, amplitude;
    };
    static constexpr std::array<Spot, 6> kSpots{
        {{40, 10, 1e-2}, {-20, 60, -3e-3}, {10, 140, 1e-3}, {-50, -100, -5e-4}, {65, -40, 2e-4}, {-5, -160, -1e-4}}};
    std::shared_ptr<views::ErrorMapData> data;
    LocalDifferencesPair();
};

}  // namespace meshdiff::test
