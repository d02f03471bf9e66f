#include <gtest/gtest.h>

#include <QEventLoop>
#include <QSysInfo>
#include <QTemporaryDir>
#include <QTimer>
#include <algorithm>
#include <filesystem>
#include <fstream>

#include "common/Error.h"
#include "rerun/RerunController.h"
#include "rerun/RunLedger.h"

using namespace meshdiff;
using namespace meshdiff::rerun;
using nlohmann::json;

namespace {

struct Finished {
    bool done = false, succeeded = false;
    QString folder, label, log;
    std::vector<double> progress;
};

// Starts the recipe on the local back-end and runs the event loop until it ends (or 30 s pass).
Finished runLocally(RerunController& controller, const std::string& runsDir, const char* recipeText,
                    int cancelAfterMs = -1, std::map<std::string, RunRef> runs = {}) {
    Finished result;
    QEventLoop loop;
    QObject::connect(&controller, &RerunController::logText, &controller,
                     [&](const QString& text) { result.log += text; });
    QObject::connect(&controller, &RerunController::progressChanged, &controller,
                     [&](double f) { result.progress.push_back(f); });
    QObject::connect(&controller, &RerunController::finished, &controller,
                     [&](const QString& folder, const QString& label, bool ok) {
                         result = {true, ok, folder, label, result.log, result.progress};
                         loop.quit();
                     });
    RerunRequest request;
    request.recipe = recipeFromJson(json::parse(recipeText));
    request.runsDir = runsDir;
    request.label = "C";
    request.runs = std::move(runs);
    controller.start(request);
    if (cancelAfterMs >= 0) QTimer::singleShot(cancelAfterMs, &controller, &RerunController::cancel);
    QTimer::singleShot(30000, &loop, &QEventLoop::quit);
    if (controller.running()) loop.exec();
    return result;
}

}  // namespace

TEST(LocalRun, SucceedsWithLogProgressOutputsAndLedger) {
    QTemporaryDir dir;
    RerunController controller;
    const auto result = runLocally(controller, dir.path().toStdString(), R"({"name": "ok",
        "command": ["/bin/sh", "-c", "echo 50%; sleep 0.5; echo step > \"$1\"/made.txt; echo \"$GREETING\"; echo 100%", "sh", "{out}"],
        "env": {"GREETING": "hello from env"}})");
    ASSERT_TRUE(result.done);
    EXPECT_TRUE(result.succeeded);
    EXPECT_EQ(result.label, "C");
    EXPECT_TRUE(std::filesystem::exists(result.folder.toStdString() + "/made.txt"));
    std::ifstream metadataFile(result.folder.toStdString() + "/metadata.json");
    const json metadata = json::parse(metadataFile);
    // A label that says what ran where, and the host it ran on.
    const std::string host = QSysInfo::machineHostName().toStdString();
    EXPECT_EQ(metadata["label"], "C: ok on " + host);
    EXPECT_EQ(metadata["host"], host);
    EXPECT_EQ(metadata["rerun"]["letter"], "C");
    EXPECT_TRUE(metadata.contains("device"));
    EXPECT_NE(result.log.indexOf("hello from env"), -1);
    ASSERT_FALSE(result.progress.empty());
    EXPECT_NE(std::find(result.progress.begin(), result.progress.end(), 0.5), result.progress.end());  // live
    EXPECT_DOUBLE_EQ(result.progress.back(), 1.0);
    const json record = RunLedger(dir.path().toStdString()).find(controller.record()["id"]);
    EXPECT_EQ(record["status"], "succeeded");
    EXPECT_EQ(record["exit_code"], 0);
    EXPECT_EQ(record["backend"], "local");
    EXPECT_EQ(record["job"]["env"]["GREETING"], "hello from env");
    EXPECT_EQ(record["job"]["argv"][0], "/bin/sh");
    EXPECT_GE(record["elapsed_s"].get<double>(), 0.0);
    std::ifstream log(record["log"].get<std::string>());
    std::string logText((std::istreambuf_iterator<char>(log)), {});
    EXPECT_NE(logText.find("hello from env"), std::string::npos);
}

TEST(LocalRun, FailureSaysWhy) {
    QTemporaryDir dir;
    RerunController controller;
    const auto result = runLocally(controller, dir.path().toStdString(),
                                   R"({"name": "bad", "command": ["/bin/sh", "-c", "echo oops >&2; exit 3"]})");
    ASSERT_TRUE(result.done);
    EXPECT_FALSE(result.succeeded);
    EXPECT_NE(result.log.indexOf("oops"), -1);
    EXPECT_EQ(controller.record()["status"], "failed");
    EXPECT_EQ(controller.record()["exit_code"], 3);
    EXPECT_NE(controller.record()["reason"].get<std::string>().find('3'), std::string::npos);
}

TEST(LocalRun, AMissingProgramFails) {
    QTemporaryDir dir;
    RerunController controller;
    const auto result =
        runLocally(controller, dir.path().toStdString(), R"({"name": "missing", "command": ["/nonexistent/program"]})");
    ASSERT_TRUE(result.done);
    EXPECT_FALSE(result.succeeded);
    EXPECT_NE(controller.record()["reason"].get<std::string>().find("cannot start"), std::string::npos);
}

TEST(LocalRun, TimeLimitStopsTheJobAndItsChildren) {
    QTemporaryDir dir;
    RerunController controller;
    const std::string marker = dir.path().toStdString() + "/late";
    const std::string recipe =
        R"({"name": "slow", "timeout_s": 0.5, "command": ["/bin/sh", "-c", "sleep 20 & wait; touch )" + marker +
        R"("]})";
    const auto started = std::chrono::steady_clock::now();
    const auto result = runLocally(controller, dir.path().toStdString(), recipe.c_str());
    ASSERT_TRUE(result.done);
    EXPECT_FALSE(result.succeeded);
    EXPECT_LT(std::chrono::steady_clock::now() - started, std::chrono::seconds(10));
    EXPECT_EQ(controller.record()["status"], "timed-out");
    EXPECT_FALSE(std::filesystem::exists(marker));
}

TEST(LocalRun, CancelStopsTheJob) {
    QTemporaryDir dir;
    RerunController controller;
    const auto result =
        runLocally(controller, dir.path().toStdString(), R"({"name": "long", "command": ["/bin/sleep", "20"]})", 300);
    ASSERT_TRUE(result.done);
    EXPECT_FALSE(result.succeeded);
    EXPECT_EQ(controller.record()["status"], "cancelled");
    EXPECT_LT(controller.elapsedSeconds(), 10.0);
}

TEST(LocalRun, RunFolderMetadataCannotInjectCommands) {
    QTemporaryDir dir;
    const std::string pwned = dir.path().toStdString() + "/pwned";
    const std::string label = "$(touch " + pwned + ") `touch " + pwned + "` ; touch " + pwned;
    RerunController controller;
    const auto result =
        runLocally(controller, dir.path().toStdString(),
                   R"({"name": "echo", "command": ["/bin/echo", "{A.label}"], "env": {"L": "{A.label}"}})", -1,
                   {{"A", RunRef{"/a", label, "", ""}}});
    ASSERT_TRUE(result.done);
    EXPECT_TRUE(result.succeeded);
    EXPECT_NE(result.log.indexOf(QString::fromStdString(label)), -1);
    EXPECT_FALSE(std::filesystem::exists(pwned));
}

TEST(LocalRun, UnresolvableRecipesThrowBeforeAnythingRuns) {
    QTemporaryDir dir;
    RerunController controller;
    RerunRequest request;
    request.recipe = recipeFromJson(json::parse(R"({"name": "x", "command": ["echo", "{nope}"]})"));
    request.runsDir = dir.path().toStdString() + "/runs";
    EXPECT_THROW(controller.start(request), Error);
    EXPECT_FALSE(controller.running());
    EXPECT_FALSE(std::filesystem::exists(request.runsDir));
}
