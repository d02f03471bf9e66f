#include <gtest/gtest.h>
#include <QTemporaryDir>
#include <filesystem>
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

TEST(RunDescription, NamesTheBlasNumPyLoadsFromTheRecipeOrTheSystem) {
    namespace fs = std::filesystem;
    QTemporaryDir dir;
    const fs::path root = dir.path().toStdString();
    // A Debian-like library folder: the libblas.so.3 alternative points into openblas-pthread.
    const fs::path system = root / "lib", reference = system / "blas";
    fs::create_directories(system / "openblas-pthread");
    fs::create_directories(reference);
    std::ofstream(system / "openblas-pthread" / "libblas.so.3") << "x";
    std::ofstream(reference / "libblas.so.3") << "x";
    fs::create_symlink(system / "openblas-pthread" / "libblas.so.3", system / "libblas.so.3");

    const json host = blasDescription({}, system.string());
    EXPECT_EQ(host["vendor"], "OpenBLAS");
    EXPECT_EQ(host["blas"], (system / "openblas-pthread" / "libblas.so.3").string());
    EXPECT_FALSE(host.contains("lapack"));
    EXPECT_EQ(host["chosen_by"], "the system's libblas.so.3 alternative");

    const json pinned = blasDescription({{"LD_LIBRARY_PATH", reference.string()}}, system.string());
    EXPECT_EQ(pinned["vendor"], "reference BLAS/LAPACK (Netlib)");
    EXPECT_EQ(pinned["chosen_by"], "the recipe's LD_LIBRARY_PATH=" + reference.string());
    // A recipe folder without the library leaves the system's in charge.
    EXPECT_EQ(blasDescription({{"LD_LIBRARY_PATH", (root / "none").string()}}, system.string())["vendor"], "OpenBLAS");
    EXPECT_TRUE(blasDescription({}, (root / "none").string()).empty());
}

TEST(RunDescription, RemoteRerunsRecordTheBlasTheRecipeAskedFor) {
    const Recipe recipe = recipeFromJson(json::parse(R"({"name": "r", "command": ["x"],
        "options": [{"name": "blas", "selected": "ref", "choices": [
            {"label": "host"}, {"label": "ref", "env": {"LD_LIBRARY_PATH": "/usr/lib/x/blas"}}]}]})"));
    const json remote = rerunMetadata("C: r", recipe, "far", false, json::object(), json::object());
    EXPECT_EQ(remote["numpy_blas"]["chosen_by"], "the recipe's LD_LIBRARY_PATH=/usr/lib/x/blas");
    Recipe unpinned = recipe;
    unpinned.options[0].selected = "host";
    EXPECT_FALSE(rerunMetadata("C: r", unpinned, "far", false, json::object(), json::object()).contains("numpy_blas"));
}
