#include "map/MapSpotlight.h"

#include <algorithm>
#include <cmath>
#include <numbers>

#include <QPainter>

#include "diagnose/DiffNeighbourhood.h"
#include "map/MapNeighbourhood.h"
#include "map/MapSeam.h"

namespace meshdiff::views {
namespace {

double degreesBetween(const LonLat& p, const LonLat& q) {
    const double dLon = std::remainder(q[0] - p[0], 360.0) * std::cos((p[1] + q[1]) / 2 * std::numbers::pi / 180);
    return std::hypot(dLon, q[1] - p[1]);
}

// The mesh spacing of the data's differences: the median edge of its faces, else 1.6 × the median
// grid→mesh line (a grid point's mesh nodes lie within about 0.6 spacings), else the M6 mesh's.
double meshSpacing(const ErrorMapData& data) {
    std::vector<double> lengths;
    for (const MapTriangle& t : data.triangles)
        for (int k = 0; k < 3; ++k) lengths.push_back(degreesBetween(t.corners[k], t.corners[(k + 1) % 3]));
    double factor = 1;
    if (lengths.empty()) {
        for (const MapLine& line : data.lines) lengths.push_back(degreesBetween(line.from, line.to));
        factor = 1.6;
    }
    if (lengths.empty()) return meshSpacingDegrees(40962);
    std::nth_element(lengths.begin(), lengths.begin() + std::ptrdiff_t(lengths.size() / 2), lengths.end());
    return std::max(factor * lengths[lengths.size() / 2], 1e-3);
}

// A circle of the diagnosis' "near" (one mesh spacing) widened to kSpotlightSpacings about its centre.
std::vector<LonLat> widened(const std::vector<LonLat>& circle) {
    LonLat centre{0, 0};
    for (const LonLat& p : circle)
        centre = {centre[0] + p[0] / double(circle.size()), centre[1] + p[1] / double(circle.size())};
    std::vector<LonLat> out;
    out.reserve(circle.size());
    for (const LonLat& p : circle)
        out.push_back({centre[0] + kSpotlightSpacings * (p[0] - centre[0]),
                       std::clamp(centre[1] + kSpotlightSpacings * (p[1] - centre[1]), -90.0, 90.0)});
    return out;
}

std::vector<std::vector<LonLat>> litCircles(const ErrorMapData& data) {
    if (!data.neighbourhood.empty()) {
        std::vector<std::vector<LonLat>> lit;
        for (const std::vector<LonLat>& circle : data.neighbourhood)
            if (!circle.empty()) lit.push_back(widened(circle));
        return lit;
    }
    DiffPlaces places;
    places.radiusDegrees = kSpotlightSpacings * meshSpacing(data);
    for (const MapMarker& m : data.markers) places.latLon.push_back({m.at[1], m.at[0]});
    for (const MapLine& l : data.lines) places.latLon.push_back({l.from[1], l.from[0]});
    for (const MapTriangle& t : data.triangles) {
        const std::vector<LonLat> c = unwrapLongitudes({t.corners.begin(), t.corners.end()});
        places.latLon.push_back({(c[0][1] + c[1][1] + c[2][1]) / 3, (c[0][0] + c[1][0] + c[2][0]) / 3});
    }
    return neighbourhoodOutlines(places);
}

}  // namespace

QPainterPath spotlightRegion(const MapProjection& projection, const ErrorMapData& data) {
    return circlesOnMap(projection, litCircles(data));
}

void drawMapSpotlight(QPainter& painter, const MapProjection& projection, const ErrorMapData& data) {
    const QPainterPath lit = spotlightRegion(projection, data);
    if (lit.isEmpty()) return;
    // The frame and the (merged) lit region, filled odd-even: the frame outside the region, and
    // any hole the region encloses.
    QPainterPath veil;
    veil.setFillRule(Qt::OddEvenFill);
    veil.addRect(projection.frame.united(lit.boundingRect()).adjusted(-1, -1, 1, 1));
    veil.addPath(lit);
    painter.save();
    painter.setRenderHint(QPainter::Antialiasing, true);
    painter.fillPath(veil, QColor(90, 90, 90, 120));
    painter.restore();
}

}  // namespace meshdiff::views
