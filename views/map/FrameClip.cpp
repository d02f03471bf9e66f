#include "map/FrameClip.h"

namespace meshdiff::views {

bool clipLine(QLineF& line, const QRectF& frame) {
    // Liang–Barsky: the segment p1 + t (p2 − p1), t ∈ [0, 1], against the four edges.
    const double dx = line.dx(), dy = line.dy();
    double t0 = 0, t1 = 1;
    const double p[4] = {-dx, dx, -dy, dy};
    const double q[4] = {line.x1() - frame.left(), frame.right() - line.x1(), line.y1() - frame.top(),
                         frame.bottom() - line.y1()};
    for (int i = 0; i < 4; ++i) {
        if (p[i] == 0) {
            if (q[i] < 0) return false;
            continue;
        }
        const double t = q[i] / p[i];
        if (p[i] < 0) {
            if (t > t1) return false;
            if (t > t0) t0 = t;
        } else {
            if (t < t0) return false;
            if (t < t1) t1 = t;
        }
    }
    const QPointF start = line.pointAt(t0), end = line.pointAt(t1);
    line = QLineF(start, end);
    return true;
}

std::vector<QPolygonF> clipPolyline(const QPolygonF& polyline, const QRectF& frame) {
    std::vector<QPolygonF> runs;
    QPolygonF run;
    for (qsizetype i = 0; i + 1 < polyline.size(); ++i) {
        QLineF segment(polyline[i], polyline[i + 1]);
        const bool startsInside = frame.contains(polyline[i]);
        if (!clipLine(segment, frame)) {
            if (run.size() > 1) runs.push_back(run);
            run.clear();
            continue;
        }
        if (run.isEmpty() || !startsInside || run.back() != segment.p1()) {
            if (run.size() > 1) runs.push_back(run);
            run = QPolygonF{segment.p1()};
        }
        run << segment.p2();
        if (!frame.contains(polyline[i + 1])) {
            if (run.size() > 1) runs.push_back(run);
            run.clear();
        }
    }
    if (run.size() > 1) runs.push_back(run);
    return runs;
}

}  // namespace meshdiff::views
