#include "fields/AreaWeights.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace meshdiff {

std::vector<double> latitudeAreaWeights(const std::vector<double>& lat) {
    const std::size_t n = lat.size();
    if (n < 2) return std::vector<double>(n, 1.0);
    auto sinDegrees = [](double degrees) {
        return std::sin(std::clamp(degrees, -90.0, 90.0) * std::numbers::pi / 180.0);
    };
    // bounds[i] lies between rows i−1 and i; the outer bounds half a spacing beyond the outer rows.
    std::vector<double> bounds(n + 1);
    bounds[0] = lat[0] - 0.5 * (lat[1] - lat[0]);
    for (std::size_t i = 1; i < n; ++i) bounds[i] = 0.5 * (lat[i - 1] + lat[i]);
    bounds[n] = lat[n - 1] + 0.5 * (lat[n - 1] - lat[n - 2]);
    std::vector<double> weights(n);
    double sum = 0;
    for (std::size_t i = 0; i < n; ++i) {
        weights[i] = std::abs(sinDegrees(bounds[i + 1]) - sinDegrees(bounds[i]));  // descending: upper is bounds[i]
        sum += weights[i];
    }
    if (!(sum > 0)) return std::vector<double>(n, 1.0);
    const double scale = double(n) / sum;
    for (double& w : weights) w *= scale;
    return weights;
}

}  // namespace meshdiff
