#include "builder/GraphBuilder.h"

#include <chrono>

#include "builder/ClosestFaces.h"
#include "builder/IcosahedralMesh.h"
#include "builder/NearbyMeshNodes.h"
#include "builder/ReverseCuthillMcKee.h"
#include "builder/SphereCoordinates.h"

namespace meshdiff {
namespace {

class Stopwatch {
public:
    double lap() {
        const auto now = std::chrono::steady_clock::now();
        const double s = std::chrono::duration<double>(now - last_).count();
        last_ = now;
        return s;
    }

private:
    std::chrono::steady_clock::time_point last_ = std::chrono::steady_clock::now();
};

// Mesh nodes in permuted order and their lat/lon (float32 as stored) and the cartesian
// coordinates the edges are built from.
struct MeshNodes {
    std::vector<float> lat, lon;
    std::vector<Vec3> xyz;
};

template <class Real>
std::vector<std::array<Real, 3>> permuted(const std::vector<std::array<Real, 3>>& v,
                                          const std::vector<std::int32_t>& permutation) {
    std::vector<std::array<Real, 3>> out(v.size());
    for (std::size_t i = 0; i < v.size(); ++i) out[i] = v[permutation[i]];
    return out;
}

std::vector<std::array<std::int32_t, 3>> relabelled(const std::vector<std::array<std::int32_t, 3>>& faces,
                                                    const std::vector<std::int32_t>& newIndexOf) {
    std::vector<std::array<std::int32_t, 3>> out(faces.size());
    for (std::size_t f = 0; f < faces.size(); ++f)
        for (int k = 0; k < 3; ++k) out[f][k] = newIndexOf[faces[f][k]];
    return out;
}

MeshNodes nodesFloat32(const std::vector<std::array<float, 3>>& vertices, FloatMath math) {
    MeshNodes nodes;
    cartesianToLatLon(math, vertices, nodes.lat, nodes.lon);
    nodes.xyz = latLonToCartesian(math, nodes.lat, nodes.lon);
    return nodes;
}

MeshNodes nodesFloat64(const std::vector<std::array<double, 3>>& vertices) {
    std::vector<double> lat, lon;
    cartesianToLatLon64(vertices, lat, lon);
    MeshNodes nodes;
    nodes.lat.assign(lat.begin(), lat.end());
    nodes.lon.assign(lon.begin(), lon.end());
    nodes.xyz = latLonToCartesian64(lat, lon);
    return nodes;
}

}  // namespace

BuiltGraph buildGraph(const GraphBuildOptions& options) {
    Stopwatch clock;
    BuiltGraph built;
    const GridAxes axes = makeGridAxes(options.resolutionDeg, options.latOrder);
    const bool f32 = options.precision == Precision::Float32;

    SphereMesh<float> mesh32;
    SphereMesh<double> mesh64;
    if (f32) mesh32 = buildIcosahedralMesh<float>(options.meshSplits);
    else mesh64 = buildIcosahedralMesh<double>(options.meshSplits);
    const auto& faces = f32 ? mesh32.faces : mesh64.faces;
    const std::size_t nodeCount = f32 ? mesh32.vertices.size() : mesh64.vertices.size();
    built.timings.mesh = clock.lap();

    const std::vector<std::int32_t> permutation = reverseCuthillMcKee(faces, nodeCount);
    const auto finestFaces = relabelled(faces, invertPermutation(permutation));
    built.timings.permutation = clock.lap();

    const MeshNodes nodes = f32 ? nodesFloat32(permuted(mesh32.vertices, permutation), options.math)
                                : nodesFloat64(permuted(mesh64.vertices, permutation));
    const std::vector<Vec3> grid = f32 ? gridCartesian(options.math, axes) : gridCartesian64(axes);
    built.timings.coordinates = clock.lap();

    built.longestEdge = longestEdge(nodes.xyz, finestFaces, options.precision);
    built.radius = options.radiusFraction * built.longestEdge;
    const NearbyMeshNodes near = findMeshNodesWithinRadiusOnGrid(axes.lat, axes.lon, grid, nodes.xyz, built.radius);
    MeshGraph& g = built.graph;
    {  // counting sort by receiving mesh node keeps grid points ascending within a node
        std::vector<std::int64_t> first(nodeCount + 1, 0);
        for (auto m : near.node) ++first[std::size_t(m) + 1];
        for (std::size_t m = 0; m < nodeCount; ++m) first[m + 1] += first[m];
        g.g2mSenders.resize(near.node.size());
        g.g2mReceivers.resize(near.node.size());
        for (std::size_t p = 0; p + 1 < near.start.size(); ++p) {
            for (auto k = near.start[p]; k < near.start[p + 1]; ++k) {
                const auto slot = first[std::size_t(near.node[k])]++;
                g.g2mSenders[slot] = std::int32_t(p);
                g.g2mReceivers[slot] = near.node[k];
            }
        }
    }
    built.timings.grid2mesh = clock.lap();

    const ClosestFaces closest = findClosestFaces(axes.lat, axes.lon, grid, nodes.xyz, finestFaces);
    g.m2gSenders.resize(3 * grid.size());
    g.m2gReceivers.resize(3 * grid.size());
    for (std::size_t p = 0; p < grid.size(); ++p) {
        for (int k = 0; k < 3; ++k) {
            g.m2gSenders[3 * p + k] = finestFaces[closest.face[p]][k];
            g.m2gReceivers[3 * p + k] = std::int32_t(p);
        }
    }
    built.timings.mesh2grid = clock.lap();

    g.gridLat = axes.lat;
    g.gridLon = axes.lon;
    g.meshLat = nodes.lat;
    g.meshLon = nodes.lon;
    g.meshFaces.reserve(3 * finestFaces.size());
    for (const auto& f : finestFaces) g.meshFaces.insert(g.meshFaces.end(), f.begin(), f.end());
    const BuildTimings& t = built.timings;
    built.timings.total = t.mesh + t.permutation + t.coordinates + t.grid2mesh + t.mesh2grid + clock.lap();
    return built;
}

nlohmann::json describeBuild(const GraphBuildOptions& options, const BuiltGraph& built) {
    return {
        {"builder", "meshdiff build-graph " MESHDIFF_VERSION},
        {"resolution_deg", options.resolutionDeg},
        {"mesh_splits", options.meshSplits},
        {"radius_fraction", options.radiusFraction},
        {"lat_order", toString(options.latOrder)},
        {"precision", toString(options.precision)},
        {"float_math", toString(options.math)},
        // NumPy's graph also depends on its BLAS (norms through sdot); the builder sums in the
        // reference BLAS order whatever BLAS this host has.
        {"blas_order", "reference BLAS (sequential sdot sums)"},
        {"longest_mesh_edge", built.longestEdge},
        {"radius", built.radius},
        {"counts",
         {{"n_lat", built.graph.gridLat.size()},
          {"n_lon", built.graph.gridLon.size()},
          {"n_mesh", built.graph.meshCount()},
          {"n_faces", built.graph.faceCount()},
          {"n_g2m_edges", built.graph.g2mSenders.size()},
          {"n_m2g_edges", built.graph.m2gSenders.size()}}},
    };
}

}  // namespace meshdiff
