#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

#include "colormap/ColorMap.h"
#include "colormap/DifferenceColors.h"
#include "globe/GlobeScene.h"

namespace meshdiff::views {

constexpr Rgb kColorMoved{0, 158, 115};      // Okabe–Ito bluish green: mesh node moved
constexpr Rgb kColorHighlight{0, 235, 255};  // cyan over a dark halo: the selected item
constexpr Rgb kColorEarth{222, 228, 235};
constexpr Rgb kColorCoast{70, 78, 90};
constexpr Rgb kColorMeshLine{120, 132, 148};
constexpr Rgb kColorGridPoint{40, 40, 40};
constexpr Rgb kColorMarker{25, 25, 25};  // rings and dots marking differences
constexpr Rgb kColorHighlightHalo{10, 10, 10};
constexpr Rgb kColorNeighbourhood{230, 159, 0};  // Okabe–Ito orange: the diagnosis' "near"
constexpr double kNeighbourhoodOpacity = 0.3;
// Receivers summing in another order: a pale greyish violet, paler and smaller than every set
// difference and unlike the field maps' colours. Opaque: translucent, ~50k dots would cost software
// OpenGL a blended pass of their own in every frame.
constexpr Rgb kColorReordered{160, 140, 180};
// Above this many drifting edges the drift layer starts hidden and, when shown, draws this many,
// the most drifting: more would cover the globe and slow every frame.
constexpr std::size_t kManyDriftingEdges = 20000;

// The overlay's colour scale: diverging ±max|v| centred on 0, or sequential (optionally log)
// min..max; overlay.min/max are used instead of the data's range when min < max; overlay.scale,
// the error map's linked scale, when it is set.
ColorScale overlayScale(const FieldOverlay& overlay);

// The drape's texture, RGB per grid point (row-major like overlay.values): the scale's colour
// blended over the Earth's with the overlay's opacity; NaN shows the Earth.
std::vector<std::uint8_t> drapePixels(const FieldOverlay& overlay);

// Moved mesh nodes: light (1 ULP) to dark (maxUlp).
Rgb ulpColor(std::uint32_t ulp, std::uint32_t maxUlp);

// Drifting edges: ULPs on a log scale from 1 to maxUlps, dark purple to yellow (viridis, short of
// its palest end, which would vanish on the light Earth).
Rgb driftColor(double ulps, double maxUlps);
// The same scale at t ∈ [0, 1] (0: 1 ULP, 1: maxUlps), for the legend's gradient.
Rgb driftColorAt(double t);

}  // namespace meshdiff::views
