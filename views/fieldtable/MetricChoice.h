#pragma once
#include <string>
#include <vector>

#include "compare/Comparison.h"

namespace meshdiff::views {

// Which rel RMS the window shows: weighted by each grid cell's area (over a region) or over the
// grid points as the seeds count them. A region other than "global" implies area-weighted.
struct MetricChoice {
    bool areaWeighted = true;
    std::string region = "global";  // a Region::name of FieldsComparison::regions

    static MetricChoice gridPoints() { return {false, "global"}; }
    bool isGlobal() const { return region.empty() || region == "global"; }
    friend bool operator==(const MetricChoice&, const MetricChoice&) = default;
};

// "area-weighted", "grid points" or "area-weighted, tropics", as headers and axis titles say it.
std::string metricLabel(const MetricChoice& choice);
// "Tropics", "N. extratropics", …; a box's own name otherwise.
std::string regionTitle(const std::string& regionName);

// The rel RMS of `metrics` the choice names; `regions` are FieldsComparison::regions, in the order
// of FieldMetrics::regions. NaN when the region was not measured.
double chosenRelRms(const FieldMetrics& metrics, const MetricChoice& choice, const std::vector<Region>& regions);

}  // namespace meshdiff::views
