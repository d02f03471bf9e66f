#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "common/Error.h"
#include "rerun/Recipe.h"

using namespace meshdiff;
using namespace meshdiff::rerun;
using nlohmann::json;

namespace {

json minimalRecipe() {
    return json::parse(R"J({
      "name": "t",
      "command": ["prog", "--x", "{x}", ["--opt", "{y}"]],
      "params": {"x": "1"},
      "env": {"FOO": "bar"},
      "options": [{"name": "mode", "choices": [
         {"label": "fast", "params": {"y": "f"}},
         {"label": "slow", "params": {"y": "s"}, "env": {"FOO": "ignored", "SLOW": "1"}}]}],
      "timeout_s": 5, "progress": "step (\\d+)/(\\d+)", "compare": true
    })J");
}

}  // namespace

TEST(Recipe, ParsesCommandGroupsOptionsAndSettings) {
    const Recipe recipe = recipeFromJson(minimalRecipe());
    ASSERT_EQ(recipe.command.size(), 4u);
    EXPECT_FALSE(recipe.command[2].group);
    EXPECT_TRUE(recipe.command[3].group);
    EXPECT_EQ(recipe.command[3].words, (std::vector<std::string>{"--opt", "{y}"}));
    EXPECT_EQ(recipe.timeoutSeconds, 5);
    EXPECT_TRUE(recipe.compareWithRuns);
    EXPECT_EQ(recipe.effectiveParams().at("y"), "f");  // first choice when none selected
}

TEST(Recipe, SelectedChoiceSetsParamsAndEnvButFreeEnvWins) {
    Recipe recipe = recipeFromJson(minimalRecipe());
    recipe.option("mode")->selected = "slow";
    EXPECT_EQ(recipe.effectiveParams().at("y"), "s");
    const auto env = recipe.effectiveEnv();
    EXPECT_EQ(env.at("SLOW"), "1");
    EXPECT_EQ(env.at("FOO"), "bar");
}

TEST(Recipe, JsonRoundTripKeepsEverything) {
    Recipe recipe = recipeFromJson(minimalRecipe());
    recipe.option("mode")->selected = "slow";
    const Recipe again = recipeFromJson(recipeToJson(recipe));
    EXPECT_EQ(recipeToJson(again), recipeToJson(recipe));
    EXPECT_EQ(again.options[0].selected, "slow");
    EXPECT_EQ(again.progressPattern, recipe.progressPattern);
}

TEST(Recipe, SavingKeepsTheExperimentsBlockAndOtherKeysItDoesNotModel) {
    json withBlock = minimalRecipe();
    withBlock["experiments"] =
        json::parse(R"J({"graph": {"option": "mode", "own": "fast", "A": "slow", "B": "slow"}})J");
    const json saved = recipeToJson(recipeFromJson(withBlock));
    ASSERT_TRUE(saved.contains("experiments"));
    EXPECT_EQ(saved["experiments"], withBlock["experiments"]);
    EXPECT_EQ(saved["name"], "t");
    EXPECT_FALSE(recipeToJson(recipeFromJson(minimalRecipe())).contains("experiments"));
}

TEST(Recipe, RejectsMalformedRecipesWithAReason) {
    auto broken = [](const char* text) {
        try {
            recipeFromJson(json::parse(text), "r.json");
        } catch (const Error& error) {
            EXPECT_EQ(error.file(), "r.json");
            return std::string(error.problem());
        }
        return std::string();
    };
    EXPECT_NE(broken(R"({"command": ["x"]})").find("name"), std::string::npos);
    EXPECT_NE(broken(R"({"name": "n", "command": []})").find("command"), std::string::npos);
    EXPECT_NE(broken(R"({"name": "n", "command": [["--a", "b"]]})").find("program"), std::string::npos);
    EXPECT_NE(broken(R"({"name": "n", "command": ["x"], "env": {"BAD NAME": "1"}})").find("BAD NAME"),
              std::string::npos);
    EXPECT_NE(broken(R"({"name": "n", "command": ["x"], "env": {"A=B": "1"}})").find("A=B"), std::string::npos);
    EXPECT_NE(broken(R"J({"name": "n", "command": ["x"], "progress": "(("})J").find("progress"), std::string::npos);
    EXPECT_NE(
        broken(
            R"({"name": "n", "command": ["x"], "options": [{"name": "o", "selected": "z", "choices": [{"label": "a"}]}]})")
            .find("no choice"),
        std::string::npos);
    EXPECT_NE(broken(R"([1, 2])").find("object"), std::string::npos);
}

TEST(Recipe, LoadReportsMissingAndInvalidFiles) {
    const auto dir = std::filesystem::temp_directory_path() / "meshdiff-recipe-test";
    std::filesystem::create_directories(dir);
    EXPECT_THROW(loadRecipe((dir / "absent.json").string()), Error);
    { std::ofstream((dir / "bad.json").string()) << "{ not json"; }
    EXPECT_THROW(loadRecipe((dir / "bad.json").string()), Error);
    {
        std::ofstream huge((dir / "huge.json").string());
        huge << "{\"name\": \"" << std::string(2u << 20, 'x') << "\"}";
    }
    try {
        loadRecipe((dir / "huge.json").string());
        ADD_FAILURE() << "a 2 MiB recipe was read";
    } catch (const Error& e) {
        EXPECT_NE(std::string(e.what()).find("larger than 1 MiB"), std::string::npos) << e.what();
        EXPECT_NE(std::string(e.what()).find("huge.json"), std::string::npos) << e.what();
    }
    EXPECT_THROW(loadRecipe("/dev/zero"), Error);  // endless: refused after 1 MiB
    const Recipe recipe = recipeFromJson(minimalRecipe());
    saveRecipe(recipe, (dir / "good.json").string());
    EXPECT_EQ(recipeToJson(loadRecipe((dir / "good.json").string())), recipeToJson(recipe));
    std::filesystem::remove_all(dir);
}
