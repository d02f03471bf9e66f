#include "demo/DemoRunFolder.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <fstream>

#include "common/Error.h"
#include "demo/SyntheticWeather.h"
#include "io/NpzArchive.h"

namespace fs = std::filesystem;

namespace meshdiff {
namespace {

// A fixed weight in [-1, 1] of input channel c in the base pattern of field k.
float mixing(std::size_t k, int c) { return float(int((k * 7 + std::size_t(c) * 3) % 11) - 5) / 5.0f; }

// Physical fields from the model output: a smooth base pattern per field plus the model's part.
std::vector<std::vector<float>> physicalFields(const MeshGraph& g, const std::vector<float>& inputs,
                                               const std::vector<float>& y, std::size_t stride) {
    const auto& specs = demoOutputFields();
    const std::size_t nLon = g.gridLon.size(), nOut = specs.size();
    std::vector<std::vector<float>> fields(nOut);
    for (std::size_t k = 0; k < nOut; ++k) {
        const auto& s = specs[k];
        for (std::size_t i = 0; i < g.gridLat.size(); i += stride) {
            for (std::size_t j = 0; j < nLon; j += stride) {
                const std::size_t p = i * nLon + j;
                float base = 0;
                for (int c = 0; c < kDemoInputChannels; ++c)
                    base += mixing(k, c) * inputs[p * kDemoInputChannels + std::size_t(c)];
                float v = s.offset + s.scale * (0.6f * base + 0.5f * y[p * nOut + k]);
                v = std::max(v, s.lowest);
                if (s.name == "sea_ice_cover") v = std::min(v, 1.0f);
                if (s.oceanOnly && demoLand(g.gridLat[i], g.gridLon[j])) v = std::nanf("");
                fields[k].push_back(v);
            }
        }
    }
    return fields;
}

}  // namespace

std::vector<float> demoModelInputs(const MeshGraph& g) {
    std::vector<float> x(g.gridCount() * kDemoInputChannels);
    const std::size_t nLon = g.gridLon.size();
    for (std::size_t i = 0; i < g.gridLat.size(); ++i)
        for (std::size_t j = 0; j < nLon; ++j)
            for (int c = 0; c < kDemoInputChannels; ++c)
                x[(i * nLon + j) * kDemoInputChannels + std::size_t(c)] = demoInput(c, g.gridLat[i], g.gridLon[j]);
    return x;
}

std::vector<std::vector<float>> demoFields(const MeshGraph& graph, std::size_t stride, MatmulPrecision precision) {
    const MessagePassingModel model(kDemoInputChannels, int(demoOutputFields().size()));
    const auto inputs = demoModelInputs(graph);
    return physicalFields(graph, inputs, model.run(graph, inputs, precision), stride);
}

void writeDemoFields(const std::vector<std::vector<float>>& fields, std::size_t nLat, std::size_t nLon,
                     const fs::path& path) {
    NpzWriter npz(path.string(), true);
    const auto& specs = demoOutputFields();
    for (std::size_t k = 0; k < specs.size() && k < fields.size(); ++k) {
        NdArray a;
        a.dtype = DType::Float32;
        a.shape = {nLat, nLon};
        a.bytes.resize(fields[k].size() * sizeof(float));
        std::memcpy(a.bytes.data(), fields[k].data(), a.bytes.size());
        npz.add(specs[k].name, a);
    }
    npz.close();
}

nlohmann::json demoNumpySimd(FloatMath math) {
    return {{"emulated_float32_math", toString(math)},
            {"stands_for", math == FloatMath::Glibc ? "a host whose NumPy calls scalar libm (no SIMD sin/cos)"
                                                    : "a host whose NumPy uses vectorized float32 sin/cos"}};
}

void writeDemoText(const fs::path& path, const std::string& text) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    if (!out || !(out << text) || !out.flush()) throw Error(path.string(), "cannot write");
}

}  // namespace meshdiff
