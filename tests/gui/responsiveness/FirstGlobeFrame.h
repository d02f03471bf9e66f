#pragma once
#include <QTest>

#include "globe/GlobeView.h"
#include "gui/MainWindow.h"

namespace meshdiff::test {

// Waits until the window's globe shows its first frame (up to 10 s); false if it never does.
inline bool waitForFirstGlobeFrame(gui::MainWindow& window) {
    return QTest::qWaitFor([&window] { return window.globe()->hasFrame(); }, 10000);
}

}  // namespace meshdiff::test
