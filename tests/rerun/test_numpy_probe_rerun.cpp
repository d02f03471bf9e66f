// Reruns record what NumPy computes with on the job's host: the probe runs in the job's step with
// the recipe's Python (an interpreter or a virtual environment) and its result lands in the new
// run's metadata, or the metadata says why it failed.
#include <gtest/gtest.h>

#include <QEventLoop>
#include <QProcess>
#include <QTemporaryDir>
#include <QTimer>
#include <filesystem>
#include <fstream>

#include "rerun/JobScript.h"
#include "rerun/NumpyProbe.h"
#include "rerun/RerunController.h"
#include "rerun/RunDescription.h"

using namespace meshdiff::rerun;
using nlohmann::json;
namespace fs = std::filesystem;

namespace {

std::string resources() { return std::string(MESHDIFF_SOURCE_DIR) + "/resources"; }

std::string debianNumpyVersion() {
    QProcess process;
    process.start("/usr/bin/python3", {"-c", "import numpy; print(numpy.__version__)"});
    process.waitForFinished(60000);
    return process.readAllStandardOutput().trimmed().toStdString();
}

json readJson(const fs::path& path) {
    std::ifstream in(path);
    return json::parse(in, nullptr, false);
}

// Runs the recipe locally with the shipped resources; returns the run folder ("" on failure).
std::string runLocally(RerunController& controller, const std::string& runsDir, const json& recipe) {
    QEventLoop loop;
    bool succeeded = false;
    QObject::connect(&controller, &RerunController::finished, &controller,
                     [&](const QString&, const QString&, bool ok) {
                         succeeded = ok;
                         loop.quit();
                     });
    RerunRequest request;
    request.recipe = recipeFromJson(recipe);
    request.runsDir = runsDir;
    request.label = "C";
    request.resourcesDir = resources();
    controller.start(request);
    QTimer::singleShot(90000, &loop, &QEventLoop::quit);
    if (controller.running()) loop.exec();
    EXPECT_TRUE(succeeded) << "the job failed; ledger: " << controller.record().dump();
    return succeeded ? controller.runFolder().toStdString() : std::string();
}

}  // namespace

TEST(NumpyProbeRerun, RecordsTheNumPyOfTheRecipesVirtualEnvironment) {
    QTemporaryDir dir;
    // A virtual environment's layout: <venv>/bin/python (here Debian's interpreter behind it).
    const fs::path venv = fs::path(dir.path().toStdString()) / "venv-np";
    fs::create_directories(venv / "bin");
    fs::create_symlink("/usr/bin/python3", venv / "bin" / "python");
    RerunController controller;
    const json recipe = {
        {"name", "venv"},
        {"command",
         {"{python}", "-c", "import sys; open(sys.argv[1] + '/ran-with', 'w').write(sys.executable)", "{out}"}},
        {"params", {{"python", venv.string()}}},
        {"options",
         {{{"name", "simd"},
           {"selected", "pre-AVX2"},
           {"choices",
            {{{"label", "all"}},
             {{"label", "pre-AVX2"},
              {"env",
               {{"NPY_DISABLE_CPU_FEATURES",
                 "AVX512F AVX512CD AVX512_SKX AVX512_CLX AVX512_CNL AVX512_ICL AVX2 FMA3"}}}}}}}}}};
    const std::string folder = runLocally(controller, dir.path().toStdString() + "/runs", recipe);
    ASSERT_FALSE(folder.empty());
    std::ifstream ranWith(fs::path(folder) / "ran-with");
    std::string executable((std::istreambuf_iterator<char>(ranWith)), std::istreambuf_iterator<char>());
    EXPECT_EQ(executable, (venv / "bin" / "python").string()) << "the command did not run the venv's bin/python";

    const json metadata = readJson(fs::path(folder) / "metadata.json");
    EXPECT_EQ(metadata.value("numpy_version", ""), debianNumpyVersion());
    EXPECT_EQ(metadata["python"].value("executable", ""), (venv / "bin" / "python").string());
    const json& simd = metadata["numpy_simd"];
    EXPECT_EQ(simd.value("NPY_DISABLE_CPU_FEATURES", ""),
              "AVX512F AVX512CD AVX512_SKX AVX512_CLX AVX512_CNL AVX512_ICL AVX2 FMA3");
    ASSERT_TRUE(simd["dispatch_enabled"].is_array());
    for (const auto& target : simd["dispatch_enabled"])
        EXPECT_NE(target, "AVX2") << "the job's environment was not used";
    EXPECT_TRUE(fs::exists(metadata["numpy_blas"].value("library", ""))) << metadata["numpy_blas"].dump();
    // The probe's files sit beside the log, not in the run folder.
    EXPECT_FALSE(fs::exists(fs::path(folder) / ".numpy-probe.json"));
    EXPECT_TRUE(fs::exists(fs::path(folder).parent_path() / "numpy-probe.json"));
    EXPECT_EQ(controller.record().value("numpy_probe", "").rfind("NumPy " + debianNumpyVersion(), 0), 0u);
}

TEST(NumpyProbeRerun, RecordsAFailedProbeAndStillRunsTheJob) {
    QTemporaryDir dir;
    RerunController controller;
    const json recipe = {{"name", "no python"},
                         {"command", {"/bin/sh", "-c", "echo made > \"$1/made.txt\"", "sh", "{out}"}},
                         {"params", {{"python", dir.path().toStdString() + "/no-such-python"}}}};
    const std::string folder = runLocally(controller, dir.path().toStdString() + "/runs", recipe);
    ASSERT_FALSE(folder.empty());
    EXPECT_TRUE(fs::exists(fs::path(folder) / "made.txt"));
    const json metadata = readJson(fs::path(folder) / "metadata.json");
    EXPECT_FALSE(metadata.contains("numpy_version"));
    const std::string failed = metadata["numpy_probe"].value("failed", "");
    EXPECT_NE(failed.find("could not be started"), std::string::npos) << metadata.dump();
    EXPECT_EQ(metadata["numpy_probe"].value("exit_status", 0), 127);
    EXPECT_EQ(controller.record().value("numpy_probe", "").rfind("NumPy probe failed", 0), 0u);
}

TEST(NumpyProbeRerun, AHangingProbeIsStoppedByItsTimeLimit) {
    QTemporaryDir dir;
    const fs::path out = fs::path(dir.path().toStdString()) / "out";
    fs::create_directories(out);
    const fs::path hanging = fs::path(dir.path().toStdString()) / "hanging-python";
    std::ofstream(hanging) << "#!/bin/sh\nsleep 30\n";
    fs::permissions(hanging, fs::perms::owner_all);
    Job job;
    job.argv = {"/bin/sh", "-c", "echo done > \"$1/done.txt\"", "sh", out.string()};
    job.workdir = out.string();
    job.probe = ProbeStep{hanging.string(), resources() + "/" + kNumpyProbeScript, out.string(), 1};
    QProcess shell;
    shell.start("/bin/sh", {"-c", QString::fromStdString(jobScript(job))});
    ASSERT_TRUE(shell.waitForFinished(20000)) << "the probe's time limit did not stop it";
    EXPECT_EQ(shell.exitCode(), 0);
    EXPECT_TRUE(fs::exists(out / "done.txt")) << "the job did not run after the probe";
    const json probe = readNumpyProbe(out.string());
    EXPECT_NE(probe.value("failed", "").find("timed out"), std::string::npos) << probe.dump();
}

TEST(NumpyProbeRerun, MetadataTakesTheProbesNumPyDispatchAndBlas) {
    const Recipe recipe = recipeFromJson(json::parse(R"({"name": "r", "command": ["x"],
        "options": [{"name": "blas", "selected": "ref", "choices": [
            {"label": "host"}, {"label": "ref", "env": {"LD_LIBRARY_PATH": "/usr/lib/x/blas"}}]},
          {"name": "simd", "selected": "avx2", "choices": [
            {"label": "all"}, {"label": "avx2", "env": {"NPY_DISABLE_CPU_FEATURES": "X86_V4 AVX512_ICL AVX512_SPR"}}]}]})"));
    // A NumPy 2.5.2 host as its probe reports it (keys as in tests/data/graphs-numpy2's sidecars).
    const json probe = json::parse(R"({"probe": "numpy_host", "numpy_version": "2.5.2",
        "python": {"executable": "/opt/venvs/np2/bin/python", "version": "3.12.3"},
        "numpy_simd": {"NPY_DISABLE_CPU_FEATURES": "X86_V4 AVX512_ICL AVX512_SPR", "cpu_baseline": ["X86_V2"],
                       "cpu_dispatch": ["X86_V3", "X86_V4", "AVX512_ICL", "AVX512_SPR"], "dispatch_enabled": ["X86_V3"]},
        "numpy_blas": {"vendor": "OpenBLAS", "version": "0.3.34", "library": "/opt/venvs/np2/lib/numpy.libs/libscipy_openblas64_.so"},
        "warnings": ["not part of the dispatched optimizations"]})");
    const json metadata = rerunMetadata("C: r", recipe, "far", false, json::object(), json::object(), probe);
    EXPECT_EQ(metadata["numpy_version"], "2.5.2");
    EXPECT_EQ(metadata["numpy_simd"]["dispatch_enabled"], json({"X86_V3"}));
    EXPECT_FALSE(metadata["numpy_simd"].contains("disabled (NPY_DISABLE_CPU_FEATURES)"));  // measured, not asked
    EXPECT_EQ(metadata["numpy_blas"]["vendor"], "OpenBLAS");
    EXPECT_EQ(metadata["numpy_blas"]["version"], "0.3.34");
    EXPECT_EQ(metadata["numpy_blas"]["chosen_by"], "the recipe's LD_LIBRARY_PATH=/usr/lib/x/blas");
    EXPECT_EQ(metadata["python"]["executable"], "/opt/venvs/np2/bin/python");
    EXPECT_EQ(metadata["numpy_probe"]["warnings"], json({"not part of the dispatched optimizations"}));

    // A failed probe: the metadata says so and keeps what the recipe asked for.
    const json failed = rerunMetadata("C: r", recipe, "far", false, json::object(), json::object(),
                                      {{"failed", "cannot import NumPy: ModuleNotFoundError"}});
    EXPECT_EQ(failed["numpy_probe"]["failed"], "cannot import NumPy: ModuleNotFoundError");
    EXPECT_FALSE(failed.contains("numpy_version"));
    EXPECT_EQ(failed["numpy_simd"]["disabled (NPY_DISABLE_CPU_FEATURES)"],
              json({"X86_V4", "AVX512_ICL", "AVX512_SPR"}));
}

TEST(NumpyProbeRerun, ReadsWhatTheProbeLeft) {
    QTemporaryDir dir;
    const fs::path folder = dir.path().toStdString();
    EXPECT_TRUE(readNumpyProbe(folder.string()).empty());
    std::ofstream(folder / ".numpy-probe.json")
        << R"({"probe": "numpy_host", "errors": {"numpy": "ModuleNotFoundError: No module named 'numpy'"}})";
    std::ofstream(folder / ".numpy-probe.status") << "0\n";
    EXPECT_EQ(readNumpyProbe(folder.string())["failed"],
              "cannot import NumPy: ModuleNotFoundError: No module named 'numpy'");
    std::ofstream(folder / ".numpy-probe.json") << "Traceback (most recent call last):";
    std::ofstream(folder / ".numpy-probe.status") << "1\n";
    std::ofstream(folder / ".numpy-probe.err") << "Segmentation fault";
    const json crashed = readNumpyProbe(folder.string());
    EXPECT_EQ(crashed["failed"], "exit status 1");
    EXPECT_EQ(crashed["stderr"], "Segmentation fault");
}

TEST(NumpyProbeRerun, TheNumPyRebuildRecipeRunsItsPythonOrItsVirtualEnvironment) {
    Recipe recipe = loadRecipe(resources() + "/recipes/numpy-rebuild.json");
    QTemporaryDir dir;
    const fs::path venv = fs::path(dir.path().toStdString()) / "np2 venv";  // a space: quoted as one word
    fs::create_directories(venv / "bin");
    std::ofstream(venv / "bin" / "python") << "#!/bin/sh\necho \"python $*\"\n";
    fs::permissions(venv / "bin" / "python", fs::perms::owner_all);
    recipe.params["python"] = venv.string();
    recipe.params["script"] = "/home/u/build_graph.py";
    JobContext context;
    context.outDir = dir.path().toStdString();
    context.values = {{"resources", resources()}};
    const Job job = resolveJob(recipe, context);
    ASSERT_TRUE(job.probe);
    EXPECT_EQ(job.probe->interpreter, venv.string());
    EXPECT_EQ(job.probe->script, resources() + "/" + kNumpyProbeScript);
    // The shell step resolves the folder to its bin/python, for the probe and for the command.
    QProcess shell;
    shell.start("/bin/sh", {"-c", QString::fromStdString(jobScript(job))});
    ASSERT_TRUE(shell.waitForFinished(20000));
    EXPECT_EQ(shell.readAllStandardOutput().trimmed().toStdString(),
              "python /home/u/build_graph.py --res 1.0 --out " + context.outDir + "/graph.npz");
    std::ifstream probeOutput(fs::path(context.outDir) / ".numpy-probe.json");
    std::string line;
    std::getline(probeOutput, line);
    EXPECT_EQ(line, "python -B " + resources() + "/" + kNumpyProbeScript);
}
