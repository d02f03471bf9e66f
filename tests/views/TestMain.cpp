#include <QApplication>

#include <gtest/gtest.h>

#include "background/BackgroundWork.h"
#include "io/Hdf5Preflight.h"

// GUI tests need a QApplication (and a display: scripts/run-tests.sh uses xvfb-run). Listing the
// tests (gtest_discover_tests at build time) needs neither.
int main(int argc, char** argv) {
    ::testing::InitGoogleTest(&argc, argv);
    if (::testing::GTEST_FLAG(list_tests)) return RUN_ALL_TESTS();
#if defined(__SANITIZE_THREAD__)
    // A child forked from a process with the window's many threads can hang under ThreadSanitizer
    // (die_after_fork=0: the runtime's locks may be held by a thread that does not exist in the
    // child), and the HDF5 pre-flight's 10 s limit then calls a good file damaged (seen with two
    // window tests at a time). These tests open no damaged HDF5 file; the pre-flight is tested by
    // the core tests, under TSan too.
    meshdiff::disableHdf5Preflight();
#endif
    QApplication app(argc, argv);
    const int failed = RUN_ALL_TESTS();
    // A test's last background task (a scene build, say) may still use the test's static data,
    // which is destroyed when main returns.
    meshdiff::views::waitForBackgroundWork();
    return failed;
}
