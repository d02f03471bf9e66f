#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>

#include "common/Error.h"
#include "demo/Demo.h"
#include "demo/ModelStep.h"
#include "demo/SyntheticWeather.h"
#include "io/GraphFiles.h"
#include "io/NpzArchive.h"

using namespace meshdiff;
namespace fs = std::filesystem;

namespace {

struct Folders {
    fs::path dir = fs::temp_directory_path() / ("meshdiff_model_step_test_" + std::to_string(::getpid()));
    Folders() {
        fs::remove_all(dir);
        writeDemo({(dir / "demo").string(), 1.0});
    }
    ~Folders() { fs::remove_all(dir); }
};

const Folders& folders() {
    static Folders f;
    return f;
}

std::vector<std::uint32_t> bits(const fs::path& fields, const std::string& name) {
    const NdArray a = NpzArchive(fields.string()).read(name);
    std::vector<std::uint32_t> out(a.bytes.size() / 4);
    std::memcpy(out.data(), a.bytes.data(), a.bytes.size());
    return out;
}

std::vector<float> values(const fs::path& fields, const std::string& name) {
    const auto b = bits(fields, name);
    std::vector<float> out(b.size());
    std::memcpy(out.data(), b.data(), b.size() * 4);
    return out;
}

// max over points of |a − b| / std(a), finite points only.
double maxNormalizedDifference(const std::vector<float>& a, const std::vector<float>& b) {
    double sum = 0, sum2 = 0, worst = 0;
    std::size_t n = 0;
    for (float v : a)
        if (std::isfinite(v)) sum += v, sum2 += double(v) * v, ++n;
    const double sd = std::sqrt(std::max(0.0, sum2 / double(n) - (sum / double(n)) * (sum / double(n))));
    for (std::size_t i = 0; i < a.size(); ++i)
        if (std::isfinite(a[i]) && std::isfinite(b[i])) worst = std::max(worst, std::abs(double(a[i]) - b[i]) / sd);
    return worst;
}

ModelStepResult step(const std::string& name, const std::string& graph, FloatMath math, MatmulPrecision precision) {
    ModelStepOptions o;
    o.outDir = (folders().dir / name).string();
    o.graphFile = graph;
    o.math = math;
    o.precision = precision;
    return writeModelStep(o);
}

}  // namespace

TEST(ModelStep, ReproducesTheDemoRunsBitForBitFromTheirGraphOrTheirHostMath) {
    const auto& demo = folders().dir / "demo";
    step("onA", (demo / "A/graph.npz").string(), FloatMath::Glibc, MatmulPrecision::Float32);
    step("asB", "", FloatMath::Eigen, MatmulPrecision::Float32);
    for (const auto& spec : demoOutputFields()) {
        EXPECT_EQ(bits(demo / "A/fields.npz", spec.name), bits(folders().dir / "onA/fields.npz", spec.name))
            << spec.name;
        EXPECT_EQ(bits(demo / "B/fields.npz", spec.name), bits(folders().dir / "asB/fields.npz", spec.name))
            << spec.name;
    }
    std::ifstream meta(folders().dir / "asB/run.json");
    const auto j = nlohmann::json::parse(meta);
    EXPECT_EQ(j["precision"], "float32");
    EXPECT_EQ(j["numpy_simd"]["emulated_float32_math"], "eigen");
    EXPECT_EQ(j["graph_hash"], nlohmann::json::parse(std::ifstream(demo / "B/run.json"))["graph_hash"]);
}

TEST(ModelStep, ReducedMatmulPrecisionMovesEveryFieldAndBfloat16MovesItMoreThanTf32) {
    const std::string graph = (folders().dir / "demo/A/graph.npz").string();
    step("tf32", graph, FloatMath::Glibc, MatmulPrecision::TF32);
    step("bf16", graph, FloatMath::Glibc, MatmulPrecision::BF16);
    for (const auto& spec : demoOutputFields()) {
        const auto a = values(folders().dir / "demo/A/fields.npz", spec.name);
        const double tf32 = maxNormalizedDifference(a, values(folders().dir / "tf32/fields.npz", spec.name));
        const double bf16 = maxNormalizedDifference(a, values(folders().dir / "bf16/fields.npz", spec.name));
        EXPECT_GT(tf32, 0) << spec.name;
        EXPECT_LT(tf32, 0.05) << spec.name;  // a small difference, like TF32 on a GPU
        EXPECT_GT(bf16, tf32) << spec.name;
    }
}

TEST(ModelStep, RejectsAGraphItCannotSaveAt1DegreeAndUnknownPrecisions) {
    EXPECT_THROW(step("missing", "/nonexistent/graph.npz", FloatMath::Glibc, MatmulPrecision::Float32), Error);
    EXPECT_THROW(parseMatmulPrecision("fp8"), Error);
    EXPECT_EQ(parseMatmulPrecision("bf16"), MatmulPrecision::BF16);
}
