#include "demo/MessagePassingModel.h"

#include <tbb/parallel_for.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <random>
#include <span>

#include "builder/SphereCoordinates.h"
#include "common/Error.h"

namespace meshdiff {
namespace {

constexpr int H = MessagePassingModel::kHidden;
constexpr int kMaxInputs = 64;                // of one dense layer
constexpr float kEdgeScale = 1.0f / 0.0125f;  // relative positions in units of about one radius

std::vector<float> randomWeights(std::mt19937& rng, std::size_t count, int fanIn) {
    const float s = 1.5f / std::sqrt(float(fanIn));
    std::vector<float> w(count);
    for (auto& x : w) x = (float(rng()) / 4294967296.0f * 2 - 1) * s;
    return w;
}

int mantissaBits(MatmulPrecision precision) {
    switch (precision) {
        case MatmulPrecision::TF32: return 10;
        case MatmulPrecision::BF16: return 7;
        case MatmulPrecision::Float32: break;
    }
    return 23;
}

float roundToMantissa(float x, int bits) {
    if (bits >= 23 || !std::isfinite(x)) return x;
    const int drop = 23 - bits;
    auto u = std::bit_cast<std::uint32_t>(x);
    const std::uint32_t lowestKept = (u >> drop) & 1u;
    u += (1u << (drop - 1)) - 1u + lowestKept;
    u &= ~((1u << drop) - 1u);
    return std::bit_cast<float>(u);
}

std::vector<float> rounded(std::vector<float> values, int bits) {
    for (auto& v : values) v = roundToMantissa(v, bits);
    return values;
}

// out[i] = tanh(b[i] + Σ_j W[i, j] · in[j]) for i < H; `in` rounded to `bits` (W already is).
void denseTanh(const float* w, const float* b, const float* in, int n, float* out, int bits) {
    float kept[kMaxInputs];
    if (bits < 23) {
        for (int j = 0; j < n; ++j) kept[j] = roundToMantissa(in[j], bits);
        in = kept;
    }
    for (int i = 0; i < H; ++i) {
        float acc = b[i];
        for (int j = 0; j < n; ++j) acc += w[i * n + j] * in[j];
        out[i] = std::tanh(acc);
    }
}

// CSR of `value` grouped by `key`, each group in the order the arrays list it (the order a
// segment sum adds its messages in) or sorted ascending.
enum class GroupOrder { Listed, Ascending };
std::pair<std::vector<std::int64_t>, std::vector<std::int32_t>> grouped(std::span<const std::int32_t> key,
                                                                        std::span<const std::int32_t> value,
                                                                        std::size_t keys, GroupOrder order) {
    std::vector<std::int64_t> start(keys + 1, 0);
    for (auto k : key) ++start[std::size_t(k) + 1];
    for (std::size_t i = 0; i < keys; ++i) start[i + 1] += start[i];
    std::vector<std::int32_t> out(key.size());
    std::vector<std::int64_t> next(start.begin(), start.end() - 1);
    for (std::size_t e = 0; e < key.size(); ++e) out[std::size_t(next[std::size_t(key[e])]++)] = value[e];
    if (order == GroupOrder::Ascending)
        for (std::size_t i = 0; i < keys; ++i) std::sort(out.begin() + start[i], out.begin() + start[i + 1]);
    return {std::move(start), std::move(out)};
}

std::vector<std::array<float, 3>> toFloat(const std::vector<Vec3>& v) {
    std::vector<std::array<float, 3>> out(v.size());
    for (std::size_t i = 0; i < v.size(); ++i) out[i] = {float(v[i][0]), float(v[i][1]), float(v[i][2])};
    return out;
}

}  // namespace

const char* toString(MatmulPrecision precision) {
    switch (precision) {
        case MatmulPrecision::TF32: return "tf32";
        case MatmulPrecision::BF16: return "bf16";
        case MatmulPrecision::Float32: break;
    }
    return "float32";
}

MatmulPrecision parseMatmulPrecision(const std::string& text) {
    for (auto p : {MatmulPrecision::Float32, MatmulPrecision::TF32, MatmulPrecision::BF16})
        if (text == toString(p)) return p;
    throw Error("--precision", "\"" + text + "\" is not a matmul precision: float32, tf32 or bf16");
}

MessagePassingModel::MessagePassingModel(int inputChannels, int outputChannels, std::uint32_t seed)
    : in_(inputChannels), out_(outputChannels) {
    if (in_ < 1 || in_ + 3 > kMaxInputs || out_ < 1) throw Error("", "demo model: unsupported channel counts");
    std::mt19937 rng(seed);
    encoderW_ = randomWeights(rng, std::size_t(H) * (in_ + 3), in_ + 3);
    encoderB_ = randomWeights(rng, H, 4);
    processorW_ = randomWeights(rng, std::size_t(kProcessorSteps) * H * 2 * H, 2 * H);
    processorB_ = randomWeights(rng, std::size_t(kProcessorSteps) * H, 4);
    decoderW_ = randomWeights(rng, std::size_t(H) * (H + 3), H + 3);
    decoderB_ = randomWeights(rng, H, 4);
    outputW_ = randomWeights(rng, std::size_t(out_) * H, H);
}

std::vector<float> MessagePassingModel::run(const MeshGraph& graph, const std::vector<float>& inputs,
                                            MatmulPrecision precision) const {
    const std::size_t nGrid = graph.gridCount(), nMesh = graph.meshCount();
    if (inputs.size() != nGrid * std::size_t(in_)) throw Error("", "model inputs do not match the grid");
    const int bits = mantissaBits(precision);
    const auto encoderW = rounded(encoderW_, bits), processorW = rounded(processorW_, bits),
               decoderW = rounded(decoderW_, bits), outputW = rounded(outputW_, bits);
    std::vector<double> meshLat(graph.meshLat.begin(), graph.meshLat.end());
    std::vector<double> meshLon(graph.meshLon.begin(), graph.meshLon.end());
    const auto meshXyz = toFloat(latLonToCartesian64(meshLat, meshLon));
    const auto gridXyz = toFloat(gridCartesian64(GridAxes{graph.gridLat, graph.gridLon}));

    // Encoder: each mesh node averages one message per incoming grid edge.
    const auto g2m = grouped(graph.g2mReceivers, graph.g2mSenders, nMesh, GroupOrder::Listed);
    const auto& g2mStart = g2m.first;
    const auto& g2mGrid = g2m.second;
    std::vector<float> h(nMesh * H, 0.0f);
    tbb::parallel_for(std::size_t(0), nMesh, [&](std::size_t m) {
        std::vector<float> feat(std::size_t(in_) + 3);
        float msg[H], acc[H] = {};
        const auto count = g2mStart[m + 1] - g2mStart[m];
        for (auto k = g2mStart[m]; k < g2mStart[m + 1]; ++k) {
            const std::size_t g = std::size_t(g2mGrid[std::size_t(k)]);
            std::copy_n(inputs.begin() + std::ptrdiff_t(g * in_), in_, feat.begin());
            for (int d = 0; d < 3; ++d)
                feat[std::size_t(in_) + std::size_t(d)] = (gridXyz[g][d] - meshXyz[m][d]) * kEdgeScale;
            denseTanh(encoderW.data(), encoderB_.data(), feat.data(), in_ + 3, msg, bits);
            for (int i = 0; i < H; ++i) acc[i] += msg[i];
        }
        for (int i = 0; i < H; ++i) h[m * H + i] = count > 0 ? acc[i] / float(count) : 0.0f;
    });

    // Processor: residual updates from the mean of the mesh neighbours.
    std::vector<std::int32_t> from, to;
    for (std::size_t f = 0; f < graph.faceCount(); ++f)
        for (int k = 0; k < 3; ++k) {
            from.push_back(graph.meshFaces[3 * f + k]);
            to.push_back(graph.meshFaces[3 * f + (k + 1) % 3]);
        }
    auto neighbours = grouped(to, from, nMesh, GroupOrder::Ascending);
    auto& nbStart = neighbours.first;
    auto& nb = neighbours.second;
    for (std::size_t m = 0; m < nMesh; ++m) {  // both face orientations give each edge twice
        auto b = nb.begin() + nbStart[m], e = nb.begin() + nbStart[m + 1];
        std::fill(std::unique(b, e), e, -1);
    }
    for (int step = 0; step < kProcessorSteps; ++step) {
        std::vector<float> next(h.size());
        tbb::parallel_for(std::size_t(0), nMesh, [&](std::size_t m) {
            float feat[2 * H] = {}, upd[H];
            int count = 0;
            for (auto k = nbStart[m]; k < nbStart[m + 1]; ++k) {
                const auto n = nb[std::size_t(k)];
                if (n < 0) continue;
                ++count;
                for (int i = 0; i < H; ++i) feat[H + i] += h[std::size_t(n) * H + i];
            }
            for (int i = 0; i < H; ++i) {
                feat[i] = h[m * H + i];
                feat[H + i] /= float(std::max(count, 1));
            }
            denseTanh(processorW.data() + std::size_t(step) * H * 2 * H, processorB_.data() + std::size_t(step) * H,
                      feat, 2 * H, upd, bits);
            for (int i = 0; i < H; ++i) next[m * H + i] = h[m * H + i] + upd[i];
        });
        h.swap(next);
    }

    // Decoder: each grid point reads the three nodes of its triangle.
    const auto m2g = grouped(graph.m2gReceivers, graph.m2gSenders, nGrid, GroupOrder::Listed);
    const auto& m2gStart = m2g.first;
    const auto& m2gMesh = m2g.second;
    std::vector<float> out(nGrid * std::size_t(out_));
    tbb::parallel_for(std::size_t(0), nGrid, [&](std::size_t g) {
        float feat[H + 3] = {}, z[H];
        const auto count = float(m2gStart[g + 1] - m2gStart[g]);
        for (auto k = m2gStart[g]; k < m2gStart[g + 1]; ++k) {
            const std::size_t m = std::size_t(m2gMesh[std::size_t(k)]);
            for (int i = 0; i < H; ++i) feat[i] += h[m * H + i] / count;
            for (int d = 0; d < 3; ++d) feat[H + d] += (gridXyz[g][d] - meshXyz[m][d]) * kEdgeScale / count;
        }
        denseTanh(decoderW.data(), decoderB_.data(), feat, H + 3, z, bits);
        for (int i = 0; i < H; ++i) z[i] = roundToMantissa(z[i], bits);
        for (int c = 0; c < out_; ++c) {
            float acc = 0;
            for (int i = 0; i < H; ++i) acc += outputW[std::size_t(c) * H + i] * z[i];
            out[g * std::size_t(out_) + std::size_t(c)] = acc;
        }
    });
    return out;
}

}  // namespace meshdiff
