#include <QElapsedTimer>
#include <QSignalSpy>
#include <QTest>
#include <QThread>

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <filesystem>

#include "background/BackgroundWork.h"
#include "core/TestPaths.h"
#include "pair/PairSession.h"

namespace meshdiff::pair {
namespace {

// Run folders written by tests/fixtures/make_window_runs.py from the shared 1° graphs.
QString runFolder(const char* run) { return QString::fromStdString((test::fixture("window") / run).string()); }

// The session alone, without a window: what it loads and selects, and which results it drops.
class PairSessionTest : public ::testing::Test {
protected:
    void SetUp() override {
        ASSERT_TRUE(std::filesystem::exists(test::fixture("window") / "A")) << "window fixtures were not generated";
        QObject::connect(&session_, &PairSession::fieldLoaded, &session_, [this](const std::shared_ptr<FieldMap>& map) {
            fieldMaps_ << QString::fromStdString(map->data->fieldName);
        });
    }

    void openAndWait(const QString& a, const QString& b) {
        QSignalSpy ready(&session_, &PairSession::fieldsReady);
        session_.open(a, b);
        ASSERT_TRUE(ready.wait(60000)) << session_.lastError().toStdString();
    }

    PairSession session_;
    QStringList fieldMaps_;  // the field names of the maps the session handed over, in order
};

TEST_F(PairSessionTest, TheSummarySaysWhichRelRmsItGives) {
    openAndWait(runFolder("A"), runFolder("B"));
    const FieldsComparison& f = *session_.pair()->comparison.fields;
    double areaWeighted = 0;
    for (const FieldMetrics& m : f.perField) areaWeighted = std::max(areaWeighted, m.areaWeighted.relRms);
    ASSERT_GT(areaWeighted, 0);
    ASSERT_NE(QString::number(areaWeighted, 'g', 3), QString::number(f.maxRelRms, 'g', 3))
        << "the fixture tells them apart";
    const QString summary = session_.status();
    EXPECT_TRUE(summary.contains(QStringLiteral("max rel RMS %1 (area-weighted; %2 over grid points)")
                                     .arg(areaWeighted, 0, 'g', 3)
                                     .arg(f.maxRelRms, 0, 'g', 3)))
        << summary.toStdString();
}

TEST_F(PairSessionTest, OpensTheRunsGraphsFirstThenFields) {
    QSignalSpy opening(&session_, &PairSession::pairOpening);
    QSignalSpy graphs(&session_, &PairSession::graphsReady);
    QSignalSpy fields(&session_, &PairSession::fieldsReady);
    bool fieldsPendingWhenGraphsShown = false;
    QObject::connect(&session_, &PairSession::graphsReady, &session_, [&] {
        fieldsPendingWhenGraphsShown = session_.isLoading() && session_.pair()->fieldRows.empty();
    });

    session_.open(runFolder("A"), runFolder("B"));
    ASSERT_EQ(opening.count(), 1);
    EXPECT_EQ(opening.at(0).at(0).toString(), runFolder("A"));
    EXPECT_TRUE(session_.isLoading());
    EXPECT_EQ(session_.pair(), nullptr);
    ASSERT_TRUE(fields.wait(60000)) << session_.lastError().toStdString();

    EXPECT_EQ(graphs.count(), 1);
    EXPECT_TRUE(fieldsPendingWhenGraphsShown);
    EXPECT_FALSE(session_.isLoading());
    ASSERT_NE(session_.pair(), nullptr);
    EXPECT_EQ(session_.pair()->pathA, runFolder("A").toStdString());
    EXPECT_EQ(session_.pair()->pathB, runFolder("B").toStdString());
    EXPECT_EQ(session_.runA(), runFolder("A"));
    EXPECT_EQ(session_.runB(), runFolder("B"));
    EXPECT_TRUE(session_.pair()->comparison.graph.has_value());
    EXPECT_EQ(session_.pair()->fieldRows.size(), 6u);
    EXPECT_EQ(session_.pair()->comparison.a.label, "default host");
    EXPECT_TRUE(session_.currentField().isEmpty());  // the window chooses which field to show

    // Graph A's fragility analysis follows on its own and lands in the pair.
    QSignalSpy fragility(&session_, &PairSession::fragilityReady);
    ASSERT_TRUE(fragility.wait(60000));
    EXPECT_NE(session_.pair()->fragilityA, nullptr);
}

TEST_F(PairSessionTest, GraphsReadWorkGetsBothGraphsOnTheLoadingThreadWhileThisThreadIsBusy) {
    std::atomic<bool> called{false}, offThisThread{false}, bothGraphs{false};
    const QThread* gui = QThread::currentThread();
    session_.setGraphsReadWork([&](std::shared_ptr<const MeshGraph> a, const std::shared_ptr<const MeshGraph>& b) {
        offThisThread = QThread::currentThread() != gui;
        bothGraphs = a && b && !a->meshLat.empty() && a->meshLat.size() == b->meshLat.size();
        called = true;
    });
    QSignalSpy graphs(&session_, &PairSession::graphsReady);
    session_.open(runFolder("A"), runFolder("B"));
    // This thread does not come back to its event loop: the work must not need it.
    QElapsedTimer waited;
    waited.start();
    while (!called && waited.elapsed() < 60000) QThread::msleep(5);
    EXPECT_TRUE(called);
    EXPECT_TRUE(offThisThread);
    EXPECT_TRUE(bothGraphs);
    EXPECT_EQ(graphs.count(), 0);  // the graph stage is delivered through this thread's events
    ASSERT_TRUE(graphs.wait(60000)) << session_.lastError().toStdString();
}

TEST_F(PairSessionTest, ComparesTheFieldsOnlyOnceTheGraphsAreShown) {
    session_.setFieldsWaitForGraphsShown(std::chrono::minutes(1));
    QSignalSpy graphs(&session_, &PairSession::graphsReady);
    QSignalSpy fields(&session_, &PairSession::fieldsReady);
    session_.open(runFolder("A"), runFolder("B"));
    ASSERT_TRUE(graphs.wait(60000)) << session_.lastError().toStdString();
    EXPECT_FALSE(fields.wait(500));  // the 1° fields take ~0.1 s once they may start
    EXPECT_TRUE(session_.isLoading());
    session_.graphsShown();
    ASSERT_TRUE(fields.wait(60000)) << session_.lastError().toStdString();
    EXPECT_FALSE(session_.pair()->fieldRows.empty());
}

TEST_F(PairSessionTest, CancelWhileTheFieldsWaitForTheScreenKeepsTheGraphs) {
    session_.setFieldsWaitForGraphsShown(std::chrono::minutes(1));
    QSignalSpy graphs(&session_, &PairSession::graphsReady);
    QSignalSpy cancelled(&session_, &PairSession::loadCancelled);
    session_.open(runFolder("A"), runFolder("B"));
    ASSERT_TRUE(graphs.wait(60000)) << session_.lastError().toStdString();
    QElapsedTimer timer;
    timer.start();
    session_.cancel();
    views::waitForBackgroundWork();  // the waiting worker notices the cancel and ends
    EXPECT_LT(timer.elapsed(), 30000);
    ASSERT_EQ(cancelled.count(), 1);
    EXPECT_TRUE(cancelled.at(0).at(0).toBool());  // the graphs stay on show
    EXPECT_FALSE(session_.isLoading());
    EXPECT_TRUE(session_.pair()->fieldRows.empty());
}

TEST_F(PairSessionTest, SelectingFieldsHandsOverOnlyTheLatestMap) {
    openAndWait(runFolder("A"), runFolder("B"));
    QSignalSpy selection(&session_, &PairSession::selectionChanged);
    QSignalSpy loaded(&session_, &PairSession::fieldLoaded);

    const QString first = QString::fromStdString(session_.pair()->fieldRows[0].name);
    const QString second = QString::fromStdString(session_.pair()->fieldRows[1].name);
    session_.selectField(first);
    session_.selectField(second);  // before the first map is back: the first one is dropped
    EXPECT_EQ(selection.count(), 2);
    EXPECT_EQ(session_.currentField(), second);
    ASSERT_TRUE(loaded.wait(30000));
    QTest::qWait(500);
    EXPECT_EQ(fieldMaps_, QStringList{second});

    views::GlobePick pick;
    pick.kind = views::GlobePick::Kind::Triangle;
    pick.grid = 42;
    session_.selectDifference(pick);
    EXPECT_EQ(selection.count(), 3);
    EXPECT_EQ(session_.selectedDifference().grid, 42);
    EXPECT_EQ(session_.currentField(), second);
}

TEST_F(PairSessionTest, CancelKeepsWhatWasLoaded) {
    openAndWait(runFolder("A"), runFolder("B"));
    const LoadedPair* before = session_.pair();
    QSignalSpy cancelled(&session_, &PairSession::loadCancelled);
    QSignalSpy graphs(&session_, &PairSession::graphsReady);
    QSignalSpy fields(&session_, &PairSession::fieldsReady);

    session_.open(runFolder("B"), runFolder("A"));
    EXPECT_EQ(session_.runA(), runFolder("B"));
    session_.cancel();
    ASSERT_EQ(cancelled.count(), 1);
    EXPECT_FALSE(cancelled.at(0).at(0).toBool());  // no graphs of the new pair were shown
    EXPECT_FALSE(session_.isLoading());
    EXPECT_EQ(session_.runA(), runFolder("A"));  // back to what is loaded
    QTest::qWait(2000);                          // a cancelled load never replaces what is loaded
    EXPECT_EQ(session_.pair(), before);
    EXPECT_EQ(graphs.count(), 0);
    EXPECT_EQ(fields.count(), 0);
}

TEST_F(PairSessionTest, ReopeningDropsTheStaleLoad) {
    QSignalSpy graphs(&session_, &PairSession::graphsReady);
    QSignalSpy fields(&session_, &PairSession::fieldsReady);
    session_.open(runFolder("A"), runFolder("B"));
    const int first = session_.loadGeneration();
    views::waitForBackgroundWork();  // the first load ran to its end: its results wait in the queue
    session_.open(runFolder("B"), runFolder("A"));
    EXPECT_EQ(session_.loadGeneration(), first + 1);
    ASSERT_TRUE(fields.wait(60000)) << session_.lastError().toStdString();
    QTest::qWait(500);
    EXPECT_EQ(graphs.count(), 1);
    EXPECT_EQ(fields.count(), 1);
    EXPECT_EQ(session_.pair()->pathA, runFolder("B").toStdString());
    EXPECT_EQ(session_.pair()->comparison.a.label, "sse host");
}

TEST_F(PairSessionTest, SwapExchangesTheRuns) {
    openAndWait(runFolder("A"), runFolder("B"));
    QSignalSpy fields(&session_, &PairSession::fieldsReady);
    session_.swapRuns();
    EXPECT_EQ(session_.runA(), runFolder("B"));
    EXPECT_EQ(session_.runB(), runFolder("A"));
    ASSERT_TRUE(fields.wait(60000)) << session_.lastError().toStdString();
    EXPECT_EQ(session_.pair()->pathB, runFolder("A").toStdString());
    EXPECT_EQ(session_.pair()->comparison.b.label, "default host");
}

TEST_F(PairSessionTest, MissingFolderFailsAndKeepsThePreviousPair) {
    QSignalSpy failed(&session_, &PairSession::loadFailed);
    session_.open(QStringLiteral("/nonexistent/run"), runFolder("B"));
    ASSERT_TRUE(failed.wait(30000));
    EXPECT_TRUE(failed.at(0).at(0).toString().contains("/nonexistent/run")) << session_.lastError().toStdString();
    EXPECT_EQ(session_.lastError(), failed.at(0).at(0).toString());
    EXPECT_EQ(session_.pair(), nullptr);
    EXPECT_FALSE(session_.isLoading());

    openAndWait(runFolder("A"), runFolder("B"));
    const LoadedPair* before = session_.pair();
    session_.setRunB(QStringLiteral("/nonexistent/run"));
    ASSERT_TRUE(failed.wait(30000));
    EXPECT_EQ(session_.pair(), before);
    EXPECT_EQ(session_.runB(), runFolder("B"));
}

}  // namespace
}  // namespace meshdiff::pair
