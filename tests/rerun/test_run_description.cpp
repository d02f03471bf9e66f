#include <gtest/gtest.h>
#include <QTemporaryDir>
#include <fstream>

#include "rerun/RunDescription.h"

using namespace meshdiff::rerun;
using json = nlohmann::json;

TEST(RunDescription, ReadsTheModelAndOnlySimdFlagsOfTheCpu) {
    QTemporaryDir dir;
    const std::string path = dir.filePath("cpuinfo").toStdString();
    std::ofstream(path) << "processor\t: 0\nmodel name\t: Test CPU 9000\n"
                           "flags\t\t: fpu vme sse sse2 ssse3 sse4_1 avx avx2 fma avx512f avx512_vnni f16c ht\n"
                           "processor\t: 1\nflags\t\t: fpu sse\n";
    const json host = localHostDescription(path);
    EXPECT_EQ(host["cpu_model"], "Test CPU 9000");
    EXPECT_EQ(host["cpu_simd_flags"],
              json({"avx", "avx2", "avx512_vnni", "avx512f", "f16c", "fma", "sse", "sse2", "sse4_1", "ssse3"}));
    EXPECT_TRUE(localHostDescription(dir.filePath("missing").toStdString()).empty());
}

TEST(RunDescription, LabelsSayWhatRanWhereAndMetadataWhatSimdItUsed) {
    Recipe recipe = recipeFromJson(json::parse(R"({"name": "NumPy rebuild", "command": ["x"],
        "options": [{"name": "simd", "label": "CPU", "selected": "as AVX2", "choices": [
            {"label": "all"}, {"label": "as AVX2", "env": {"NPY_DISABLE_CPU_FEATURES": "AVX512F AVX512CD"}}]}]})"));
    EXPECT_EQ(rerunLabel("C", recipe, "gpu7"), "C: NumPy rebuild (as AVX2) on gpu7");

    const json host = {{"cpu_model", "Test CPU"}, {"cpu_simd_flags", {"avx2", "fma"}}};
    const json local = rerunMetadata("C: x", recipe, "gpu7", true, json::object(), host);
    EXPECT_EQ(local["device"], "Test CPU (gpu7)");
    EXPECT_EQ(local["simd"], json({"avx2", "fma"}));
    EXPECT_EQ(local["numpy_simd"]["disabled (NPY_DISABLE_CPU_FEATURES)"], json({"AVX512F", "AVX512CD"}));

    recipe.options[0].selected = "all";
    const json remote = rerunMetadata("C: x", recipe, "far", false, json::object(), json::object());
    EXPECT_FALSE(remote.contains("simd"));  // a remote host's CPU is not read from here
    EXPECT_FALSE(remote.contains("numpy_simd"));
    EXPECT_EQ(remote["host"], "far");
}
