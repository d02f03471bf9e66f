// Frame times of the globe while it rotates: finest mesh, the graph differences and a field
// overlay, in a 1280×800 window (docs/benchmarks.md). Run under Xvfb on this machine:
//   xvfb-run -a -s "-screen 0 1600x1000x24" globe_frame_benchmark [graphA.npz graphB.npz] [frames]
#include <QApplication>
#include <QElapsedTimer>
#include <QImage>
#include <QTimer>

#include <sys/resource.h>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <numeric>
#include <string>
#include <vector>

#include "globe/GlobeView.h"
#include "graph/GraphDiff.h"
#include "io/GraphFiles.h"

using namespace meshdiff;
using namespace meshdiff::views;

namespace {

double percentile(std::vector<double> v, double p) {
    std::sort(v.begin(), v.end());
    return v[std::min(v.size() - 1, static_cast<std::size_t>(p / 100.0 * double(v.size())))];
}

}  // namespace

int main(int argc, char** argv) {
    QApplication app(argc, argv);
    const std::string graphs = MESHDIFF_DATA_DIR "/graphs";
    const std::string pathA = argc > 2 ? argv[1] : graphs + "/wn2_graph_1p0deg_default.npz";
    const std::string pathB = argc > 2 ? argv[2] : graphs + "/wn2_graph_1p0deg_sse.npz";
    const int frames = argc > 3 ? std::atoi(argv[3]) : (argc == 2 ? std::atoi(argv[1]) : 120);

    QElapsedTimer load;
    load.start();
    const MeshGraph a = readGraph(pathA), b = readGraph(pathB);
    const GraphDiff diff = diffGraphs(a, b, pathA, pathB);
    const double loadMs = load.nsecsElapsed() / 1e6;

    GlobeScene scene;
    scene.graphA = &a;
    scene.graphB = &b;
    scene.diff = &diff;
    // A 0.25° field overlay (1440×721 texture), as for the 0.25° pair of the issue.
    scene.field.name = "synthetic A−B";
    scene.field.units = "K";
    for (int i = 0; i < 721; ++i) scene.field.grid.lat.push_back(-90 + 0.25 * i);
    for (int j = 0; j < 1440; ++j) scene.field.grid.lon.push_back(0.25 * j);
    scene.field.values.resize(scene.field.grid.size());
    for (std::size_t i = 0; i < 721; ++i)
        for (std::size_t j = 0; j < 1440; ++j)
            scene.field.values[i * 1440 + j] =
                static_cast<float>(1e-3 * std::sin(0.0436 * double(i)) * std::cos(0.0175 * 3 * double(j)));

    // MESHDIFF_BENCH_HIDE=1,8 hides layers by number (GlobeLayer order) to see what costs.
    if (const char* hide = std::getenv("MESHDIFF_BENCH_HIDE"))
        for (const char* p = hide; *p;) {
            char* end;
            const long layer = std::strtol(p, &end, 10);
            if (end == p) break;
            if (layer >= 0 && layer < kGlobeLayerCount) scene.visible[layer] = false;
            p = *end ? end + 1 : end;
        }
    QElapsedTimer build;
    build.start();
    GlobeView view;
    view.resize(1280, 800);
    view.setScene(scene);
    const double sceneMs = build.nsecsElapsed() / 1e6;
    std::vector<double> paintMs;
    QObject::connect(&view, &GlobeView::frameRendered, &view, [&paintMs](double ms) { paintMs.push_back(ms); });
    // MESHDIFF_BENCH_NO_OVERLAY=1 hides the legend widget on top of the OpenGL picture.
    if (std::getenv("MESHDIFF_BENCH_NO_OVERLAY"))
        for (QWidget* child : view.findChildren<QWidget*>()) child->hide();
    // Waits in the event loop as the application does, asleep until an event comes: a loop of
    // processEvents() calls would spin a core that llvmpipe's threads need for the frames measured.
    auto waitUntil = [&app](const std::function<bool()>& done, qint64 timeoutMs) {
        QElapsedTimer waited;
        waited.start();
        while (!done() && waited.elapsed() < timeoutMs) {
            QTimer wakeUp;
            wakeUp.setSingleShot(true);
            wakeUp.start(int(std::max<qint64>(1, timeoutMs - waited.elapsed())));
            app.processEvents(QEventLoop::WaitForMoreEvents);
        }
    };
    bool sceneOnScreen = false, texturesUploaded = false;
    QObject::connect(&view, &GlobeView::sceneShown, &view, [&sceneOnScreen] { sceneOnScreen = true; });
    QObject::connect(&view, &GlobeView::lineTexturesUploaded, &view, [&texturesUploaded] { texturesUploaded = true; });
    view.show();
    QElapsedTimer first;
    first.start();
    waitUntil([&paintMs] { return !paintMs.empty(); }, 20000);
    const double firstFrameMs = first.nsecsElapsed() / 1e6;
    // The scene (pipelines, line texture) is built on a worker; the first frames show the empty
    // globe. Rotation is measured on the scene a user sees, once it is on screen and the view has
    // been idle long enough to upload its line textures (a user looks before dragging), unless
    // MESHDIFF_BENCH_NO_WAIT asks for the drag to start at the first frame.
    double sceneShownMs = 0;
    if (!std::getenv("MESHDIFF_BENCH_NO_WAIT")) {
        waitUntil([&sceneOnScreen] { return sceneOnScreen; }, 20000);
        const std::size_t before = paintMs.size();
        waitUntil([&paintMs, before] { return paintMs.size() > before; }, 20000);
        sceneShownMs = first.nsecsElapsed() / 1e6;
        waitUntil([&texturesUploaded] { return texturesUploaded; }, 20000);
    }
    const double uploadedMs = first.nsecsElapsed() / 1e6;
    paintMs.clear();

    // CPU time of the whole process (llvmpipe's threads included) does not grow with the load
    // other programs put on the machine; wall time on an idle machine is at most this.
    auto cpuMs = [] {
        rusage u{};
        getrusage(RUSAGE_SELF, &u);
        return (u.ru_utime.tv_sec + u.ru_stime.tv_sec) * 1e3 + (u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e3;
    };
    std::printf(
        "graphs: %s vs %s (load + diff %.0f ms, scene build %.0f ms, first frame %.0f ms, scene on screen %.0f ms, "
        "line textures uploaded %.0f ms)\n",
        pathA.c_str(), pathB.c_str(), loadMs, sceneMs, firstFrameMs, sceneShownMs, uploadedMs);
    std::printf(
        "window %dx%d (device %gx), mesh M%d (%zu faces), %zu differing triangles, %zu moved nodes, field %zux%zu\n",
        view.width(), view.height(), view.devicePixelRatioF(), scene.meshLevel, a.faceCount(), diff.m2gChanged.size(),
        diff.movedNodes.size(), scene.field.grid.nlat(), scene.field.grid.nlon());
    auto measure = [&](const char* what, const std::function<void(int)>& step) {
        paintMs.clear();
        const double cpuStart = cpuMs();
        std::vector<double> wallMs;
        for (int i = 0; i < frames; ++i) {
            QElapsedTimer t;
            t.start();
            const std::size_t before = paintMs.size();
            step(i);
            waitUntil([&paintMs, before] { return paintMs.size() > before; }, 10000);
            wallMs.push_back(t.nsecsElapsed() / 1e6);
        }
        const double cpuPerFrame = (cpuMs() - cpuStart) / frames;
        // MESHDIFF_BENCH_FRAMES=1 lists every frame's wall time, to see where the slow ones fall.
        if (std::getenv("MESHDIFF_BENCH_FRAMES")) {
            std::printf("%s frames (ms):", what);
            for (double ms : wallMs) std::printf(" %.0f", ms);
            std::printf("\n");
        }
        const double meanWall = std::accumulate(wallMs.begin(), wallMs.end(), 0.0) / double(wallMs.size());
        const double meanPaint =
            paintMs.empty() ? 0 : std::accumulate(paintMs.begin(), paintMs.end(), 0.0) / double(paintMs.size());
        double loadAverage[1] = {0};
        getloadavg(loadAverage, 1);
        std::printf(
            "%s, %d frames: wall per frame mean %.1f ms, median %.1f, p95 %.1f (%.1f fps); paintGL mean %.1f ms; "
            "CPU per frame (all threads, both cores) %.1f ms; load average %.1f\n",
            what, frames, meanWall, percentile(wallMs, 50), percentile(wallMs, 95), 1000.0 / meanWall, meanPaint,
            cpuPerFrame, loadAverage[0]);
    };
    measure("rotating (interactive half-resolution frames)", [&view](int) { view.rotateBy(3.0); });
    measure("full-resolution frames", [&view](int i) { view.lookAt(20, 3.0 * i, 4.2); });
    if (const char* path = std::getenv("MESHDIFF_BENCH_SAVE"))
        view.grabFramebuffer().save(QString(path) + ".overview.png");
    // Zoomed in far enough that the mesh and coastlines are drawn as lines, not as a texture:
    // the most lines the window ever draws (fewer tiles are in view the closer the camera).
    for (double distance : {1.8, 1.4}) {
        view.lookAt(20, 0, distance);
        const std::string what = "rotating at distance " + std::to_string(distance).substr(0, 3);
        measure(what.c_str(), [&view](int) { view.rotateBy(1.0); });
        const std::string still = "full-resolution frames at distance " + std::to_string(distance).substr(0, 3);
        measure(still.c_str(), [&view, distance](int i) { view.lookAt(20, 1.0 * i, distance); });
    }
    // The picture handed to Qt must be opaque everywhere, or a compositor blends the desktop in.
    const QImage shown = view.grabFramebuffer().convertToFormat(QImage::Format_ARGB32);
    std::size_t translucent = 0;
    for (int y = 0; y < shown.height(); ++y)
        for (int x = 0; x < shown.width(); ++x) translucent += qAlpha(shown.pixel(x, y)) != 255;
    std::printf("last frame: %zu of %d pixels not opaque\n", translucent, shown.width() * shown.height());
    if (const char* path = std::getenv("MESHDIFF_BENCH_SAVE")) shown.save(path);
    return translucent == 0 ? 0 : 1;
}
