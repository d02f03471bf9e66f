// Rerun recipe JSON (app/rerun): loading, the options' effective values, and a save/load round trip.
#include <cstddef>
#include <cstdint>
#include <cstdlib>

#include "FuzzInput.h"
#include "common/Error.h"
#include "rerun/Recipe.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string path = meshdiff::fuzz::writeScratch(data, size, "recipe.json");
    try {
        const meshdiff::rerun::Recipe recipe = meshdiff::rerun::loadRecipe(path);
        (void)recipe.effectiveParams();
        (void)recipe.effectiveEnv();
        const nlohmann::json saved = meshdiff::rerun::recipeToJson(recipe);
        const meshdiff::rerun::Recipe again = meshdiff::rerun::recipeFromJson(saved, "round trip");
        if (meshdiff::rerun::recipeToJson(again) != saved) std::abort();
    } catch (const meshdiff::Error&) {}
    return 0;
}
