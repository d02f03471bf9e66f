#include <QPushButton>
#include <QSignalSpy>
#include <QTest>

#include <gtest/gtest.h>

#include <filesystem>

#include "ShownWindowTest.h"
#include "WindowTestSettings.h"
#include "globe/GlobeView.h"
#include "gui/MainWindow.h"
#include "gui/WindowLauncher.h"

namespace meshdiff::test {
namespace {

// `meshdiff A B`: the runs are read while the window is built, and the window, once shown,
// shows where that load is and then its results.
TEST(WindowLaunch, ReadsTheRunsBeforeTheWindowIsShownAndShowsThem) {
    ASSERT_TRUE(std::filesystem::exists(fixture("window") / "A")) << "window fixtures were not generated";
    useFreshWindowSettings("meshdiff-window-launch-tests");
    const auto window = gui::makeWindow({runFolder("A").toStdString(), runFolder("B").toStdString()});
    EXPECT_FALSE(window->isVisible());
    EXPECT_TRUE(window->isLoading());
    EXPECT_EQ(window->runA(), runFolder("A"));
    EXPECT_EQ(window->runB(), runFolder("B"));
    EXPECT_EQ(window->windowTitle(), "A vs B — meshdiff");
    auto* cancel = window->findChild<QPushButton*>("cancelLoading");
    ASSERT_NE(cancel, nullptr);
    EXPECT_FALSE(cancel->isHidden());  // the load can be cancelled from the first frame on

    QSignalSpy loaded(window.get(), &gui::MainWindow::pairLoaded);
    QSignalSpy scene(window->globe(), &views::GlobeView::sceneShown);
    window->resize(1500, 950);
    window->show();
    ASSERT_TRUE(loaded.wait(60000)) << window->lastError().toStdString();
    EXPECT_FALSE(window->isLoading());
    EXPECT_TRUE(cancel->isHidden());
    ASSERT_NE(window->pair(), nullptr);
    EXPECT_FALSE(window->pair()->fieldRows.empty());
    // The globe shows the pair's differences.
    if (scene.isEmpty()) {
        ASSERT_TRUE(scene.wait(30000));
    }
    const GraphDiff* shown = window->globe()->scene().diff;  // of the graph stage, the same differences
    ASSERT_NE(shown, nullptr);
    EXPECT_FALSE(shown->m2gChanged.empty());
    EXPECT_EQ(shown->m2gChanged.size(), window->pair()->comparison.graph->m2gChanged.size());
}

// `meshdiff A`: run A is set and the window asks for run B.
TEST(WindowLaunch, OneRunIsSetAsRunA) {
    ASSERT_TRUE(std::filesystem::exists(fixture("window") / "A")) << "window fixtures were not generated";
    useFreshWindowSettings("meshdiff-window-launch-tests");
    const auto window = gui::makeWindow({runFolder("A").toStdString()});
    EXPECT_FALSE(window->isLoading());
    EXPECT_EQ(window->runA(), runFolder("A"));
    EXPECT_TRUE(window->runB().isEmpty());
    EXPECT_EQ(window->windowTitle(), "A vs ? — meshdiff");
}

}  // namespace
}  // namespace meshdiff::test
