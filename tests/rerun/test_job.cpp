#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>

#include "common/Error.h"
#include "rerun/Job.h"

using namespace meshdiff;
using namespace meshdiff::rerun;
using nlohmann::json;

namespace {

JobContext sampleContext() {
    JobContext context;
    context.outDir = "/runs/7/out";
    context.values = {{"meshdiff", "/usr/bin/meshdiff"}, {"resources", "/res"}, {"run", "7"}, {"host", "h"}};
    context.fileKeys = {"resources"};
    context.runs["A"] = {"/data/a", "$(touch /tmp/meshdiff-pwned-job)", "/data/a/graph.npz", "/data/a/fields.npz"};
    context.runs["B"] = {"/data/b", "B; rm -rf /", "/data/b/graph.npz", ""};
    return context;
}

Recipe recipe(const char* text) { return recipeFromJson(json::parse(text)); }

std::string envValue(const Job& job, const std::string& name) {
    for (const auto& [key, value] : job.env)
        if (key == name) return value;
    return "<unset>";
}

std::filesystem::path sourceDir() { return MESHDIFF_SOURCE_DIR; }

}  // namespace

TEST(Job, GroupsWithAnEmptyValueAreLeftOut) {
    Recipe r = recipe(R"({"name": "t", "command": ["run", ["--edges", "{graph}"], ["--tag", "{tag}"]],
                          "params": {"graph": "", "tag": "x"}})");
    EXPECT_EQ(resolveJob(r, sampleContext()).argv, (std::vector<std::string>{"run", "--tag", "x"}));
    r.params["graph"] = "{A.graph}";
    EXPECT_EQ(resolveJob(r, sampleContext()).argv,
              (std::vector<std::string>{"run", "--edges", "/data/a/graph.npz", "--tag", "x"}));
}

TEST(Job, AnEmptyRequiredValueIsAnError) {
    const Recipe r = recipe(R"({"name": "t", "command": ["run", "--data", "{data}"], "params": {"data": ""}})");
    EXPECT_THROW(resolveJob(r, sampleContext()), Error);
    const Recipe noB = recipe(R"({"name": "t", "command": ["run", "{B.fields}"]})");
    EXPECT_THROW(resolveJob(noB, sampleContext()), Error);
}

TEST(Job, RunFolderValuesStayOneLiteralArgument) {
    const Recipe r =
        recipe(R"({"name": "t", "command": ["echo", "{A.label}", "x{B.label}"], "env": {"L": "{A.label}"}})");
    const Job job = resolveJob(r, sampleContext());
    EXPECT_EQ(job.argv, (std::vector<std::string>{"echo", "$(touch /tmp/meshdiff-pwned-job)", "xB; rm -rf /"}));
    EXPECT_EQ(envValue(job, "L"), "$(touch /tmp/meshdiff-pwned-job)");
}

TEST(Job, EmptyEnvironmentValuesLeaveTheVariableUnset) {
    const Recipe r = recipe(R"({"name": "t", "command": ["x"], "params": {"gpus": ""},
                                "env": {"CUDA_VISIBLE_DEVICES": "{gpus}", "KEEP": "1"}})");
    const Job job = resolveJob(r, sampleContext());
    EXPECT_EQ(envValue(job, "CUDA_VISIBLE_DEVICES"), "<unset>");
    EXPECT_EQ(envValue(job, "KEEP"), "1");
}

TEST(Job, InputsAreMappedOnceAndRecorded) {
    const Recipe r =
        recipe(R"({"name": "t", "command": ["x", "{A.graph}", "{A.graph}", "{script}", "{resources}/s.py", "{out}/g"],
                                "params": {"script": "/home/u/build.py"}, "files": ["script"]})");
    JobContext context = sampleContext();
    int calls = 0;
    context.mapInput = [&calls](const std::string& path) {
        return "/remote/in/" + std::to_string(++calls) + "-" + std::filesystem::path(path).filename().string();
    };
    const Job job = resolveJob(r, context);
    EXPECT_EQ(job.argv, (std::vector<std::string>{"x", "/remote/in/1-graph.npz", "/remote/in/1-graph.npz",
                                                  "/remote/in/2-build.py", "/remote/in/3-res/s.py", "/runs/7/out/g"}));
    ASSERT_EQ(job.inputs.size(), 3u);
    EXPECT_EQ(job.inputs[0].localPath, "/data/a/graph.npz");
    EXPECT_EQ(job.inputs[1].localPath, "/home/u/build.py");
    EXPECT_EQ(job.inputs[2].localPath, "/res");
    EXPECT_EQ(job.workdir, "/runs/7/out");
}

TEST(Job, UnusedInputsAreNotCopied) {
    const Recipe r = recipe(R"({"name": "t", "command": ["x", ["--edges", "{graph}"]],
                                "options": [{"name": "graph", "choices": [{"label": "own", "params": {"graph": ""}},
                                                                          {"label": "A", "params": {"graph": "{A.graph}"}}]}]})");
    JobContext context = sampleContext();
    context.mapInput = [](const std::string& path) { return "/remote" + path; };
    EXPECT_TRUE(resolveJob(r, context).inputs.empty());
}

TEST(ShippedRecipes, NumPyPresetsDisableTheRightCpuFeatures) {
    Recipe r = loadRecipe((sourceDir() / "resources/recipes/numpy-rebuild.json").string());
    r.params["script"] = "/home/u/build_graph.py";
    auto* simd = r.option("simd");
    ASSERT_NE(simd, nullptr);
    simd->selected = "as an AVX2 host (NumPy 1 names)";
    EXPECT_EQ(envValue(resolveJob(r, sampleContext()), "NPY_DISABLE_CPU_FEATURES"),
              "AVX512F AVX512CD AVX512_SKX AVX512_CLX AVX512_CNL AVX512_ICL");
    simd->selected = "as a pre-AVX2 host (NumPy 1 names)";
    EXPECT_EQ(envValue(resolveJob(r, sampleContext()), "NPY_DISABLE_CPU_FEATURES"),
              "AVX512F AVX512CD AVX512_SKX AVX512_CLX AVX512_CNL AVX512_ICL AVX2 FMA3");
    // NumPy 2 groups its x86 targets; its NumPy 1 names would leave them on.
    simd->selected = "as an AVX2 host (NumPy 2: X86_V4 off)";
    EXPECT_EQ(envValue(resolveJob(r, sampleContext()), "NPY_DISABLE_CPU_FEATURES"), "X86_V4 AVX512_ICL AVX512_SPR");
    simd->selected = "as a pre-AVX2 host (NumPy 2: X86_V3 and X86_V4 off)";
    EXPECT_EQ(envValue(resolveJob(r, sampleContext()), "NPY_DISABLE_CPU_FEATURES"),
              "X86_V4 AVX512_ICL AVX512_SPR X86_V3");
    simd->selected = "all features of the host";
    const Job job = resolveJob(r, sampleContext());
    EXPECT_EQ(envValue(job, "NPY_DISABLE_CPU_FEATURES"), "<unset>");
    EXPECT_EQ(job.argv, (std::vector<std::string>{"python3", "/home/u/build_graph.py", "--res", "1.0", "--out",
                                                  "/runs/7/out/graph.npz"}));
}

TEST(ShippedRecipes, NumPyRebuildChoosesTheBlasUnderNumPy) {
    Recipe r = loadRecipe((sourceDir() / "resources/recipes/numpy-rebuild.json").string());
    r.params["script"] = "/home/u/build_graph.py";
    auto* blas = r.option("blas");
    ASSERT_NE(blas, nullptr);
    EXPECT_EQ(envValue(resolveJob(r, sampleContext()), "LD_LIBRARY_PATH"), "<unset>");
    blas->selected = "reference BLAS/LAPACK";
    EXPECT_EQ(envValue(resolveJob(r, sampleContext()), "LD_LIBRARY_PATH"),
              "/usr/lib/x86_64-linux-gnu/blas:/usr/lib/x86_64-linux-gnu/lapack");
    blas->selected = "OpenBLAS";
    EXPECT_EQ(envValue(resolveJob(r, sampleContext()), "LD_LIBRARY_PATH"),
              "/usr/lib/x86_64-linux-gnu/openblas-pthread");
}

TEST(ShippedRecipes, ModelStepSwapsTheGraphAndSetsKnobs) {
    Recipe r = loadRecipe((sourceDir() / "resources/recipes/model-step.json").string());
    r.params["data"] = "/data/era5.nc";
    r.params["checkout"] = "/src/fwn";
    r.params["gpus"] = "1";
    r.option("graph")->selected = "B's graph";
    r.option("tf32")->selected = "off (NVIDIA_TF32_OVERRIDE=0)";
    r.option("autotune")->selected = "off";
    const Job job = resolveJob(r, sampleContext());
    EXPECT_EQ(job.argv, (std::vector<std::string>{"python3", "cloud/canary_run.py", "--data", "/data/era5.nc", "--json",
                                                  "/runs/7/out/run.json", "--npz", "/runs/7/out/fields.npz", "--steps",
                                                  "0", "--edges", "/data/b/graph.npz", "--precision", "highest"}));
    EXPECT_EQ(job.workdir, "/src/fwn");
    EXPECT_EQ(envValue(job, "NVIDIA_TF32_OVERRIDE"), "0");
    EXPECT_EQ(envValue(job, "XLA_FLAGS"), "--xla_gpu_autotune_level=0");
    EXPECT_EQ(envValue(job, "CUDA_VISIBLE_DEVICES"), "1");
    r.option("graph")->selected = "own (built on the host)";
    const auto own = resolveJob(r, sampleContext()).argv;
    EXPECT_EQ(std::count(own.begin(), own.end(), "--edges"), 0);
}

TEST(ShippedRecipes, ModelStepNamesTheEmptyParametersAUserMustFillIn) {
    Recipe r = loadRecipe((sourceDir() / "resources/recipes/model-step.json").string());
    auto message = [&] {
        try {
            resolveJob(r, sampleContext());
        } catch (const Error& e) {
            return std::string(e.what());
        }
        return std::string("(no error)");
    };
    // No data file: the parameter, what it is (param_help) and where to give it.
    std::string text = message();
    EXPECT_NE(text.find("needs parameter \"data\", which is empty"), std::string::npos) << text;
    EXPECT_NE(text.find("data: The input data file canary_run.py reads"), std::string::npos) << text;
    EXPECT_NE(text.find("--set NAME=VALUE"), std::string::npos) << text;
    EXPECT_NE(text.find("Parameters"), std::string::npos) << text;
    // The data given, no checkout: the folder the command runs in needs it (it used to run in {out}).
    r.params["data"] = "/data/era5.nc";
    text = message();
    EXPECT_NE(text.find("runs in"), std::string::npos) << text;
    EXPECT_NE(text.find("needs parameter \"checkout\""), std::string::npos) << text;
    EXPECT_NE(text.find("checkout: Your model's source checkout"), std::string::npos) << text;
    r.params["checkout"] = "/src/fwn";
    EXPECT_EQ(message(), "(no error)");
}

TEST(ShippedRecipes, NativeRebuildCallsBuildGraph) {
    Recipe r = loadRecipe((sourceDir() / "resources/recipes/native-rebuild.json").string());
    r.option("precision")->selected = "float64";
    r.option("math")->selected = "eigen";
    r.option("numpy")->selected = "NumPy 2 (float32 radius product, NEP 50)";
    r.option("blas")->selected = "OpenBLAS (pip wheels)";
    EXPECT_EQ(resolveJob(r, sampleContext()).argv,
              (std::vector<std::string>{"/usr/bin/meshdiff", "build-graph", "--res", "1.0", "--precision", "float64",
                                        "--math", "eigen", "--numpy", "2", "--blas", "openblas", "--out",
                                        "/runs/7/out/graph.h5"}));
    EXPECT_TRUE(r.compareWithRuns);
}
