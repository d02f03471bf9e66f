#pragma once
#include <cstddef>
#include <span>
#include <vector>

#include "colormap/ColorMap.h"

// A histogram of the values on a colour bar's own axis (symlog bins for a symlog bar), so that it
// can be drawn beside the bar and show where the limits sit in the data. Plain C++ (no Qt).
namespace meshdiff::views {

struct ScaleHistogram {
    // The colour scale's transform (type, linear band) over its limits widened to the data's
    // range: values beyond the limits get bins of their own, drawn in the limit's colour.
    ColorScale axis;
    std::vector<std::size_t> counts;  // bins evenly spaced in axis position 0…1
    std::size_t largestCount() const;
};

// The axis a colour bar draws `scale` on when the data reach [dataMin, dataMax]; a diverging
// scale centred on 0 stays centred (its axis is symmetric).
ColorScale barAxis(const ColorScale& scale, double dataMin, double dataMax);

// Counts the finite `values` in `bins` bins of barAxis(scale, min(values), max(values)).
ScaleHistogram histogramOnScale(std::span<const float> values, const ColorScale& scale, int bins = 120);

}  // namespace meshdiff::views
