#pragma once
#include <numbers>

namespace meshdiff::views {

// Layers sit at slightly different radii so that they do not z-fight with the sphere.
constexpr double kCoastRadius = 1.0012;
constexpr double kMeshRadius = 1.0008;
constexpr double kGridRadius = 1.0016;
constexpr double kReorderedRadius = 1.0018;
constexpr double kMovedRadius = 1.0020;
constexpr double kNeighbourhoodRadius = 1.0022;
constexpr double kDriftRadius = 1.0026;
constexpr double kTriangleRadius = 1.0030;
constexpr double kEdgeRadius = 1.0045;
constexpr double kAtRiskRadius = 1.0040;
constexpr double kHighlightRadius = 1.0060;

constexpr double kMarkerRingDegrees = 1.6;
constexpr double kMovedRingDegrees = 0.35;
constexpr double kMaxArcStep = 2.0 * std::numbers::pi / 180.0;  // radians between arc points

}  // namespace meshdiff::views
