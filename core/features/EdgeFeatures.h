#pragma once
#include <array>
#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "builder/BuildOptions.h"
#include "graph/GraphView.h"
#include "graph/LargeVectors.h"

namespace meshdiff {

// GraphCast's structural edge features (graphcast/model_utils.py,
// get_bipartite_graph_spatial_features with relative_latitude_local_coordinates and
// relative_longitude_local_coordinates both True): the edge length, then the sender's displacement
// from the receiver in the receiver's local frame (x, y, z), all divided by the edge set's
// normalisation (its longest edge unless given).
//
// Computed as the official host code computes them, step by step:
// - float32, as NumPy rounds each operation: φ = deg2rad(lon), θ = deg2rad(90 − lat),
//   positions (cos φ sin θ, sin φ sin θ, cos θ), rotation angles −φ and −θ + π/2;
// - float64, as SciPy's Rotation.from_euler("zy", …).as_matrix() builds the receiver's rotation
//   (libm sin/cos of the half angles, quaternion product, matrix) and as np.einsum applies it to
//   the float32 positions; differences, lengths (np.linalg.norm) and the division in float64;
// - each feature rounded to float32 at the end (the model's `features.astype(float32)`).
using EdgeFeature = std::array<float, 4>;  // length, dx, dy, dz (normalised)

enum class EdgeSetKind { GridToMesh, MeshToGrid };
const char* edgeSetName(EdgeSetKind kind);  // "g2m", "m2g"

struct EdgeFeatureOptions {
    FloatMath math = FloatMath::Glibc;              // float32 sin/cos (Glibc = NumPy without SIMD sin/cos)
    std::optional<double> meshToGridNormalization;  // ModelConfig.mesh2grid_edge_normalization_factor
};

// A receiver's rotation (row-major; it moves the receiver to latitude 0, longitude 0) and its own
// position rotated by it, as each of its edges rotates it.
struct ReceiverFrame {
    std::array<double, 9> rotation{};
    std::array<double, 3> rotatedSelf{};
};

// One set of nodes (the grid or the mesh) with its float32 positions and float64 receiver frames.
// Grid nodes are separable (p = lat_index × n_lon + lon_index): the trigonometry is done once per
// axis value, which gives the same bits as once per node because each value depends only on its input.
class NodeFrames {
public:
    static NodeFrames grid(std::span<const float> lat, std::span<const float> lon, FloatMath math);
    static NodeFrames mesh(std::span<const float> lat, std::span<const float> lon, FloatMath math);

    std::size_t size() const { return size_; }
    // A grid node's position is two float32 products of its axis values, worked out when asked for:
    // the same bits as storing it, and the axis tables (17 KB at 0.25°) stay in the L1 cache where a
    // table of every grid node (12 MB) missed the cache on most edges.
    std::array<float, 3> position(std::size_t node) const {
        if (nLon_ == 0) return positions_[node];
        const std::size_t i = latIndex(node), j = lonIndex(node);
        return {cosPhi_[j] * sinTheta_[i], sinPhi_[j] * sinTheta_[i], cosTheta_[i]};
    }
    ReceiverFrame frame(std::size_t node) const;
    // Same lat and lon bits as `other`'s node: then positions and frames are the same too.
    bool sameNode(std::size_t node, const NodeFrames& other) const {
        return sameBits(latitude(node), other.latitude(node)) && sameBits(longitude(node), other.longitude(node));
    }
    bool sameNodes(const NodeFrames& other) const;  // every node, as sameNode
    float latitude(std::size_t node) const { return latDeg_[latIndex(node)]; }
    float longitude(std::size_t node) const { return lonDeg_[lonIndex(node)]; }

private:
    static bool sameBits(float x, float y) {
        return std::bit_cast<std::uint32_t>(x) == std::bit_cast<std::uint32_t>(y);
    }
    // node / nLon_ as a multiply and a shift (exact below 2^31: every int32 node index): a 64-bit
    // division was a fifth of the longest-edge pass over the grid's edges.
    std::size_t latIndex(std::size_t node) const {
        if (nLon_ == 0) return node;
        return lonInverse_ != 0 && node < kFastNodes ? (node * lonInverse_) >> lonShift_ : node / nLon_;
    }
    std::size_t lonIndex(std::size_t node) const { return nLon_ == 0 ? node : node - latIndex(node) * nLon_; }
    void setLonCount(std::size_t nLon);
    static constexpr std::size_t kFastNodes = std::size_t(1) << 31;
    static void fill(std::span<const float> lat, std::span<const float> lon, FloatMath math, NodeFrames& out);

    std::size_t size_ = 0, nLon_ = 0;  // nLon_ = 0: one lat and one lon per node (the mesh)
    std::uint64_t lonInverse_ = 0;     // ⌈2^lonShift_ / nLon_⌉, 0 when nLon_ is beyond 2^31
    unsigned lonShift_ = 0;
    std::vector<float> latDeg_, lonDeg_;
    std::vector<std::array<float, 3>> positions_;  // per mesh node, float32 as NumPy computes them
    std::vector<float> sinTheta_, cosTheta_, sinPhi_, cosPhi_;
    std::vector<double> polarHalfSin_, polarHalfCos_, azimuthHalfSin_, azimuthHalfCos_;
};

// The features of one edge before normalisation: the displacement (float64) and its length.
struct RawEdgeFeature {
    std::array<double, 3> displacement{};
    double length = 0;
};
// np.einsum("...ji,...i->...j", R, p) with float64 R and float32 p: NumPy's two-lane sum adds
// terms 0 and 2 first, then term 1.
inline std::array<double, 3> rotate(const std::array<double, 9>& r, const std::array<float, 3>& p) {
    const double p0 = p[0], p1 = p[1], p2 = p[2];
    std::array<double, 3> out{};
    for (int j = 0; j < 3; ++j) out[j] = (r[3 * j] * p0 + r[3 * j + 2] * p2) + r[3 * j + 1] * p1;
    return out;
}
// Inline: the drift of millions of edges calls these once or twice per edge.
inline RawEdgeFeature rawEdgeFeature(const std::array<float, 3>& sender, const ReceiverFrame& receiver) {
    const auto s = rotate(receiver.rotation, sender);
    RawEdgeFeature f;
    for (int k = 0; k < 3; ++k) f.displacement[k] = s[k] - receiver.rotatedSelf[k];
    const auto& d = f.displacement;
    f.length = std::sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
    return f;
}
inline EdgeFeature normalised(const RawEdgeFeature& raw, double normalization) {
    return {float(raw.length / normalization), float(raw.displacement[0] / normalization),
            float(raw.displacement[1] / normalization), float(raw.displacement[2] / normalization)};
}

// Both node sets of a graph and the normalisation of each edge set (longest edge, or as given).
struct GraphEdgeFrames {
    NodeFrames grid, mesh;
    LargeVector<ReceiverFrame> meshFrames;  // the grid→mesh receivers', once per mesh node
    double g2mNormalization = 0, m2gNormalization = 0;
    ReceiverFrame receiverFrame(EdgeSetKind kind, std::int32_t receiver) const;
    const NodeFrames& senders(EdgeSetKind kind) const { return kind == EdgeSetKind::GridToMesh ? grid : mesh; }
    const NodeFrames& receivers(EdgeSetKind kind) const { return kind == EdgeSetKind::GridToMesh ? mesh : grid; }
    double normalization(EdgeSetKind kind) const {
        return kind == EdgeSetKind::GridToMesh ? g2mNormalization : m2gNormalization;
    }
};
// Reads `graph`'s coordinates and every grid→mesh and mesh→grid edge (in parallel).
GraphEdgeFrames graphEdgeFrames(const GraphView& graph, const EdgeFeatureOptions& options = {});

// The feature of one edge of a graph: sender and receiver as the edge set indexes them
// (grid→mesh: grid, mesh; mesh→grid: mesh, grid).
EdgeFeature edgeFeature(const GraphEdgeFrames& frames, EdgeSetKind kind, std::int32_t sender, std::int32_t receiver);

// Every edge's features of one edge set, in the graph's edge order (tests, exports).
std::vector<EdgeFeature> edgeFeatures(const GraphView& graph, EdgeSetKind kind, const EdgeFeatureOptions& options = {});

}  // namespace meshdiff
