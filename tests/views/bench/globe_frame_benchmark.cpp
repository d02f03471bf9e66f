// Frame times of the globe while it rotates: finest mesh, the graph differences and a field
// overlay, in a 1280×800 window (docs/benchmarks.md). Run under Xvfb on this machine:
//   xvfb-run -a -s "-screen 0 1600x1000x24" globe_frame_benchmark [graphA.npz graphB.npz] [frames]
#include <QApplication>
#include <QElapsedTimer>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numeric>
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
    const std::string shared = MESHDIFF_SHARED_DIR;
    const std::string pathA = argc > 2 ? argv[1] : shared + "/fixtures/graphs/wn2_graph_1p0deg_default.npz";
    const std::string pathB = argc > 2 ? argv[2] : shared + "/fixtures/graphs/wn2_graph_1p0deg_sse.npz";
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
    for (std::size_t k = 0; k < scene.field.values.size(); ++k)
        scene.field.values[k] = static_cast<float>(std::sin(0.001 * double(k)) * 1e-3);

    QElapsedTimer build;
    build.start();
    GlobeView view;
    view.resize(1280, 800);
    view.setScene(scene);
    const double sceneMs = build.nsecsElapsed() / 1e6;
    std::vector<double> paintMs;
    QObject::connect(&view, &GlobeView::frameRendered, [&paintMs](double ms) { paintMs.push_back(ms); });
    view.show();
    QElapsedTimer first;
    first.start();
    while (paintMs.empty() && first.elapsed() < 20000) app.processEvents();
    const double firstFrameMs = first.nsecsElapsed() / 1e6;
    paintMs.clear();

    std::vector<double> wallMs;
    for (int i = 0; i < frames; ++i) {
        QElapsedTimer t;
        t.start();
        view.rotateBy(3.0);
        view.repaint();
        app.processEvents();
        wallMs.push_back(t.nsecsElapsed() / 1e6);
    }
    const double meanWall = std::accumulate(wallMs.begin(), wallMs.end(), 0.0) / double(wallMs.size());
    const double meanPaint = paintMs.empty() ? 0 : std::accumulate(paintMs.begin(), paintMs.end(), 0.0) / double(paintMs.size());
    std::printf("graphs: %s vs %s (load + diff %.0f ms, scene build %.0f ms, first frame %.0f ms)\n", pathA.c_str(),
                pathB.c_str(), loadMs, sceneMs, firstFrameMs);
    std::printf("window %dx%d (device %gx), mesh M%d (%zu faces), %zu differing triangles, %zu moved nodes, field %zux%zu\n",
                view.width(), view.height(), view.devicePixelRatioF(), scene.meshLevel, a.faceCount(),
                diff.m2gChanged.size(), diff.movedNodes.size(), scene.field.grid.nlat(), scene.field.grid.nlon());
    std::printf("%d frames: wall per frame mean %.1f ms, median %.1f, p95 %.1f -> %.1f fps; VTK render+blit mean %.1f ms (%zu paints)\n",
                frames, meanWall, percentile(wallMs, 50), percentile(wallMs, 95), 1000.0 / meanWall, meanPaint, paintMs.size());
    return 0;
}
