#pragma once
#include <memory>

#include "map/ErrorMapData.h"

namespace meshdiff::test {

// A 1° field "2m_temperature" [K]: A = 280 + 20 cos(lat) (+ lonGradient × lon), and a B lower by a
// Gaussian bump of 2 K around (30°N, 90°E). No coastlines, markers or labels.
std::shared_ptr<views::ErrorMapData> bumpField(double lonGradient = 0);

}  // namespace meshdiff::test
