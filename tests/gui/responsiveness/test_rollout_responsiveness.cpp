// The GUI thread stays responsive while the window compares every lead and member of a rollout
// in the background, while the lead slider plays, while the slider and member chooser move and
// while an animation of the leads is written: the event-loop watchdog of test_responsiveness.cpp
// measures the longest time the GUI thread went without serving a 5 ms timer. Runs alone
// (RUN_SERIAL): it measures time.
#include <QComboBox>
#include <QSignalSpy>
#include <QSlider>
#include <QTemporaryDir>
#include <QTest>

#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>

#include "WindowTestSettings.h"
#include "core/TestPaths.h"
#include "gui/MainWindow.h"
#include "leadslider/LeadSlider.h"
#include "pair/RolloutSession.h"
#include "responsiveness/EventLoopWatchdog.h"
#include "responsiveness/FirstGlobeFrame.h"

namespace meshdiff::gui {
namespace {

constexpr double kBudgetMs = 100;

// The 4-lead × 2-member rollout of tests/fixtures/make_rollout_fixtures.py;
// MESHDIFF_RESPONSIVENESS_ROLLOUT=DIR measures DIR/A and DIR/B instead (e.g. a 0.25° rollout).
QString rolloutRun(const char* run, const char* file) {
    const QString other = qEnvironmentVariable("MESHDIFF_RESPONSIVENESS_ROLLOUT");
    if (!other.isEmpty()) return other + "/" + run;
    return QString::fromStdString((test::fixture("rollouts") / file).string());
}

TEST(Responsiveness, GuiThreadIsNeverBlockedOver100MsWhileARolloutLoadsAndPlays) {
    ASSERT_TRUE(std::filesystem::exists(rolloutRun("A", "a.nc").toStdString()))
        << "rollout fixtures were not generated";
    test::useFreshWindowSettings("meshdiff-responsiveness-tests");
    MainWindow window;
    window.resize(1500, 950);
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    // As a user opens runs in a window that is up: its globe's first frame (the render thread
    // compiling its shaders, ~0.3 s of CPU) is not part of what is measured here.
    ASSERT_TRUE(test::waitForFirstGlobeFrame(window));
    QTest::qWait(200);

    test::EventLoopWatchdog watchdog;
    watchdog.phase("open a rollout and compare every lead");
    {
        QSignalSpy loaded(&window, &MainWindow::pairLoaded);
        QSignalSpy finished(window.rollout(), &RolloutSession::finished);
        window.openPair(rolloutRun("A", "a.nc"), rolloutRun("B", "b.nc"));
        ASSERT_TRUE(loaded.wait(120000)) << window.lastError().toStdString();
        ASSERT_TRUE(finished.count() > 0 || finished.wait(600000));
        QTest::qWait(500);
    }
    views::LeadSlider& slider = *window.leadSlider();
    ASSERT_GE(slider.readyCount(), 2);

    watchdog.phase("play through the leads");
    slider.setPlayInterval(100);
    slider.setPlaying(true);
    QTest::qWait(3000);
    slider.setPlaying(false);
    QTest::qWait(500);

    watchdog.phase("drag the slider and switch members");
    for (int step = 0; step < 2 * slider.readyCount(); ++step) {
        slider.slider()->setValue(step % slider.readyCount());
        if (slider.memberChooser()->count() > 1) slider.memberChooser()->setCurrentIndex(step % 2);
        QTest::qWait(60);
    }
    QTest::qWait(1000);

    watchdog.phase("write an animation of the leads (GIF, 89 mm at 300 DPI)");
    {
        QTemporaryDir dir;
        QSignalSpy written(window.animation(), &AnimationController::finished);
        QTRY_VERIFY_WITH_TIMEOUT(window.animation()->canExport(), 20000);
        window.animation()->exportAnimation(views::LeadAnimationOptions{}, dir.filePath(QStringLiteral("leads.gif")));
        ASSERT_TRUE(written.wait(120000));
        QTest::qWait(300);
    }

    watchdog.phase("open the rollout again while its leads are compared, then cancel");
    {
        QSignalSpy loaded(&window, &MainWindow::pairLoaded);
        window.reload();
        ASSERT_TRUE(loaded.wait(120000));
        window.cancelLoading();  // the lead comparison, now that the pair is loaded
        QTest::qWait(500);
    }
    watchdog.phase("end");

    test::expectNoStallOver(kBudgetMs, watchdog);
}

}  // namespace
}  // namespace meshdiff::gui
