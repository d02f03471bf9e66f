// Time from asking the window to open two runs to the window showing their differences: the
// graph differences applied (before the fields are compared) and the globe's next frame; then
// the whole pair loaded, the globe's next frame and the worst field's map.
// Each open also prints the GUI thread's longest stall (an event-loop watchdog), while opening and
// in the 5 s after (the at-risk layer and edge features arrive late); the first open also counts
// from the process start, as a user launching `meshdiff A B` waits (reading begins before the
// window is built, as there; its "opening" times count from that moment).
// At the end the globe is dragged as a user drags it, and its frame times are printed.
// Usage: window_open_benchmark RUN_A RUN_B [repeats]
//        window_open_benchmark --make-demo DIR RES   (writes DIR/A and DIR/B with the demo)
// Results go to docs/benchmarks.md; this is not a test.
#include <QApplication>
#include <QElapsedTimer>
#include <QMouseEvent>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTest>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "demo/Demo.h"
#include "globe/GlobeView.h"
#include "gui/MainWindow.h"
#include "gui/WindowLauncher.h"
#include "responsiveness/EventLoopWatchdog.h"

namespace {

void sendMouse(QWidget& widget, QEvent::Type type, QPointF at, Qt::MouseButtons held) {
    QMouseEvent event(type, at, widget.mapToGlobal(at), Qt::LeftButton, held, Qt::NoModifier);
    QCoreApplication::sendEvent(&widget, &event);
}

// Wall time from each mouse move to its frame, as the window's frames arrive (not only the
// render loop's share that frameRendered reports).
bool dragGlobe(meshdiff::views::GlobeView& globe, int moves) {
    QSignalSpy frames(&globe, &meshdiff::views::GlobeView::frameRendered);
    QPointF at(globe.width() * 0.3, globe.height() * 0.5);
    sendMouse(globe, QEvent::MouseButtonPress, at, Qt::LeftButton);
    std::vector<double> wallMs;
    for (int i = 0; i < moves; ++i) {
        at.rx() += 8;
        frames.clear();
        QElapsedTimer t;
        t.start();
        sendMouse(globe, QEvent::MouseMove, at, Qt::LeftButton);
        if (frames.isEmpty() && !frames.wait(10000)) {
            std::fprintf(stderr, "dragging: no frame after move %d\n", i + 1);
            return false;
        }
        wallMs.push_back(double(t.nsecsElapsed()) / 1e6);
    }
    sendMouse(globe, QEvent::MouseButtonRelease, at, Qt::NoButton);
    std::vector<double> sorted = wallMs;
    std::sort(sorted.begin(), sorted.end());
    const auto at95 = std::min(sorted.size() - 1, static_cast<std::size_t>(0.95 * double(sorted.size())));
    std::printf("dragging the globe (%dx%d), %d moves: wall per frame median %.1f ms, p95 %.1f, worst %.1f\n",
                globe.width(), globe.height(), moves, sorted[sorted.size() / 2], sorted[at95], sorted.back());
    return true;
}

}  // namespace

int main(int argc, char** argv) {
    QElapsedTimer sinceLaunch;
    sinceLaunch.start();
    if (argc == 4 && std::string(argv[1]) == "--make-demo") {
        const auto result = meshdiff::writeDemo({argv[2], std::atof(argv[3])});
        std::printf("%s\n%s\n", result.runA.c_str(), result.runB.c_str());
        return 0;
    }
    if (argc < 3) {
        std::fprintf(stderr, "usage: window_open_benchmark RUN_A RUN_B [repeats]\n");
        return 2;
    }
    QStandardPaths::setTestModeEnabled(true);
    qputenv("MESHDIFF_NO_DIALOGS", "1");
    QApplication app(argc, argv);
    const qint64 openedAt = sinceLaunch.nsecsElapsed();
    const int repeats = argc > 3 ? std::atoi(argv[3]) : 3;
    // Open 1 as `meshdiff A B` opens: the runs are read while the window is built.
    const auto owned = meshdiff::gui::makeWindow({argv[1], argv[2]});
    meshdiff::gui::MainWindow& window = *owned;
    window.resize(1600, 1000);
    window.show();
    meshdiff::test::EventLoopWatchdog watchdog;
    for (int k = 0; k < repeats; ++k) {
        const std::string openPhase = "open " + std::to_string(k + 1), settlePhase = openPhase + " settling";
        watchdog.phase(openPhase);
        // Open 1 began before the window was made: its times count from then (launch: from main).
        const qint64 startNs = k == 0 ? openedAt : sinceLaunch.nsecsElapsed();
        const double launchOffset = double(openedAt) / 1e9;
        QSignalSpy loaded(&window, &meshdiff::gui::MainWindow::pairLoaded);
        QSignalSpy mapShown(&window, &meshdiff::gui::MainWindow::fieldMapShown);
        QSignalSpy frame(window.globe(), &meshdiff::views::GlobeView::frameRendered);
        auto now = [&] { return double(sinceLaunch.nsecsElapsed() - startNs) / 1e9; };
        double shownAt = -1, shownFrameAt = -1, graphWorker = -1;
        const auto onShown =
            QObject::connect(&window, &meshdiff::gui::MainWindow::differencesShown, &window, [&](double seconds) {
                shownAt = now();
                graphWorker = seconds;
            });
        // The globe builds a new scene off the GUI thread: the frame that counts is the first one
        // after the scene built for the differences replaced the old one.
        bool sceneIn = false;
        const auto onScene =
            QObject::connect(window.globe(), &meshdiff::views::GlobeView::sceneShown, window.globe(), [&] {
                if (shownAt >= 0) sceneIn = true;
            });
        const auto onFrame =
            QObject::connect(window.globe(), &meshdiff::views::GlobeView::frameRendered, window.globe(), [&] {
                if (sceneIn && shownFrameAt < 0) shownFrameAt = now();
            });
        if (k > 0) window.openPair(argv[1], argv[2]);
        if (!loaded.wait(120000)) {
            std::fprintf(stderr, "not loaded: %s\n", qPrintable(window.lastError()));
            return 1;
        }
        const double loadedAt = now();
        frame.clear();
        if (!frame.wait(30000)) std::fprintf(stderr, "no globe frame\n");
        const double globeAt = now();
        if (mapShown.isEmpty() && !mapShown.wait(30000)) std::fprintf(stderr, "no map\n");
        const double mapAt = now();
        // Asleep between events (a processEvents() loop would spin a core the window needs).
        if (!QTest::qWaitFor([&shownFrameAt] { return shownFrameAt >= 0; }, 30000)) {
            std::fprintf(stderr, "the new scene never reached the screen\n");
            return 1;
        }
        QObject::disconnect(onShown);
        QObject::disconnect(onFrame);
        QObject::disconnect(onScene);
        watchdog.phase(settlePhase);
        QTest::qWait(5000);
        std::printf(
            "open %d: graph differences applied %.3f s (worker %.3f s), their globe frame %.3f s; "
            "loaded %.3f s (worker %.3f s), globe frame %.3f s, map %.3f s\n",
            k + 1, shownAt, graphWorker, shownFrameAt, loadedAt, window.pair()->seconds, globeAt, mapAt);
        if (k == 0) std::printf("open 1 from launch: their globe frame %.3f s\n", launchOffset + shownFrameAt);
        std::printf("open %d: longest GUI-thread stall %.0f ms opening, %.0f ms in the 5 s after\n", k + 1,
                    watchdog.worstGapMs().at(openPhase), watchdog.worstGapMs().at(settlePhase));
    }
    // A user's drag of the globe once the pair is open: one mouse move per frame, 8 px each.
    if (!dragGlobe(*window.globe(), 60)) return 1;
    if (const char* shot = std::getenv("MESHDIFF_SCREENSHOT")) {
        QTest::qWait(3000);  // the at-risk layer
        window.grab().save(shot);
    }
    return 0;
}
