#pragma once
#include "colormap/ColorMap.h"

// Colours for "which run has it", shared by the globe, the error map and the legends so that A
// and B look the same everywhere. They mark places on top of a field, so they must not look like
// data: the field maps are blue–white–red (A−B) and purple–blue–green–yellow (viridis,
// cividis), so A is a saturated magenta (no map has it) and B is black (darker than any map's
// end); both are drawn hollow with a white halo, and B dashed as well, so that A and B differ
// in more than colour.
namespace meshdiff::views {

constexpr Rgb kColorOnlyA{214, 0, 214};     // magenta: only in A / A's face
constexpr Rgb kColorOnlyB{0, 0, 0};         // black, dashed: only in B / B's face
constexpr Rgb kColorAtRisk{204, 121, 167};  // reddish purple: at risk (fragility analysis)
constexpr Rgb kColorChanged{0, 0, 0};       // black ring: grid point whose triangle differs
constexpr Rgb kColorHalo{255, 255, 255};    // under every marker, so that it shows on dark fields
constexpr Rgb kColorCoastline{40, 40, 40};

}  // namespace meshdiff::views
