#include "graph/MeshNodeMatching.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <numbers>
#include <numeric>

namespace meshdiff {
namespace {

using Point = std::array<double, 3>;

constexpr double kRadiansPerDegree = std::numbers::pi / 180.0;

Point unitVector(float latDeg, float lonDeg) {
    const double lat = double(latDeg) * kRadiansPerDegree, lon = double(lonDeg) * kRadiansPerDegree;
    return {std::cos(lat) * std::cos(lon), std::cos(lat) * std::sin(lon), std::sin(lat)};
}

double squaredChord(const Point& p, const Point& q) {
    const double dx = p[0] - q[0], dy = p[1] - q[1], dz = p[2] - q[2];
    return dx * dx + dy * dy + dz * dz;
}

double squaredChordOfAngle(double degrees) {
    const double chord = 2.0 * std::sin(degrees * kRadiansPerDegree / 2.0);
    return chord * chord;
}

bool bitEqualPosition(const GraphView& a, std::size_t i, const GraphView& b, std::size_t j) {
    return a.meshLat[i] == b.meshLat[j] && a.meshLon[i] == b.meshLon[j];
}

}  // namespace

bool meshNodesMayBeRenumbered(const GraphView& a, const GraphView& b, double toleranceDegrees) {
    const std::size_t n = a.meshCount();
    if (n != b.meshCount()) return false;
    const double limit = squaredChordOfAngle(toleranceDegrees);
    int apart = 0;
    for (std::size_t i = 0; i < n; ++i) {
        if (bitEqualPosition(a, i, b, i)) continue;
        if (squaredChord(unitVector(a.meshLat[i], a.meshLon[i]), unitVector(b.meshLat[i], b.meshLon[i])) > limit &&
            ++apart == 2)
            return true;
    }
    return false;
}

std::optional<std::vector<std::int32_t>> matchMeshNodesByPosition(const GraphView& a, const GraphView& b,
                                                                  double toleranceDegrees) {
    const std::size_t n = a.meshCount();
    if (n != b.meshCount()) return std::nullopt;
    const double limit = squaredChordOfAngle(toleranceDegrees);

    // Two points within the tolerance differ in latitude by no more than it: B node j's candidates
    // are the A nodes in a latitude window around it.
    std::vector<std::int32_t> aByLat(n);
    std::iota(aByLat.begin(), aByLat.end(), 0);
    std::sort(aByLat.begin(), aByLat.end(),
              [&](std::int32_t p, std::int32_t q) { return a.meshLat[p] < a.meshLat[q]; });
    std::vector<double> sortedLat(n);
    std::vector<Point> aPoints(n);
    for (std::size_t k = 0; k < n; ++k) {
        sortedLat[k] = a.meshLat[aByLat[k]];
        aPoints[k] = unitVector(a.meshLat[aByLat[k]], a.meshLon[aByLat[k]]);
    }
    const double window = toleranceDegrees * (1.0 + 1e-9);

    std::vector<std::int32_t> bToA(n);
    std::vector<char> taken(n, 0);
    for (std::size_t j = 0; j < n; ++j) {
        const Point pj = unitVector(b.meshLat[j], b.meshLon[j]);
        const auto first = std::lower_bound(sortedLat.begin(), sortedLat.end(), double(b.meshLat[j]) - window);
        const auto last = std::upper_bound(first, sortedLat.end(), double(b.meshLat[j]) + window);
        std::optional<std::size_t> found;
        for (auto k = std::size_t(first - sortedLat.begin()); k < std::size_t(last - sortedLat.begin()); ++k) {
            if (squaredChord(aPoints[k], pj) > limit) continue;
            if (found) return std::nullopt;  // two A nodes within the tolerance
            found = k;
        }
        if (!found) return std::nullopt;
        const std::int32_t i = aByLat[*found];
        if (taken[i]) return std::nullopt;
        taken[i] = 1;
        bToA[j] = i;
    }
    return bToA;
}

std::optional<std::vector<std::int32_t>> findMeshRenumbering(const GraphView& a, const GraphView& b,
                                                             double toleranceDegrees) {
    if (!meshNodesMayBeRenumbered(a, b, toleranceDegrees)) return std::nullopt;
    auto bToA = matchMeshNodesByPosition(a, b, toleranceDegrees);
    if (!bToA) return std::nullopt;
    for (std::size_t j = 0; j < bToA->size(); ++j)
        if ((*bToA)[j] != std::int32_t(j)) return bToA;
    return std::nullopt;
}

}  // namespace meshdiff
