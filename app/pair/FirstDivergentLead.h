#pragma once
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "compare/Comparison.h"
#include "map/ErrorMapData.h"

namespace meshdiff::pair {

// The first lead (in the order given) at which a field is not bit-identical: a point where A ≠ B
// (max |A−B| > 0) or NaN masks that differ; the field and member are those with the largest
// max |A−B| there (the first such in A's order), as core's FirstDivergence names its largest point's.
struct DivergentLead {
    std::size_t lead = 0;    // position in `leads`
    std::size_t member = 0;  // position among the lead's members (0 without members)
    std::string field;
    double maxAbs = 0;
};
std::optional<DivergentLead> firstDivergentLead(const std::vector<const LeadComparison*>& leads);

// The grid point of a field map where |A−B| is largest (NaN where either is NaN is passed over);
// none when A and B agree everywhere or the map lacks A or B.
struct DivergenceSpot {
    double lat = 0, lon = 0, absDiff = 0;
    std::size_t gridIndex = 0;  // row-major in the map's grid
};
std::optional<DivergenceSpot> largestDifference(const views::ErrorMapData& map);

// Whether (lat, lon) lies within places.radiusDegrees of a place where the graphs differ.
bool nearPlaces(const DiffPlaces& places, double lat, double lon);

// "first divergence: +12 h, temperature@850 at 41.2°N 12.5°E, |A−B| 3.1e-05 (near a graph difference)".
std::string divergenceText(const std::string& leadLabel, const std::string& field, const DivergenceSpot& spot,
                           std::optional<bool> nearGraphDifference);

}  // namespace meshdiff::pair
