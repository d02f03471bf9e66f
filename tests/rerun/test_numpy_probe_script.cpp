// The NumPy probe script itself, run with Debian's /usr/bin/python3 (NumPy 1.24): the test
// suite's fixtures need that NumPy already (tests/CMakeLists.txt), so a missing NumPy fails here.
#include <gtest/gtest.h>

#include <QProcess>
#include <QProcessEnvironment>
#include <algorithm>
#include <filesystem>
#include <string>

#include <nlohmann/json.hpp>

using nlohmann::json;

namespace {

const char* kDebianPython = "/usr/bin/python3";

std::string probeScript() { return std::string(MESHDIFF_SOURCE_DIR) + "/resources/probes/numpy_host.py"; }

// stdout of `program arguments` with `env` added; fails the test when it does not exit 0 in 60 s.
std::string run(const QString& program, const QStringList& arguments, const QProcessEnvironment& env = {}) {
    QProcess process;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(env);
    process.setProcessEnvironment(environment);
    process.start(program, arguments);
    EXPECT_TRUE(process.waitForFinished(60000)) << program.toStdString() << " did not finish";
    EXPECT_EQ(process.exitCode(), 0) << process.readAllStandardError().toStdString();
    return process.readAllStandardOutput().trimmed().toStdString();
}

json probe(const QProcessEnvironment& env = {}) {
    const std::string text = run(kDebianPython, {"-B", QString::fromStdString(probeScript())}, env);
    json report = json::parse(text, nullptr, false);
    EXPECT_TRUE(report.is_object()) << "not one JSON object: " << text;
    return report.is_object() ? report : json::object();
}

bool contains(const json& list, const std::string& name) {
    return list.is_array() && std::find(list.begin(), list.end(), name) != list.end();
}

}  // namespace

TEST(NumpyProbeScript, ReportsTheVersionOfDebiansNumPy) {
    const std::string expected = run(kDebianPython, {"-c", "import numpy; print(numpy.__version__)"});
    ASSERT_FALSE(expected.empty()) << kDebianPython << " has no NumPy (Debian's python3-numpy is required)";
    const json report = probe();
    EXPECT_EQ(report.value("numpy_version", ""), expected);
    EXPECT_EQ(report["python"].value("executable", ""), kDebianPython);
    EXPECT_FALSE(report.contains("errors")) << report["errors"].dump();
}

TEST(NumpyProbeScript, ReportsTheDispatchNumPyTakes) {
    const std::string baseline = run(
        kDebianPython, {"-c", "from numpy.core import _multiarray_umath as m; print(' '.join(m.__cpu_baseline__))"});
    const json simd = probe()["numpy_simd"];
    ASSERT_TRUE(simd.is_object());
    std::string reported;
    for (const auto& name : simd["cpu_baseline"]) reported += (reported.empty() ? "" : " ") + name.get<std::string>();
    EXPECT_EQ(reported, baseline);
    EXPECT_TRUE(simd["cpu_dispatch"].is_array() && !simd["cpu_dispatch"].empty());
    EXPECT_EQ(simd["feature_names"], "NumPy 1 single features");  // NumPy 1.24 has no X86_V groups
    EXPECT_FALSE(simd.contains("x86_groups"));

    // NumPy 1's names turn AVX2 and FMA3 off; the probe runs in the environment it is given.
    QProcessEnvironment preAvx2;
    preAvx2.insert("NPY_DISABLE_CPU_FEATURES",
                   "AVX512F AVX512CD AVX512_SKX AVX512_CLX AVX512_CNL AVX512_ICL AVX2 FMA3");
    const json limited = probe(preAvx2)["numpy_simd"];
    EXPECT_EQ(limited["NPY_DISABLE_CPU_FEATURES"], preAvx2.value("NPY_DISABLE_CPU_FEATURES").toStdString());
    EXPECT_FALSE(contains(limited["dispatch_enabled"], "AVX2"));
    EXPECT_FALSE(contains(limited["dispatch_enabled"], "FMA3"));
    EXPECT_TRUE(contains(limited["cpu_features_disabled_or_absent"], "AVX2"));
}

TEST(NumpyProbeScript, NamesTheBlasLibraryNumPyLoaded) {
    const json blas = probe()["numpy_blas"];
    ASSERT_TRUE(blas.is_object());
    const std::string library = blas.value("library", "");
    EXPECT_TRUE(std::filesystem::exists(library)) << library;
    EXPECT_TRUE(contains(blas["loaded_libraries"], library));
    // Debian's reference BLAS through LD_LIBRARY_PATH, as the recipe's choice sets it.
    const std::string reference = "/usr/lib/x86_64-linux-gnu/blas";
    if (!std::filesystem::exists(reference + "/libblas.so.3")) return;  // the OpenBLAS answer above is the test
    QProcessEnvironment env;
    env.insert("LD_LIBRARY_PATH", QString::fromStdString(reference));
    const json pinned = probe(env)["numpy_blas"];
    EXPECT_EQ(pinned.value("library", "").rfind(reference + "/", 0), 0u) << pinned.dump();
    EXPECT_EQ(pinned.value("vendor", ""), "reference BLAS/LAPACK (Netlib)");
}

TEST(NumpyProbeScript, NamesWhatFailedWhenNumPyIsMissing) {
    // -S and an empty path: the same interpreter without its site packages, so no NumPy.
    QProcessEnvironment env;
    env.insert("PYTHONNOUSERSITE", "1");
    const std::string text = run(kDebianPython, {"-B", "-S", "-I", QString::fromStdString(probeScript())}, env);
    const json report = json::parse(text, nullptr, false);
    ASSERT_TRUE(report.is_object()) << text;
    EXPECT_FALSE(report.contains("numpy_version"));
    EXPECT_NE(report["errors"].value("numpy", "").find("No module named 'numpy'"), std::string::npos) << text;
    EXPECT_EQ(report["python"].value("executable", ""), kDebianPython);
}
