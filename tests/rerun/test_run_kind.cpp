#include <gtest/gtest.h>

#include "rerun/RunKind.h"

using meshdiff::RunInputs;
using meshdiff::rerun::runKindOf;

namespace {

// A run folder as discoverRun finds it: a graph, optionally fields and metadata.
RunInputs run(const std::string& path, bool fields, const nlohmann::json& metadata = nlohmann::json::object()) {
    RunInputs r;
    r.path = path;
    r.graphFile = path + "/graph.npz";
    if (fields) r.fieldsFile = path + "/fields.npz";
    if (!metadata.empty()) r.metadataFile = path + "/run.json";
    r.metadata = metadata;
    return r;
}

const nlohmann::json kDemo = {{"synthetic", true}, {"numpy_simd", {{"emulated_float32_math", "glibc"}}}};
const nlohmann::json kModel = {{"label", "AVX2 host"}, {"device", "NVIDIA H200"}, {"numpy_simd", {"AVX2", "FMA3"}}};

}  // namespace

TEST(RunKind, TheDemosRunsAreDemoRunsAModelsAreModelRuns) {
    EXPECT_EQ(runKindOf(run("/a", true, kDemo), run("/b", true, kDemo)).kind, "demo");
    EXPECT_EQ(runKindOf(run("/a", true, kModel), run("/b", true, kModel)).kind, "model");
    // One demo run against a model's run is not the demo: the demo recipe could not read both.
    EXPECT_EQ(runKindOf(run("/a", true, kDemo), run("/b", true, kModel)).kind, "model");
    EXPECT_EQ(runKindOf(run("/a", true), run("/b", true)).kind, "model");  // fields without metadata
    EXPECT_FALSE(runKindOf(run("/a", true, kModel), run("/b", true)).reason.empty());
}

TEST(RunKind, GraphsWithoutFieldsAreGraphRunsAndNoRunIsNoKind) {
    EXPECT_EQ(runKindOf(run("/a", false), run("/b", false)).kind, "graphs");
    EXPECT_EQ(runKindOf(run("/a", false, kModel), run("/b", true, kModel)).kind, "graphs");
    EXPECT_EQ(runKindOf(run("/a", false), RunInputs{}).kind, "");
    RunInputs metadataOnly;
    metadataOnly.path = "/m";
    EXPECT_EQ(runKindOf(metadataOnly, metadataOnly).kind, "");
}
