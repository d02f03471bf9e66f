#pragma once
#include <cmath>
#include <cstddef>

namespace meshdiff::test {

// tests/fixtures/make_rollout_fixtures.py: A's temperature@850 (k = 1) at row i (lat -90 + 10 i),
// column j (lon 10 j), lead t, member m.
inline double rolloutFixtureA(std::size_t t, std::size_t m, int i, int j) {
    return 1000.0 * double(t) + 10.0 + i + 0.01 * j + 5 * std::cos(i / 3.0) * std::sin(j / 4.0) +
           double(m) * std::sin(double(i + j));
}

}  // namespace meshdiff::test
