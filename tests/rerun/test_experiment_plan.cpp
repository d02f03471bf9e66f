#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>

#include "common/Error.h"
#include "experiments/ExperimentPlan.h"

using namespace meshdiff;
using namespace meshdiff::experiments;

namespace {

ExperimentRecipe shippedDemoRecipe() {
    return loadExperimentRecipe(std::string(MESHDIFF_SOURCE_DIR) + "/resources/recipes/demo-model-step.json");
}

PairFacts facts(const std::string& cause, bool graphsDiffer) {
    PairFacts f;
    f.cause = cause;
    f.graphsCompared = true;
    f.graphsDiffer = graphsDiffer;
    f.hashA = "aaaa";
    f.hashB = graphsDiffer ? "bbbb" : "aaaa";
    f.maxRelRms = 1e-3;
    // As the demo's run.json: B on another host's float32 math when the graphs differ, else on A's with TF32.
    f.metadataA = {{"numpy_simd", {{"emulated_float32_math", "glibc"}}}, {"precision", "float32"}};
    f.metadataB = {{"numpy_simd", {{"emulated_float32_math", graphsDiffer ? "eigen" : "glibc"}}},
                   {"precision", graphsDiffer ? "float32" : "tf32"}};
    return f;
}

std::vector<std::string> ids(const Plan& plan) {
    std::vector<std::string> out;
    for (const auto& e : plan.experiments) out.push_back(e.id);
    return out;
}

std::string choice(const Experiment& e, const std::string& option) {
    std::string last;  // the last one wins, as when the recipe applies them in order
    for (const auto& [o, c] : e.choices)
        if (o == option) last = c;
    return last;
}

nlohmann::json recipeJson(const std::string& experiments, const char* block = "experiments") {
    auto j = nlohmann::json::parse(R"J({"name": "t", "command": ["prog", ["--graph", "{graph}"]], "options": [
      {"name": "graph", "choices": [{"label": "own", "params": {"graph": ""}}, {"label": "A", "params": {"graph": "{A.graph}"}},
                                    {"label": "B", "params": {"graph": "{B.graph}"}}]},
      {"name": "tf32", "choices": [{"label": "on"}, {"label": "off", "env": {"NVIDIA_TF32_OVERRIDE": "0"}}]}]})J");
    if (!experiments.empty()) j[block] = nlohmann::json::parse(experiments);
    return j;
}

}  // namespace

TEST(ExperimentPlan, GraphCauseSwapsGraphsBothWaysAndRebuildsAsTheOtherHost) {
    const Plan plan = planExperiments(facts("graph", true), shippedDemoRecipe());
    EXPECT_EQ(ids(plan),
              (std::vector<std::string>{"B-with-A-graph", "A-with-B-graph", "A-rebuilt-as-B", "B-rebuilt-as-A"}));
    const auto& swapB = plan.experiments[0];
    EXPECT_EQ(swapB.side, 'B');
    EXPECT_EQ(choice(swapB, "host"), "Eigen (vectorized, as the demo's B)");
    EXPECT_EQ(choice(swapB, "graph"), "A's graph");
    const auto& rebuildA = plan.experiments[2];
    EXPECT_EQ(choice(rebuildA, "graph"), "own (built on the host)");
    EXPECT_EQ(choice(rebuildA, "host"),
              "Eigen (vectorized, as the demo's B)");  // the rebuild's host settings win over the side's
    EXPECT_EQ(recipeFor(rebuildA, shippedDemoRecipe().recipe).effectiveParams().at("math"), "eigen");
    EXPECT_TRUE(std::any_of(plan.notes.begin(), plan.notes.end(),
                            [](const std::string& n) { return n.find("precision knobs: not planned") == 0; }));
}

TEST(ExperimentPlan, EverywhereCauseWithIdenticalGraphsTurnsThePrecisionKnobsOffOnBothSides) {
    const Plan plan = planExperiments(facts("everywhere", false), shippedDemoRecipe());
    EXPECT_EQ(ids(plan), (std::vector<std::string>{"B-precision-off", "A-precision-off"}));
    const auto& b = plan.experiments[0];
    EXPECT_EQ(b.choices.front(), (std::pair<std::string, std::string>{"host", "glibc (scalar libm, as the demo's A)"}));
    EXPECT_EQ(b.choices[1], (std::pair<std::string, std::string>{"precision", "TF32"}));  // B's side, from its run.json
    EXPECT_EQ(choice(b, "precision"), "float32");                                         // then the knob off
    EXPECT_EQ(choice(b, "graph"), "");  // identical graphs: each side keeps its own
}

TEST(ExperimentPlan, SideReadFromRunMetadataNamesTheRecipeAndRunWhenItCannot) {
    auto f = facts("graph", true);
    f.metadataB = nlohmann::json::object();
    try {
        planExperiments(f, shippedDemoRecipe());
        FAIL() << "a run without the metadata the side is read from was planned";
    } catch (const Error& e) {
        const std::string text = e.what();
        EXPECT_NE(text.find("demo-model-step.json"), std::string::npos) << text;
        EXPECT_NE(text.find("run B has no metadata file (run.json), so no \"numpy_simd.emulated_float32_math\""),
                  std::string::npos)
            << text;
    }
    // A model's run folder (run.json without the demo's key): the file, the key, the recipe and what to do.
    f.metadataB = {{"label", "AVX2 host"}, {"numpy_simd", {"AVX2", "FMA3"}}};
    f.metadataFileB = "/runs/b/run.json";
    try {
        planExperiments(f, shippedDemoRecipe());
        FAIL() << "a run without the metadata the side is read from was planned";
    } catch (const Error& e) {
        EXPECT_EQ(e.file(), "/runs/b/run.json");
        const std::string text = e.problem();
        EXPECT_NE(text.find("run B's metadata has no \"numpy_simd.emulated_float32_math\""), std::string::npos) << text;
        EXPECT_NE(text.find("demo-model-step.json chooses its option \"host\""), std::string::npos) << text;
        EXPECT_NE(text.find("\"eigen\", \"glibc\""), std::string::npos) << text;
        EXPECT_NE(text.find("choose one made for these"), std::string::npos) << text;
    }
    f.metadataB = {{"numpy_simd", {{"emulated_float32_math", "avx512"}}}};
    EXPECT_THROW(planExperiments(f, shippedDemoRecipe()), Error);
    f.metadataB = {{"numpy_simd", {{"emulated_float32_math", "eigen"}}}};  // no precision: the default
    EXPECT_EQ(choice(planExperiments(f, shippedDemoRecipe()).experiments[0], "precision"), "float32");
}

TEST(ExperimentPlan, MixedCauseSwapsGraphsAndTriesPrecisionOnAsGraph) {
    const Plan plan = planExperiments(facts("mixed", true), shippedDemoRecipe());
    EXPECT_EQ(ids(plan), (std::vector<std::string>{"B-with-A-graph", "A-with-B-graph", "A-rebuilt-as-B",
                                                   "B-rebuilt-as-A", "B-precision-off", "A-precision-off"}));
    EXPECT_EQ(choice(plan.experiments[4], "graph"), "A's graph");
}

TEST(ExperimentPlan, NoneCausePlansNothing) {
    auto f = facts("none", false);
    f.maxRelRms = 0;
    const Plan plan = planExperiments(f, shippedDemoRecipe());
    EXPECT_TRUE(plan.experiments.empty());
    ASSERT_FALSE(plan.notes.empty());
}

TEST(ExperimentPlan, EveryExperimentAddsPrecisionKnobsToAGraphCause) {
    PlanSettings settings;
    settings.everyExperiment = true;
    EXPECT_EQ(planExperiments(facts("graph", true), shippedDemoRecipe(), settings).experiments.size(), 6u);
}

TEST(ExperimentPlan, WithoutASideOptionOnlyTheBackendsSideIsRerun) {
    const auto recipe = experimentRecipeFromJson(
        recipeJson(
            R"J({"graph": {"option": "graph", "own": "own", "A": "A", "B": "B"}, "precision_off": {"tf32": "off"}})J"),
        "t.json");
    const Plan neither = planExperiments(facts("mixed", true), recipe);
    EXPECT_TRUE(neither.experiments.empty());
    // Each left-out experiment is named; how to say the side is said once, for the CLI and the window.
    const auto asking = std::count_if(neither.notes.begin(), neither.notes.end(), [](const std::string& note) {
        return note.find("--side A|B; in the Rerun panel, \"the back-end's host is\"") != std::string::npos;
    });
    EXPECT_EQ(asking, 1);
    EXPECT_EQ(
        std::count_if(neither.notes.begin(), neither.notes.end(),
                      [](const std::string& note) { return note.find("not the back-end's") != std::string::npos; }),
        4);
    PlanSettings onB;
    onB.backendSide = 'B';
    const Plan plan = planExperiments(facts("mixed", true), recipe, onB);
    EXPECT_EQ(ids(plan), (std::vector<std::string>{"B-with-A-graph", "B-precision-off"}));
    EXPECT_EQ(choice(plan.experiments[1], "tf32"), "off");
}

TEST(ExperimentRecipe, ErrorsNameTheRecipeAndWhatIsMissing) {
    try {
        experimentRecipeFromJson(recipeJson(""), "no-block.json");
        FAIL() << "a recipe without an experiments block was accepted";
    } catch (const Error& e) {
        EXPECT_NE(std::string(e.what()).find("no-block.json"), std::string::npos) << e.what();
        EXPECT_NE(std::string(e.what()).find("experiments"), std::string::npos) << e.what();
    }
    try {
        experimentRecipeFromJson(recipeJson(R"J({"precision_off": {"autotune": "off"}})J"), "bad.json");
        FAIL() << "an option the recipe lacks was accepted";
    } catch (const Error& e) {
        EXPECT_NE(std::string(e.what()).find("autotune"), std::string::npos) << e.what();
    }
    try {
        experimentRecipeFromJson(recipeJson(R"J({"graph": {"option": "graph", "A": "A's graph", "B": "B"}})J"),
                                 "c.json");
        FAIL() << "a choice the option lacks was accepted";
    } catch (const Error& e) {
        EXPECT_NE(std::string(e.what()).find("A's graph"), std::string::npos) << e.what();
    }
    EXPECT_THROW(loadExperimentRecipe("/nonexistent/recipe.json"), Error);
}

TEST(ExperimentRecipe, ReadsTheBlockUnderItsOldNameDiagnose) {
    const auto recipe =
        experimentRecipeFromJson(recipeJson(R"J({"precision_off": {"tf32": "off"}})J", "diagnose"), "old.json");
    EXPECT_EQ(recipe.precisionOff.at("tf32"), "off");
    try {
        experimentRecipeFromJson(recipeJson(R"J({"precision_off": {"tf32": "fast"}})J", "diagnose"), "old.json");
        FAIL() << "a choice the option lacks was accepted";
    } catch (const Error& e) {
        EXPECT_NE(std::string(e.what()).find("diagnose.precision_off"), std::string::npos) << e.what();
    }
}

TEST(ExperimentRecipe, ShippedRealModelRecipeMapsGraphAndPrecisionKnobs) {
    const auto recipe = loadExperimentRecipe(std::string(MESHDIFF_SOURCE_DIR) + "/resources/recipes/model-step.json");
    ASSERT_TRUE(recipe.graph);
    EXPECT_TRUE(recipe.side.empty());
    EXPECT_EQ(recipe.precisionOff.size(), 3u);
}
