#pragma once
#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>

#include "geo/Vec3.h"
#include "globe/GlobeScene.h"

namespace meshdiff::views {

inline Vec3 meshPosition(const MeshGraph& graph, std::int32_t node) {
    return unitVector(graph.meshLat[node], graph.meshLon[node]);
}

inline Vec3 gridPosition(const MeshGraph& graph, std::int32_t grid) {
    const std::size_t nlon = graph.gridLon.size();
    return unitVector(graph.gridLat[grid / nlon], graph.gridLon[grid % nlon]);
}

inline bool validGrid(const MeshGraph* g, std::int32_t grid) {
    return g && grid >= 0 && static_cast<std::size_t>(grid) < g->gridCount();
}
inline bool validMesh(const MeshGraph* g, std::int32_t node) {
    return g && node >= 0 && static_cast<std::size_t>(node) < g->meshCount();
}
inline bool validFace(const MeshGraph* g, const std::array<std::int32_t, 3>& face) {
    return validMesh(g, face[0]) && validMesh(g, face[1]) && validMesh(g, face[2]);
}

// Degrees between neighbouring grid points (the coarser axis); 1 without a grid.
inline double gridSpacingDegrees(const MeshGraph& graph) {
    auto step = [](const std::vector<float>& axis) {
        return axis.size() < 2 ? 0.0 : std::abs(double(axis.back()) - double(axis.front())) / double(axis.size() - 1);
    };
    const double spacing = std::max(step(graph.gridLat), step(graph.gridLon));
    return spacing > 0 ? spacing : 1.0;
}

// Every how many rows and columns grid points are drawn so that at most `maxShown` are: software
// OpenGL pays for every point in every frame.
inline std::size_t gridPointStride(const MeshGraph& graph, std::size_t maxShown) {
    std::size_t stride = 1;
    while (graph.gridCount() / (stride * stride) > maxShown) ++stride;
    return stride;
}

// A ring around a grid point that clears the point's own cell (half its diagonal is 0.71).
inline double gridRingDegrees(const MeshGraph& graph) { return 0.85 * gridSpacingDegrees(graph); }

// B's graph, or A's when the scene has one run only.
inline const MeshGraph* graphBOf(const GlobeScene& scene) { return scene.graphB ? scene.graphB : scene.graphA; }

// Is unit vector p inside the spherical triangle (a, b, c), either orientation?
inline bool insideSphericalTriangle(const Vec3& p, const Vec3& a, const Vec3& b, const Vec3& c) {
    auto side = [&p](const Vec3& u, const Vec3& v) {
        const Vec3 n{u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]};
        return dot(n, p);
    };
    if (dot(p, a) <= 0) return false;  // the antipode satisfies the same side tests
    const double s1 = side(a, b), s2 = side(b, c), s3 = side(c, a);
    return (s1 >= 0 && s2 >= 0 && s3 >= 0) || (s1 <= 0 && s2 <= 0 && s3 <= 0);
}

}  // namespace meshdiff::views
