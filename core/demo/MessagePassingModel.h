#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "graph/MeshGraph.h"

namespace meshdiff {

// How the model's matrix products treat their inputs, like a GPU's matmul modes: float32 as is,
// or both factors rounded to TF32's 10 or bfloat16's 7 mantissa bits (nearest, ties to even)
// with float32 accumulation. A change of mode moves every output point: a spread difference.
enum class MatmulPrecision { Float32, TF32, BF16 };
const char* toString(MatmulPrecision precision);
MatmulPrecision parseMatmulPrecision(const std::string& text);  // throws meshdiff::Error

// A tiny encoder–processor–decoder graph network with fixed pseudo-random weights, in float32:
// grid→mesh (mean of per-edge messages from grid inputs and edge geometry), two rounds of
// mesh message passing over the finest-face edges, mesh→grid (the three triangle nodes).
// The same weights on two graphs differ only where the graphs do.
class MessagePassingModel {
public:
    MessagePassingModel(int inputChannels, int outputChannels, std::uint32_t seed = 20261129);

    // inputs: [gridCount × inputChannels]; returns [gridCount × outputChannels], order of the
    // graph's grid index.
    std::vector<float> run(const MeshGraph& graph, const std::vector<float>& inputs,
                           MatmulPrecision precision = MatmulPrecision::Float32) const;

    static constexpr int kHidden = 16;
    static constexpr int kProcessorSteps = 2;

private:
    int in_, out_;
    std::vector<float> encoderW_, encoderB_, processorW_, processorB_, decoderW_, decoderB_, outputW_;
};

}  // namespace meshdiff
