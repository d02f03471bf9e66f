#pragma once
#include <QString>
#include <QTest>

#include <gtest/gtest.h>

#include <filesystem>
#include <memory>

#include "WindowReportWriter.h"
#include "WindowTestSettings.h"
#include "core/TestPaths.h"
#include "gui/MainWindow.h"

namespace meshdiff::test {

// The run folders of tests/fixtures/make_window_runs.py ("A", "B").
inline QString runFolder(const char* run) { return QString::fromStdString((fixture("window") / run).string()); }

// A real window with fresh settings and the report writer, shown at 1500×950 before each test.
class ShownWindowTest : public ::testing::Test {
protected:
    void SetUp() override {
        ASSERT_TRUE(std::filesystem::exists(fixture("window") / "A")) << "window fixtures were not generated";
        useFreshWindowSettings("meshdiff-window-tests");
        window_ = std::make_unique<gui::MainWindow>();
        window_->setReportWriter(windowReportWriter());  // as meshdiff-gui's main does
        window_->resize(1500, 950);
        window_->show();
        ASSERT_TRUE(QTest::qWaitForWindowExposed(window_.get()));
    }

    std::unique_ptr<gui::MainWindow> window_;
};

}  // namespace meshdiff::test
