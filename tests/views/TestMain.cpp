#include <QApplication>

#include <gtest/gtest.h>

#include "background/BackgroundWork.h"
#include "io/Hdf5Preflight.h"

// GUI tests need a QApplication (and a display: scripts/run-tests.sh uses xvfb-run). Listing the
// tests (gtest_discover_tests at build time) needs neither.
int main(int argc, char** argv) {
    meshdiff::runHdf5PreflightChildIfAsked(argc, argv);  // as the window's main() does
    ::testing::InitGoogleTest(&argc, argv);
    if (::testing::GTEST_FLAG(list_tests)) return RUN_ALL_TESTS();
#if defined(__SANITIZE_THREAD__)
    // Under ThreadSanitizer each check would start this instrumented program anew (seconds of
    // start-up beside the window tests). These tests open no damaged HDF5 file; the pre-flight is
    // tested by the core tests, under TSan too.
    meshdiff::disableHdf5Preflight();
#endif
#ifdef MESHDIFF_EXECUTABLE
    meshdiff::spawnHdf5PreflightChildren(MESHDIFF_EXECUTABLE);  // as the window started by `meshdiff` does
#else
    meshdiff::spawnHdf5PreflightChildren("/proc/self/exe");
#endif
    QApplication app(argc, argv);
    const int failed = RUN_ALL_TESTS();
    // A test's last background task (a scene build, say) may still use the test's static data,
    // which is destroyed when main returns.
    meshdiff::views::waitForBackgroundWork();
    return failed;
}
