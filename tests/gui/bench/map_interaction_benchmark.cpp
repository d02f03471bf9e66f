// The GUI thread while a user works with the error map of an open pair: for each step (field
// switch, A−B scale and display change, wheel zoom, drag pan, window resize) the longest stall of
// the event loop (the responsiveness tests' watchdog) and the longest single paint of the map
// canvas (a synchronous repaint, timed). At 0.1° (6.5 M grid points) this shows whether painting
// goes through the whole field (docs/benchmarks.md, "Scale").
// Usage: map_interaction_benchmark RUN_A RUN_B
// Results go to docs/benchmarks.md; this is not a test.
#include <QApplication>
#include <QComboBox>
#include <QElapsedTimer>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTest>
#include <QWheelEvent>

#include <algorithm>
#include <cstdio>
#include <ctime>
#include <string>

#include "gui/MainWindow.h"
#include "map/ErrorMapView.h"
#include "pair/LoadedPair.h"
#include "responsiveness/EventLoopWatchdog.h"

namespace {

using meshdiff::gui::MainWindow;
using meshdiff::views::ErrorMapView;

double longestPaintMs = 0;

// CPU time of the calling thread: unlike the stalls, it does not grow with the machine's load.
double threadCpuMs() {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return double(t.tv_sec) * 1e3 + double(t.tv_nsec) / 1e6;
}

// Lets queued work (paints, prepared maps) arrive, and times one full paint of the canvas.
void settle(QWidget* canvas, int ms) {
    QTest::qWait(ms);
    QElapsedTimer paint;
    paint.start();
    canvas->repaint();
    longestPaintMs = std::max(longestPaintMs, double(paint.nsecsElapsed()) / 1e6);
}

void wheel(QWidget* canvas, int steps) {
    const QPointF at(canvas->width() * 0.4, canvas->height() * 0.4);
    QWheelEvent event(at, canvas->mapToGlobal(at), QPoint(), QPoint(0, 120 * steps), Qt::NoButton, Qt::NoModifier,
                      Qt::NoScrollPhase, false);
    QApplication::sendEvent(canvas, &event);
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 3) {
        std::fprintf(stderr, "usage: map_interaction_benchmark RUN_A RUN_B\n");
        return 2;
    }
    QStandardPaths::setTestModeEnabled(true);
    qputenv("MESHDIFF_NO_DIALOGS", "1");
    QApplication app(argc, argv);
    MainWindow window;
    window.resize(1600, 1000);
    window.show();
    QSignalSpy loaded(&window, &MainWindow::pairLoaded);
    QSignalSpy mapShown(&window, &MainWindow::fieldMapShown);
    window.openPair(argv[1], argv[2]);
    if (!loaded.wait(180000) || (mapShown.isEmpty() && !mapShown.wait(60000))) {
        std::fprintf(stderr, "not loaded: %s\n", qPrintable(window.lastError()));
        return 1;
    }
    QTest::qWait(8000);  // the at-risk layer and edge features
    ErrorMapView* map = window.errorMap();
    QWidget* canvas = map->canvas();
    meshdiff::test::EventLoopWatchdog watchdog;
    std::map<std::string, double> paints, cpu;
    const auto step = [&](const std::string& name, const auto& action) {
        watchdog.phase(name);
        longestPaintMs = 0;
        const double cpuBefore = threadCpuMs();
        action();
        cpu[name] = threadCpuMs() - cpuBefore;
        paints[name] = longestPaintMs;
        watchdog.phase("between");
        QTest::qWait(300);
    };

    step("at rest", [&] {
        for (int k = 0; k < 5; ++k) settle(canvas, 50);
    });
    step("field switch", [&] {
        const auto& rows = window.pair()->fieldRows;
        for (std::size_t k = 1; k < std::min<std::size_t>(rows.size(), 4); ++k) {
            mapShown.clear();
            window.selectField(QString::fromStdString(rows[k].name));
            mapShown.wait(60000);
            settle(canvas, 100);
        }
    });
    step("A-B scale and display change", [&] {
        QSignalSpy restyled(map, &ErrorMapView::restyled);
        for (const char* box : {"mapScale", "mapLimits", "mapMode"}) {
            auto* combo = map->findChild<QComboBox*>(QString::fromLatin1(box));
            for (int i = 1; i <= combo->count(); ++i) {
                combo->setCurrentIndex(i % combo->count());
                settle(canvas, 30);  // the picture on show while the new one is coloured
                restyled.wait(20000);
                settle(canvas, 50);
            }
        }
    });
    step("wheel zoom", [&] {
        for (int k = 0; k < 8; ++k) {
            wheel(canvas, k < 5 ? 1 : -1);
            settle(canvas, 30);
        }
    });
    step("drag pan", [&] {
        const QPoint from(canvas->width() / 2, canvas->height() / 2);
        wheel(canvas, 3);
        QTest::mousePress(canvas, Qt::LeftButton, {}, from);
        for (int k = 1; k <= 10; ++k) {
            QTest::mouseMove(canvas, from + QPoint(15 * k, 5 * k));
            settle(canvas, 30);
        }
        QTest::mouseRelease(canvas, Qt::LeftButton, {}, from + QPoint(150, 50));
        QTest::mouseDClick(canvas, Qt::LeftButton, {}, from);  // the whole world again
        settle(canvas, 30);
    });
    step("window resize", [&] {
        for (const QSize size : {QSize(1400, 900), QSize(1200, 800), QSize(1600, 1000), QSize(1000, 700)}) {
            window.resize(size);
            settle(canvas, 100);
        }
    });
    for (const auto& [name, paint] : paints)
        std::printf("%-30s longest GUI-thread stall %6.1f ms, longest map paint %6.1f ms, GUI-thread CPU %6.0f ms\n",
                    name.c_str(), watchdog.worstGapMs().at(name), paint, cpu.at(name));
    return 0;
}
