#include "builder/IcosahedralMesh.h"

#include <cmath>
#include <numbers>
#include <unordered_map>

#include "common/Error.h"

namespace meshdiff {
namespace {

// Vertex order and faces of the regular icosahedron with circumscribed unit sphere
// (coordinates (±1, ±φ, 0) cyclically permuted), each face counter-clockwise from outside.
constexpr std::array<std::array<std::int32_t, 3>, 20> kIcosahedronFaces{{
    {0, 1, 2},  {0, 6, 1},   {8, 0, 2},  {8, 4, 0}, {3, 8, 2},   {3, 2, 7},  {7, 2, 1},
    {0, 4, 6},  {4, 11, 6},  {6, 11, 5}, {1, 5, 7}, {4, 10, 11}, {4, 8, 10}, {10, 8, 3},
    {10, 3, 9}, {11, 10, 9}, {11, 9, 5}, {5, 9, 7}, {9, 3, 7},   {1, 6, 5},
}};

// Rotation about the y axis that makes the top and bottom faces parallel to the equator,
// as the quaternion → matrix formula evaluates it in float64.
std::array<std::array<double, 3>, 3> poleParallelRotation() {
    const double phi = (1.0 + std::sqrt(5.0)) / 2.0;
    const double angleBetweenFaces = 2.0 * std::asin(phi / std::sqrt(3.0));
    const double angle = (std::numbers::pi - angleBetweenFaces) / 2.0;
    const double s = std::sin(angle / 2.0), c = std::cos(angle / 2.0);
    const double s2 = s * s, c2 = c * c, sc = s * c;
    return {{{(0.0 - s2) - 0.0 + c2, 0.0, 2.0 * (0.0 + sc)},
             {0.0, (-0.0 + s2) - 0.0 + c2, 0.0},
             {2.0 * (0.0 - sc), 0.0, (-0.0 - s2) + 0.0 + c2}}};
}

template <class Real>
std::vector<std::array<Real, 3>> icosahedronVertices() {
    const double phi = (1.0 + std::sqrt(5.0)) / 2.0;
    std::vector<std::array<Real, 3>> v;
    for (double c1 : {1.0, -1.0}) {
        for (double c2 : {phi, -phi}) {
            v.push_back({Real(c1), Real(c2), Real(0)});
            v.push_back({Real(0), Real(c1), Real(c2)});
            v.push_back({Real(c2), Real(0), Real(c1)});
        }
    }
    const Real norm = Real(std::sqrt((0.0 + 1.0 * 1.0) + phi * phi));
    for (auto& p : v)
        for (auto& x : p) x /= norm;
    const auto m = poleParallelRotation();
    for (auto& p : v) {
        std::array<double, 3> out{};
        for (int j = 0; j < 3; ++j) {
            double acc = 0.0;
            for (int l = 0; l < 3; ++l) acc += double(p[l]) * m[l][j];
            out[j] = acc;
        }
        p = {Real(out[0]), Real(out[1]), Real(out[2])};
    }
    return v;
}

// np.linalg.norm's x.dot(x), which NumPy hands to the BLAS (sdot) for float32.
float squaredNorm(const std::array<float, 3>& m, BlasSum blas) {
    if (blas == BlasSum::OpenBlas) {
        // OpenBLAS kernel/x86_64/sdot.c below 32 elements: float32 products, a double accumulator,
        // one rounding to float32 at the end.
        double sum = 0.0;
        for (float x : m) sum += double(x * x);
        return float(sum);
    }
    return ((0.0f + m[0] * m[0]) + m[1] * m[1]) + m[2] * m[2];
}

double squaredNorm(const std::array<double, 3>& m, BlasSum) {
    return ((0.0 + m[0] * m[0]) + m[1] * m[1]) + m[2] * m[2];
}

template <class Real>
std::array<Real, 3> normalizedMidpoint(const std::array<Real, 3>& a, const std::array<Real, 3>& b, BlasSum blas) {
    std::array<Real, 3> m{};
    for (int i = 0; i < 3; ++i) m[i] = (a[i] + b[i]) / Real(2);
    const Real norm = std::sqrt(squaredNorm(m, blas));
    for (auto& x : m) x /= norm;
    return m;
}

template <class Real>
SphereMesh<Real> splitInFour(const SphereMesh<Real>& parent, BlasSum blas) {
    SphereMesh<Real> child;
    child.vertices = parent.vertices;
    child.vertices.reserve(parent.vertices.size() + parent.faces.size() * 3 / 2);
    child.faces.reserve(parent.faces.size() * 4);
    std::unordered_map<std::uint64_t, std::int32_t> midpointOf;
    midpointOf.reserve(parent.faces.size() * 3 / 2);
    auto midpoint = [&](std::int32_t a, std::int32_t b) {
        const auto lo = std::uint64_t(std::min(a, b)), hi = std::uint64_t(std::max(a, b));
        auto [it, inserted] = midpointOf.try_emplace((lo << 32) | hi, std::int32_t(child.vertices.size()));
        if (inserted) child.vertices.push_back(normalizedMidpoint(parent.vertices[a], parent.vertices[b], blas));
        return it->second;
    };
    for (const auto& [i1, i2, i3] : parent.faces) {
        const std::int32_t i12 = midpoint(i1, i2), i23 = midpoint(i2, i3), i31 = midpoint(i3, i1);
        child.faces.push_back({i1, i12, i31});
        child.faces.push_back({i12, i2, i23});
        child.faces.push_back({i31, i23, i3});
        child.faces.push_back({i12, i23, i31});
    }
    return child;
}

}  // namespace

template <class Real>
SphereMesh<Real> buildIcosahedralMesh(int splits, BlasSum blas) {
    if (splits < 0 || splits > 10) throw Error("", "mesh splits must be between 0 and 10");
    SphereMesh<Real> mesh;
    mesh.vertices = icosahedronVertices<Real>();
    mesh.faces.assign(kIcosahedronFaces.begin(), kIcosahedronFaces.end());
    for (int s = 0; s < splits; ++s) mesh = splitInFour(mesh, blas);
    return mesh;
}

template SphereMesh<float> buildIcosahedralMesh<float>(int, BlasSum);
template SphereMesh<double> buildIcosahedralMesh<double>(int, BlasSum);

}  // namespace meshdiff
