#pragma once
#include "colormap/ColorMap.h"

// Colours for "which run has it", from the Okabe–Ito colour-blind-safe palette, shared by the
// globe, the error map and the legends so that A and B look the same everywhere.
namespace meshdiff::views {

constexpr Rgb kColorOnlyA{230, 159, 0};     // orange: only in A / A's face
constexpr Rgb kColorOnlyB{0, 114, 178};     // blue: only in B / B's face
constexpr Rgb kColorAtRisk{204, 121, 167};  // reddish purple: at risk (fragility analysis)
constexpr Rgb kColorChanged{213, 94, 0};    // vermillion: grid point whose triangle differs
constexpr Rgb kColorCoastline{40, 40, 40};

}  // namespace meshdiff::views
