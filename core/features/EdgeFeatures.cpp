#include "features/EdgeFeatures.h"

#include <tbb/parallel_for.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <functional>
#include <numbers>
#include <utility>

#include "builder/Float32Math.h"
#include "features/EdgeLengthBatch.h"

namespace meshdiff {
namespace {

// NumPy's float32 deg2rad: π and 180 each rounded to float32 first.
const float kDegToRad = std::numbers::pi_v<float> / 180.0f;
// `np.pi / 2` added to a float32 array: NumPy rounds the Python float to float32 first.
const float kHalfPi = static_cast<float>(std::numbers::pi / 2);

using Quaternion = std::array<double, 4>;  // x, y, z, w as SciPy stores it

// SciPy's quaternion product p ∘ q, each sum in the order SciPy's compiled loop adds it.
Quaternion compose(const Quaternion& p, const Quaternion& q) {
    const double c0 = p[1] * q[2] - p[2] * q[1];
    const double c1 = p[2] * q[0] - p[0] * q[2];
    const double c2 = p[0] * q[1] - p[1] * q[0];
    return {p[3] * q[0] + q[3] * p[0] + c0, p[3] * q[1] + q[3] * p[1] + c1, p[3] * q[2] + q[3] * p[2] + c2,
            p[3] * q[3] - p[0] * q[0] - p[1] * q[1] - p[2] * q[2]};
}

// SciPy's Rotation.as_matrix of a (not renormalised) quaternion, row-major.
std::array<double, 9> matrixOf(const Quaternion& q) {
    const double x = q[0], y = q[1], z = q[2], w = q[3];
    const double x2 = x * x, y2 = y * y, z2 = z * z, w2 = w * w;
    const double xy = x * y, zw = z * w, xz = x * z, yw = y * w, yz = y * z, xw = x * w;
    return {x2 - y2 - z2 + w2, 2 * (xy - zw),      2 * (xz + yw),  //
            2 * (xy + zw),     -x2 + y2 - z2 + w2, 2 * (yz - xw),  //
            2 * (xz - yw),     2 * (yz + xw),      -x2 - y2 + z2 + w2};
}

// np.linalg.norm's sum of squares of the displacement, before its square root.
double squaredLength(const std::array<float, 3>& sender, const ReceiverFrame& receiver) {
    const auto s = rotate(receiver.rotation, sender);
    const double d0 = s[0] - receiver.rotatedSelf[0], d1 = s[1] - receiver.rotatedSelf[1],
                 d2 = s[2] - receiver.rotatedSelf[2];
    return d0 * d0 + d1 * d1 + d2 * d2;
}

// A node's position, remembered until another node is asked for.
class PositionMemo {
public:
    explicit PositionMemo(const NodeFrames& nodes) : nodes_(nodes) {}
    const std::array<float, 3>& at(std::int32_t node) {
        if (node != node_) {
            node_ = node;
            position_ = nodes_.position(static_cast<std::size_t>(node));
        }
        return position_;
    }

private:
    const NodeFrames& nodes_;
    std::int32_t node_ = -1;
    std::array<float, 3> position_{};
};

// The longest edge of an edge set, as the official code measures it (rotated displacements).
// A rotation changes a float64 squared length by rounding only (~1e-15 of it for any edge longer
// than ~1e-6), so the longest rotated edge is among the edges whose unrotated squared length is
// within 1e-6 of the largest: only those (a handful) are rotated, in one pass over the edges that
// keeps each chunk's near-longest ones. Sets of shorter edges are measured whole.
// Receivers by point (GraphView::m2gReceiversByPoint): `receivers` is empty and edge e ends at e / 3.
double longestEdge(std::span<const std::int32_t> senders, std::span<const std::int32_t> receivers, bool byPoint,
                   const NodeFrames& senderNodes, const NodeFrames& receiverNodes,
                   const std::function<ReceiverFrame(std::int32_t)>& frameOf) {
    auto receiverOf = [&](std::size_t e) { return byPoint ? static_cast<std::int32_t>(e / 3) : receivers[e]; };
    constexpr double kNear = 1 - 1e-6;
    constexpr std::size_t kChunks = 64;
    struct Chunk {
        double largest = 0;
        std::vector<std::pair<double, std::size_t>> near;  // (unrotated squared length, edge)
    };
    std::vector<Chunk> chunks(kChunks);
    const std::size_t n = senders.size();
    tbb::parallel_for(std::size_t(0), kChunks, [&](std::size_t c) {
        Chunk& chunk = chunks[c];
        // Edge sets list a node's edges together (mesh→grid: a grid point's three; grid→mesh: the
        // mesh nodes near a grid point): the last positions are kept rather than worked out again.
        PositionMemo sender(senderNodes), receiver(receiverNodes);
        float s[3][kEdgeLengthBatch], r[3][kEdgeLengthBatch];
        double u[kEdgeLengthBatch];
        const std::size_t end = n * (c + 1) / kChunks;
        for (std::size_t first = n * c / kChunks; first < end; first += kEdgeLengthBatch) {
            const std::size_t count = std::min(kEdgeLengthBatch, end - first);
            for (std::size_t k = 0; k < count; ++k) {
                const auto& sp = sender.at(senders[first + k]);
                const auto& rp = receiver.at(receiverOf(first + k));
                for (int i = 0; i < 3; ++i) {
                    s[i][k] = sp[std::size_t(i)];
                    r[i][k] = rp[std::size_t(i)];
                }
            }
            unrotatedSquaredLengths(count, s, r, u);
            // Most batches hold no candidate once the chunk's largest is known: one branch-free pass
            // (NaN counts as a candidate, as below) instead of a compare and a branch per edge.
            const double threshold = chunk.largest * kNear;
            bool anyCandidate = false;
            for (std::size_t k = 0; k < count; ++k) anyCandidate |= !(u[k] < threshold);
            if (!anyCandidate) continue;
            for (std::size_t k = 0; k < count; ++k) {
                if (u[k] < chunk.largest * kNear) continue;
                chunk.largest = std::max(chunk.largest, u[k]);
                chunk.near.emplace_back(u[k], first + k);
            }
        }
    });
    double largest = 0;
    for (const Chunk& c : chunks) largest = std::max(largest, c.largest);
    auto rotated = [&](std::size_t e) {
        return squaredLength(senderNodes.position(static_cast<std::size_t>(senders[e])), frameOf(receiverOf(e)));
    };
    double longestSquared = 0;
    if (largest > 1e-12) {
        for (const Chunk& c : chunks)
            for (const auto& [u, e] : c.near)
                if (u >= largest * kNear) longestSquared = std::max(longestSquared, rotated(e));
    } else {
        for (std::size_t e = 0; e < n; ++e) longestSquared = std::max(longestSquared, rotated(e));
    }
    // sqrt is correctly rounded and monotonic: the root of the largest square is the largest root.
    return std::sqrt(longestSquared);
}

}  // namespace

const char* edgeSetName(EdgeSetKind kind) { return kind == EdgeSetKind::GridToMesh ? "g2m" : "m2g"; }

void NodeFrames::fill(std::span<const float> lat, std::span<const float> lon, FloatMath math, NodeFrames& out) {
    out.latDeg_.assign(lat.begin(), lat.end());
    out.lonDeg_.assign(lon.begin(), lon.end());
    std::vector<float> theta(lat.size()), phi(lon.size());
    for (std::size_t i = 0; i < lat.size(); ++i) theta[i] = (90.0f - lat[i]) * kDegToRad;
    for (std::size_t j = 0; j < lon.size(); ++j) phi[j] = lon[j] * kDegToRad;
    out.sinTheta_ = sinArray(math, theta);
    out.cosTheta_ = cosArray(math, theta);
    out.sinPhi_ = sinArray(math, phi);
    out.cosPhi_ = cosArray(math, phi);
    out.polarHalfSin_.resize(lat.size());
    out.polarHalfCos_.resize(lat.size());
    for (std::size_t i = 0; i < lat.size(); ++i) {
        const float polar = -theta[i] + kHalfPi;
        const double half = double(polar) / 2;
        out.polarHalfSin_[i] = std::sin(half);
        out.polarHalfCos_[i] = std::cos(half);
    }
    out.azimuthHalfSin_.resize(lon.size());
    out.azimuthHalfCos_.resize(lon.size());
    for (std::size_t j = 0; j < lon.size(); ++j) {
        const double half = double(-phi[j]) / 2;
        out.azimuthHalfSin_[j] = std::sin(half);
        out.azimuthHalfCos_[j] = std::cos(half);
    }
}

NodeFrames NodeFrames::grid(std::span<const float> lat, std::span<const float> lon, FloatMath math) {
    NodeFrames f;
    fill(lat, lon, math, f);
    f.size_ = lat.size() * lon.size();
    f.setLonCount(lon.size());
    return f;
}

// With l = ⌈log2 d⌉, s = 32 + l and m = ⌈2^s / d⌉ (m·d − 2^s < d ≤ 2^l), n·m / 2^s exceeds n / d by
// less than 2^-(l+1) ≤ 1/d for n < 2^31, so its floor is ⌊n / d⌋; n·m < 2^31 · 2^33 fits 64 bits.
void NodeFrames::setLonCount(std::size_t nLon) {
    nLon_ = nLon;
    lonInverse_ = 0;
    if (nLon == 0 || nLon > kFastNodes) return;
    const unsigned l = static_cast<unsigned>(std::bit_width(nLon - 1));
    lonShift_ = 32 + l;
    const std::uint64_t power = std::uint64_t(1) << lonShift_;  // l ≤ 31: s ≤ 63
    lonInverse_ = power / nLon + (power % nLon != 0 ? 1 : 0);
}

NodeFrames NodeFrames::mesh(std::span<const float> lat, std::span<const float> lon, FloatMath math) {
    NodeFrames f;
    fill(lat, lon, math, f);
    f.size_ = lat.size();
    f.positions_.resize(f.size_);
    for (std::size_t m = 0; m < f.size_; ++m)
        f.positions_[m] = {f.cosPhi_[m] * f.sinTheta_[m], f.sinPhi_[m] * f.sinTheta_[m], f.cosTheta_[m]};
    return f;
}

bool NodeFrames::sameNodes(const NodeFrames& other) const {
    return nLon_ == other.nLon_ && size_ == other.size_ && latDeg_.size() == other.latDeg_.size() &&
           lonDeg_.size() == other.lonDeg_.size() &&
           std::memcmp(latDeg_.data(), other.latDeg_.data(), latDeg_.size() * sizeof(float)) == 0 &&
           std::memcmp(lonDeg_.data(), other.lonDeg_.data(), lonDeg_.size() * sizeof(float)) == 0;
}

ReceiverFrame NodeFrames::frame(std::size_t node) const {
    const std::size_t i = latIndex(node), j = lonIndex(node);
    // Extrinsic "zy": first about z by −φ, then about y by −θ + π/2.
    const Quaternion aboutZ{0.0, 0.0, azimuthHalfSin_[j], azimuthHalfCos_[j]};
    const Quaternion aboutY{0.0, polarHalfSin_[i], 0.0, polarHalfCos_[i]};
    ReceiverFrame f;
    f.rotation = matrixOf(compose(aboutY, aboutZ));
    f.rotatedSelf = rotate(f.rotation, position(node));
    return f;
}

ReceiverFrame GraphEdgeFrames::receiverFrame(EdgeSetKind kind, std::int32_t receiver) const {
    const auto r = static_cast<std::size_t>(receiver);
    return kind == EdgeSetKind::GridToMesh ? meshFrames[r] : grid.frame(r);
}

GraphEdgeFrames graphEdgeFrames(const GraphView& graph, const EdgeFeatureOptions& options) {
    GraphEdgeFrames frames{NodeFrames::grid(graph.gridLat, graph.gridLon, options.math),
                           NodeFrames::mesh(graph.meshLat, graph.meshLon, options.math),
                           {}};
    frames.meshFrames.resize(frames.mesh.size());
    for (std::size_t m = 0; m < frames.meshFrames.size(); ++m) frames.meshFrames[m] = frames.mesh.frame(m);
    frames.g2mNormalization =
        longestEdge(graph.g2mSenders, graph.g2mReceivers, false, frames.grid, frames.mesh,
                    [&](std::int32_t m) { return frames.meshFrames[static_cast<std::size_t>(m)]; });
    frames.m2gNormalization =
        options.meshToGridNormalization
            ? *options.meshToGridNormalization
            : longestEdge(graph.m2gSenders, graph.m2gReceivers, graph.m2gReceiversByPoint, frames.mesh, frames.grid,
                          [&](std::int32_t p) { return frames.grid.frame(static_cast<std::size_t>(p)); });
    return frames;
}

EdgeFeature edgeFeature(const GraphEdgeFrames& frames, EdgeSetKind kind, std::int32_t sender, std::int32_t receiver) {
    return normalised(rawEdgeFeature(frames.senders(kind).position(static_cast<std::size_t>(sender)),
                                     frames.receiverFrame(kind, receiver)),
                      frames.normalization(kind));
}

std::vector<EdgeFeature> edgeFeatures(const GraphView& graph, EdgeSetKind kind, const EdgeFeatureOptions& options) {
    const GraphEdgeFrames frames = graphEdgeFrames(graph, options);
    const bool g2m = kind == EdgeSetKind::GridToMesh;
    const auto senders = g2m ? graph.g2mSenders : graph.m2gSenders;
    std::vector<EdgeFeature> out(senders.size());
    for (std::size_t e = 0; e < out.size(); ++e)
        out[e] = edgeFeature(frames, kind, senders[e], g2m ? graph.g2mReceivers[e] : graph.m2gReceiver(e));
    return out;
}

}  // namespace meshdiff
