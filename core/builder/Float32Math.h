#pragma once
#include <vector>

#include "builder/BuildOptions.h"

namespace meshdiff {

// Element-wise float32 functions over whole arrays with a chosen implementation. Each result
// depends only on its own input (no position-dependent scalar tails), so computing a value once
// per distinct input gives the same bits as computing it per grid point.
std::vector<float> sinArray(FloatMath math, const std::vector<float>& x);
std::vector<float> cosArray(FloatMath math, const std::vector<float>& x);
std::vector<float> acosArray(FloatMath math, const std::vector<float>& x);
std::vector<float> atan2Array(FloatMath math, const std::vector<float>& y, const std::vector<float>& x);

}  // namespace meshdiff
