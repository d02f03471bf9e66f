#include <QApplication>

#include <gtest/gtest.h>

#include "background/BackgroundWork.h"

// GUI tests need a QApplication (and a display: scripts/run-tests.sh uses xvfb-run). Listing the
// tests (gtest_discover_tests at build time) needs neither.
int main(int argc, char** argv) {
    ::testing::InitGoogleTest(&argc, argv);
    if (::testing::GTEST_FLAG(list_tests)) return RUN_ALL_TESTS();
    QApplication app(argc, argv);
    const int failed = RUN_ALL_TESTS();
    // A test's last background task (a scene build, say) may still use the test's static data,
    // which is destroyed when main returns.
    meshdiff::views::waitForBackgroundWork();
    return failed;
}
