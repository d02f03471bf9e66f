#pragma once
#include <string>

#include <nlohmann/json.hpp>

namespace meshdiff {

struct DemoOptions {
    std::string outDir;
    double resolutionDeg = 1.0;  // 1.0, 0.5, 0.25 or 0.1 (fields are saved at 1°, every 4th point, as real runs do)
};

// How the A − B field differences sit relative to the graph differences.
struct DemoMeasurement {
    std::size_t g2mDiffering = 0, m2gDiffering = 0, movedNodes = 0;
    std::size_t gridPoints = 0, nearPoints = 0;  // saved grid points; those near a differing item
    double nearShareOfSquaredDifference = 0;     // Σ near / Σ all of the normalized (A − B)²
    double maxNormalizedDifferenceNear = 0, maxNormalizedDifferenceElsewhere = 0;
    std::size_t fields = 0;
};

struct DemoResult {
    std::string runA, runB;
    DemoMeasurement measurement;
    nlohmann::json toJson() const;
};

// Writes DIR/A and DIR/B: graph.npz (the shared fixture layout) built with glibc and Eigen float32 math, fields.npz
// from the same small message-passing model on smooth synthetic inputs, run.json marked synthetic; and DIR/demo.json
// with the measurement. Throws meshdiff::Error.
DemoResult writeDemo(const DemoOptions& options);

}  // namespace meshdiff
