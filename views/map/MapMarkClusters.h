#pragma once
#include <vector>

#include <QPointF>

#include "map/ErrorMapData.h"
#include "map/MapViewport.h"

namespace meshdiff::views {

// Marks that would pile up on the map (rings and faces closer than markClusterDistance: the
// differences of one site, or one grid point's ring with its A's and B's faces) are drawn as one
// mark: a ring around all of them, outside every grid point's cell they mark (faces are hidden in
// it; their corners count only where no grid point is marked), with the number of
// differences beside it when there are several. Zoomed in far enough, they part into their own
// marks.
struct MarkCluster {
    QPointF centre;     // page coordinates
    double radius = 0;  // of the ring's centre line
    int count = 0;      // the differences inside: marked grid points (each difference has one)
    int run = 0;        // 1: all only in A, 2: all only in B, else 0
};

struct MarkLayout {
    std::vector<MarkCluster> clusters;
    // Which of the data's markers, lines and triangles are drawn one by one (the rest are in a
    // cluster's ring).
    std::vector<bool> markerAlone, lineAlone, triangleAlone;
};

// Two marks closer than this (page units) share a ring: closer, their own rings (5 units in
// radius at least, plus the halo) overlap into a star. It does not grow with the zoom, so that
// zooming in parts them.
double markClusterDistance(double unit);

// Groups the data's marks as drawn in `projection` (single linkage over grid points, a line
// going with its grid point and a face with its centre). A group of one ring or face (with its
// line) is drawn one by one.
MarkLayout layoutMarks(const MapProjection& projection, const ErrorMapData& data, double unit);

}  // namespace meshdiff::views
