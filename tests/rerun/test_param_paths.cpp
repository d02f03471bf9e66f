#include <gtest/gtest.h>

#include <QDir>
#include <QTemporaryDir>
#include <filesystem>
#include <fstream>

#include "common/Error.h"
#include "rerun/Job.h"
#include "rerun/ParamPaths.h"
#include "rerun/RerunController.h"

using namespace meshdiff;
using namespace meshdiff::rerun;
using nlohmann::json;

namespace {

// A model step in miniature: it runs in {checkout}, reads {data} from there and a copied {script}.
Recipe modelStep(const std::string& checkout, const std::string& data = "", const std::string& script = "") {
    json recipe =
        json::parse(R"({"name": "step", "command": ["/bin/true", ["--data", "{data}"], ["--script", "{script}"]],
        "workdir": "{checkout}", "files": ["script"],
        "param_help": {"checkout": "Long help about the checkout."},
        "param_fields": {"checkout": {"type": "folder", "contains": "cloud/canary_run.py",
                                      "hint": "The clone of your model's repository that the recipe runs."},
                         "data": {"type": "file"}}})");
    recipe["params"] = {{"checkout", checkout}, {"data", data}, {"script", script}};
    return recipeFromJson(recipe, "step");
}

Job resolved(const Recipe& recipe) {
    JobContext context;
    context.outDir = "/tmp/out";
    return resolveJob(recipe, context);
}

// The message checkParamPaths gives, or "" when it accepts the recipe.
std::string problemWith(const Recipe& recipe, bool onThisHost = true) {
    try {
        checkParamPaths(recipe, resolved(recipe), onThisHost);
    } catch (const Error& error) {
        return error.what();
    }
    return {};
}

void touch(const std::filesystem::path& path) {
    std::filesystem::create_directories(path.parent_path());
    std::ofstream(path) << "x";
}

}  // namespace

TEST(ParamPaths, AMissingCheckoutNamesTheFieldThePathWhatItIsAndWhatToDo) {
    const std::string problem = problemWith(modelStep("/nonexistent/graphcast"));
    EXPECT_EQ(problem.rfind("checkout: the folder /nonexistent/graphcast does not exist — the clone of your model's "
                            "repository that the recipe runs.",
                            0),
              0u)
        << problem;
    EXPECT_NE(problem.find("Browse…"), std::string::npos) << problem;
    EXPECT_NE(problem.find("--set checkout=PATH"), std::string::npos) << problem;
}

TEST(ParamPaths, ACheckoutWithoutTheFileItMustHoldIsRefused) {
    QTemporaryDir checkout;
    const std::string path = checkout.path().toStdString();
    EXPECT_EQ(problemWith(modelStep(path)).rfind("checkout: the folder " + path + " has no cloud/canary_run.py", 0), 0u)
        << problemWith(modelStep(path));
    touch(path + "/cloud/canary_run.py");
    EXPECT_EQ(problemWith(modelStep(path)), "");
    touch(path + "/notes.txt");
    EXPECT_NE(problemWith(modelStep(path + "/notes.txt")).find("is a file, not a folder"), std::string::npos);
}

TEST(ParamPaths, ARelativeDataFileIsLookedForWhereTheCommandRuns) {
    QTemporaryDir checkout;
    const std::string path = checkout.path().toStdString();
    touch(path + "/cloud/canary_run.py");
    touch(path + "/inputs/day1.nc");
    EXPECT_EQ(problemWith(modelStep(path, "inputs/day1.nc")), "");
    EXPECT_EQ(problemWith(modelStep(path, "inputs/day2.nc")),
              "data: the file " + path +
                  "/inputs/day2.nc does not exist. Choose it under Parameters in the Rerun dock (Browse…), or "
                  "meshdiff rerun --set data=PATH.");
}

TEST(ParamPaths, OnAnotherHostOnlyTheFilesCopiedFromHereAreChecked) {
    EXPECT_EQ(problemWith(modelStep("/nonexistent/graphcast"), false), "");
    const std::string problem = problemWith(modelStep("/nonexistent/graphcast", "", "/nonexistent/build.py"), false);
    EXPECT_EQ(problem.rfind("script: the file /nonexistent/build.py does not exist", 0), 0u) << problem;
}

TEST(ParamPaths, PlaceholdersAndEmptyValuesAreLeftToTheRecipe) {
    QTemporaryDir checkout;
    touch(checkout.path().toStdString() + "/cloud/canary_run.py");
    EXPECT_EQ(problemWith(modelStep(checkout.path().toStdString(), "{A.fields}")), "");
}

TEST(ParamPaths, TheShippedModelStepNamesItsCheckout) {
    Recipe recipe = loadRecipe(MESHDIFF_SOURCE_DIR "/resources/recipes/model-step.json");
    recipe.params["checkout"] = "/nonexistent/graphcast";
    recipe.params["data"] = "/nonexistent/input.nc";
    const std::string problem = problemWith(recipe);
    EXPECT_EQ(problem.rfind("checkout: the folder /nonexistent/graphcast does not exist — the clone of", 0), 0u)
        << problem;
    EXPECT_NE(problem.find("cloud/canary_run.py"), std::string::npos) << problem;
}

TEST(ParamPaths, ARerunWithAMissingCheckoutStartsNothing) {
    QTemporaryDir runs;
    RerunController controller;
    RerunRequest request;
    request.recipe = modelStep("/nonexistent/graphcast");
    request.runsDir = runs.path().toStdString();
    bool started = false;
    QObject::connect(&controller, &RerunController::started, &controller, [&] { started = true; });
    try {
        controller.start(request);
        ADD_FAILURE() << "the rerun started";
    } catch (const Error& error) {
        EXPECT_EQ(error.file(), "checkout");
    }
    EXPECT_FALSE(started);
    EXPECT_FALSE(controller.running());
    EXPECT_TRUE(QDir(runs.path()).isEmpty()) << "a run folder was made";
}
