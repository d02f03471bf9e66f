#pragma once
#include <filesystem>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "builder/BuildOptions.h"
#include "demo/MessagePassingModel.h"
#include "graph/MeshGraph.h"

namespace meshdiff {

// What the demo and `meshdiff model-step` share, so that a model step on a demo run's graph
// gives that run's fields bit for bit.

// The model's smooth synthetic inputs on the graph's grid: [gridCount × kDemoInputChannels].
std::vector<float> demoModelInputs(const MeshGraph& graph);

// Every `stride`-th grid point in latitude and longitude of each output field (the 1° grid the
// runs save): the model's outputs on `graph` with the given matmul precision.
std::vector<std::vector<float>> demoFields(const MeshGraph& graph, std::size_t stride,
                                           MatmulPrecision precision = MatmulPrecision::Float32);

// One float32 [nLat, nLon] array per demo field, named as demoOutputFields(). Throws meshdiff::Error.
void writeDemoFields(const std::vector<std::vector<float>>& fields, std::size_t nLat, std::size_t nLon,
                     const std::filesystem::path& path);

// The run.json `numpy_simd` entry of a demo host: the float32 math it emulates and what that stands for.
nlohmann::json demoNumpySimd(FloatMath math);

void writeDemoText(const std::filesystem::path& path, const std::string& text);  // throws meshdiff::Error

}  // namespace meshdiff
