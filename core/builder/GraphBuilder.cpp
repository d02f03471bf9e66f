#include "builder/GraphBuilder.h"

#include <chrono>

#include "builder/ClosestFaces.h"
#include "builder/EdgeOrdering.h"
#include "builder/IcosahedralMesh.h"
#include "builder/NearbyMeshNodes.h"
#include "builder/ReverseCuthillMcKee.h"
#include "builder/SphereCoordinates.h"
#include "common/Error.h"

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

double gridToMeshRadius(const GraphBuildOptions& options, double longestEdge) {
    if (options.numpyMajor >= 2 && options.precision == Precision::Float32)
        return double(float(options.radiusFraction) * float(longestEdge));  // NEP 50: the Python float stays weak
    return options.radiusFraction * longestEdge;
}

BuiltGraph buildGraph(const GraphBuildOptions& options) {
    if (options.edgeOrder == EdgeOrder::Official && !officialEdgeOrderReproducible(options))
        throw Error("", "NumPy 2's np.argsort with " + toString(options.dispatch) +
                            " dispatch (x86-simd-sort) orders equal receivers in a way the builder does not "
                            "reproduce: ask for the canonical edge order or the baseline dispatch");
    Stopwatch clock;
    BuiltGraph built;
    const GridAxes axes = makeGridAxes(options.resolutionDeg, options.latOrder);
    const bool f32 = options.precision == Precision::Float32;

    SphereMesh<float> mesh32;
    SphereMesh<double> mesh64;
    if (f32) mesh32 = buildIcosahedralMesh<float>(options.meshSplits, blasSumOf(options));
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
    built.radius = gridToMeshRadius(options, built.longestEdge);
    const NearbyMeshNodes near = findMeshNodesWithinRadiusOnGrid(axes.lat, axes.lon, grid, nodes.xyz, built.radius);
    MeshGraph& g = built.graph;
    g.g2mSenders.resize(near.node.size());
    g.g2mReceivers.assign(near.node.begin(), near.node.end());
    for (std::size_t p = 0; p + 1 < near.start.size(); ++p)
        for (auto k = near.start[p]; k < near.start[p + 1]; ++k) g.g2mSenders[std::size_t(k)] = std::int32_t(p);
    orderEdgesByReceiver(g.g2mSenders, g.g2mReceivers, nodeCount, options.edgeOrder);
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
    if (options.edgeOrder == EdgeOrder::Official)
        orderEdgesByReceiver(g.m2gSenders, g.m2gReceivers, grid.size(), options.edgeOrder);
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

std::string gridToMeshRadiusProduct(const GraphBuildOptions& options) {
    return options.numpyMajor >= 2 && options.precision == Precision::Float32 ? "float32" : "float64";
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
        {"numpy_major", options.numpyMajor},
        {"numpy_dispatch", toString(options.dispatch)},
        {"radius_product", gridToMeshRadiusProduct(options)},
        {"blas", toString(blasSumOf(options))},
        {"blas_order", blasSumOf(options) == BlasSum::Reference
                           ? "reference BLAS (sdot: float32 sums in order)"
                           : "OpenBLAS x86_64 sdot (float32 squares summed in float64, rounded once)"},
        // NumPy's float32 sin/cos/atan2/acos above its baseline dispatch are its own SIMD code,
        // which the builder does not emulate.
        {"float_math_is_hosts", options.precision == Precision::Float32 && options.math == FloatMath::Glibc &&
                                    options.dispatch == NumpyDispatch::Baseline},
        {"edge_order", toString(options.edgeOrder)},
        {"edge_order_is_hosts", options.edgeOrder == EdgeOrder::Official},
        {"host_edge_order_reproducible", officialEdgeOrderReproducible(options)},
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
