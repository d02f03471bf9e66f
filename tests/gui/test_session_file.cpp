// A `.meshdiff-session` file: what the window writes reads back the same, through the same keys
// the window's settings use; a file that is not a session is an error naming the file.
#include <functional>

#include <QDir>
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <gtest/gtest.h>

#include "RolloutFixture.h"
#include "SessionParseError.h"
#include "ShownWindowTest.h"
#include "common/Error.h"
#include "fieldtable/FieldTableView.h"
#include "globe/GlobeScene.h"
#include "gui/GlobeSceneSettings.h"
#include "gui/MapStyleSettings.h"
#include "gui/SettingsKeys.h"
#include "gui/reactions/SessionReactions.h"
#include "gui/session/SessionFile.h"
#include "gui/session/WindowSession.h"
#include "leadslider/LeadSlider.h"
#include "map/ErrorMapView.h"
#include "pair/RolloutSession.h"

namespace meshdiff::gui {
namespace {

SavedValue lookupIn(const SessionState& state) {
    return [&state](const QString& key, const QVariant& fallback) { return sessionValue(state, key, fallback); };
}

class SessionFileTest : public ::testing::Test {
protected:
    QString existingRun(const QString& name) {
        const QString path = dir_.filePath(name);
        QDir().mkpath(path);
        return path;
    }
    QTemporaryDir dir_;
};

TEST_F(SessionFileTest, RunsLeadFieldAndMapStyleReadBackAsWritten) {
    views::ErrorMapStyle style;
    style.mode = views::MapMode::AbsDifference;
    style.scale = views::ScaleChoice(2);
    style.limits.mode = views::LimitMode(2);
    style.limits.manualMin = -0.25;
    style.limits.manualMax = 1.5;
    style.sequentialMap = views::ColorMapKind::Magma;
    style.differenceMap = views::ColorMapKind::Balance;
    style.coastlines = false;
    style.differences = false;
    style.spotlight = true;
    ASSERT_NE(style, views::ErrorMapStyle{});

    SessionState state;
    state.runA = existingRun("avx512");
    state.runB = existingRun("avx2");
    state.spreadRun = existingRun("member1");
    state.leadStepHours = 6.0;
    state.lead = 3;
    state.member = 1;
    state.field = "2m_temperature";
    state.view = mapStyleSettings(style);
    state.view.emplace_back(settings::kFieldsAreaWeighted, false);
    state.view.emplace_back(settings::kFieldsRegion, QString("tropics"));
    state.view.emplace_back(settings::kGlobeLayers, QVariantList{0, 3, 4, 12});
    state.view.emplace_back(settings::kGlobeLayerCount, views::kGlobeLayerCount);
    state.view.emplace_back(settings::kGlobeMeshLevel, 4);

    const QString path = dir_.filePath("pair.meshdiff-session");
    writeSessionFile(path, state);
    const SessionState read = readSessionFile(path);

    EXPECT_EQ(read.runA, state.runA);
    EXPECT_EQ(read.runB, state.runB);
    EXPECT_EQ(read.spreadRun, state.spreadRun);
    ASSERT_TRUE(read.leadStepHours.has_value());
    EXPECT_DOUBLE_EQ(*read.leadStepHours, 6.0);
    EXPECT_EQ(read.lead, 3);
    EXPECT_EQ(read.member, 1);
    EXPECT_EQ(read.field, "2m_temperature");
    EXPECT_EQ(savedMapStyle(lookupIn(read)), style);
    EXPECT_FALSE(sessionValue(read, settings::kFieldsAreaWeighted, true).toBool());
    EXPECT_EQ(sessionValue(read, settings::kFieldsRegion, "global").toString(), "tropics");

    const views::GlobeScene scene = savedGlobeScene(lookupIn(read));
    EXPECT_EQ(scene.meshLevel, 4);
    for (int layer = 0; layer < views::kGlobeLayerCount; ++layer)
        EXPECT_EQ(scene.visible[std::size_t(layer)], layer == 0 || layer == 3 || layer == 4 || layer == 12)
            << "layer " << layer;
}

TEST_F(SessionFileTest, AbsentViewKeysKeepTheDefaults) {
    SessionState state;
    state.runA = "a";
    state.runB = "b";
    const SessionState read = parseSession(sessionJson(state), "s.meshdiff-session");
    EXPECT_EQ(savedMapStyle(lookupIn(read)), views::ErrorMapStyle{});
    EXPECT_EQ(savedGlobeScene(lookupIn(read)).visible, views::GlobeScene{}.visible);
    EXPECT_FALSE(read.leadStepHours.has_value());
    EXPECT_TRUE(read.spreadRun.isEmpty());
}

TEST_F(SessionFileTest, MalformedJsonNamesTheFileAndTheProblem) {
    const std::string error =
        test::sessionParseError("{\"format\": \"meshdiff-session\", \"runs\": ", "/data/broken.meshdiff-session");
    EXPECT_NE(error.find("/data/broken.meshdiff-session"), std::string::npos) << error;
    EXPECT_NE(error.find("not valid JSON"), std::string::npos) << error;
}

TEST_F(SessionFileTest, JsonThatIsNotASessionIsRefused) {
    const std::string error = test::sessionParseError(R"({"runs": {"a": "x", "b": "y"}})", "other.json");
    EXPECT_NE(error.find("other.json"), std::string::npos) << error;
    EXPECT_NE(error.find("not a meshdiff session"), std::string::npos) << error;
    EXPECT_NE(test::sessionParseError(R"([1, 2])", "list.json").find("not a meshdiff session"), std::string::npos);
}

TEST_F(SessionFileTest, WrongTypesAndMissingRunsAreNamed) {
    EXPECT_NE(test::sessionParseError(R"({"format": "meshdiff-session", "runs": {"a": "x"}})", "f")
                  .find("names no runs A and B"),
              std::string::npos);
    EXPECT_NE(
        test::sessionParseError(R"({"format": "meshdiff-session", "runs": {"a": "x", "b": "y"}, "lead": "two"})", "f")
            .find("\"lead\" is not a whole number"),
        std::string::npos);
    EXPECT_NE(test::sessionParseError(
                  R"({"format": "meshdiff-session", "runs": {"a": "x", "b": "y"}, "leadStepHours": -6})", "f")
                  .find("\"leadStepHours\" is not a positive number"),
              std::string::npos);
}

TEST_F(SessionFileTest, ARunThatNoLongerExistsIsNamed) {
    SessionState state;
    state.runA = existingRun("a");
    state.runB = dir_.filePath("deleted-run");
    const QString path = dir_.filePath("old.meshdiff-session");
    writeSessionFile(path, state);
    try {
        readSessionFile(path);
        FAIL() << "no error for a missing run";
    } catch (const Error& e) {
        const std::string message = e.what();
        EXPECT_NE(message.find(path.toStdString()), std::string::npos) << message;
        EXPECT_NE(message.find("deleted-run no longer exists"), std::string::npos) << message;
    }
}

TEST_F(SessionFileTest, AnUnwritablePlaceIsAnErrorAndLeavesNoFile) {
    SessionState state;
    state.runA = "a";
    state.runB = "b";
    const QString path = dir_.filePath("no-such-folder/s.meshdiff-session");
    EXPECT_THROW(writeSessionFile(path, state), Error);
    EXPECT_FALSE(QFile::exists(path));
}

bool waitUntil(const std::function<bool()>& done) {
    for (int waited = 0; waited < 60000 && !done(); waited += 20) QTest::qWait(20);
    return done();
}

class SessionWindow : public test::ShownWindowTest {
protected:
    void openRollout(MainWindow& window) {
        QSignalSpy loaded(&window, &MainWindow::pairLoaded);
        QSignalSpy finished(window.rollout(), &RolloutSession::finished);
        window.openPair(test::rolloutFixture("a.nc"), test::rolloutFixture("b.nc"));
        ASSERT_TRUE(loaded.count() > 0 || loaded.wait(60000)) << window.lastError().toStdString();
        ASSERT_TRUE(finished.count() > 0 || finished.wait(60000));
    }
    QTemporaryDir dir_;
};

TEST_F(SessionWindow, AFreshWindowReopensTheRunsLeadFieldMapStyleAndNumbers) {
    openRollout(*window_);
    window_->showFieldAtLead(QStringLiteral("temperature@500"), 2);
    window_->leadSlider()->setCurrentMember(1);
    views::ErrorMapStyle style = window_->errorMap()->style();
    style.mode = views::MapMode::AbsDifference;
    style.spotlight = true;
    style.differenceMap = views::ColorMapKind::Balance;
    window_->errorMap()->setStyle(style);
    window_->fieldTable()->metricBar()->setChoice(views::MetricChoice::gridPoints());
    ASSERT_EQ(window_->currentLead(), 2);
    ASSERT_EQ(window_->currentMember(), 1);
    const QString path = dir_.filePath("rollout.meshdiff-session");
    writeSessionFile(path, windowSession(*window_));

    MainWindow fresh;
    fresh.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&fresh));
    fresh.errorMap()->setStyle(views::ErrorMapStyle{});  // not what the first window saved in the settings
    fresh.fieldTable()->metricBar()->setChoice(views::MetricChoice{});
    QString error;
    ASSERT_TRUE(OpenSessionReaction::open(&fresh, path, &error)) << error.toStdString();
    ASSERT_TRUE(waitUntil([&] {
        return fresh.pair() && fresh.currentLead() == 2 && fresh.currentMember() == 1 &&
               fresh.currentField() == QStringLiteral("temperature@500");
    })) << "lead "
        << fresh.currentLead() << " member " << fresh.currentMember() << " field "
        << fresh.currentField().toStdString();
    EXPECT_EQ(fresh.runA(), test::rolloutFixture("a.nc"));
    EXPECT_EQ(fresh.runB(), test::rolloutFixture("b.nc"));
    EXPECT_EQ(fresh.fieldTable()->currentField(), QStringLiteral("temperature@500"));
    EXPECT_EQ(fresh.errorMap()->style().mode, views::MapMode::AbsDifference);
    EXPECT_TRUE(fresh.errorMap()->style().spotlight);
    EXPECT_EQ(fresh.errorMap()->style().differenceMap, views::ColorMapKind::Balance);
    EXPECT_EQ(fresh.fieldTable()->metricChoice(), views::MetricChoice::gridPoints());
}

TEST_F(SessionWindow, AMalformedSessionIsAnErrorAndTheWindowKeepsItsPair) {
    openRollout(*window_);
    const QString path = dir_.filePath("broken.meshdiff-session");
    QFile file(path);
    ASSERT_TRUE(file.open(QIODevice::WriteOnly));
    file.write("{\"format\": \"meshdiff-session\", ");
    file.close();
    QString error;
    EXPECT_FALSE(OpenSessionReaction::open(window_.get(), path, &error));
    EXPECT_TRUE(error.contains(path)) << error.toStdString();
    EXPECT_TRUE(error.contains("not valid JSON")) << error.toStdString();
    EXPECT_FALSE(window_->isLoading());
    EXPECT_EQ(window_->runA(), test::rolloutFixture("a.nc"));
    EXPECT_NE(window_->pair(), nullptr);
}

}  // namespace
}  // namespace meshdiff::gui
