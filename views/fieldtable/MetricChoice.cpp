#include "fieldtable/MetricChoice.h"

#include <limits>

namespace meshdiff::views {

std::string regionTitle(const std::string& regionName) {
    if (regionName == "global") return "Global";
    if (regionName == "tropics") return "Tropics";
    if (regionName == "extratropics_north") return "N. extratropics";
    if (regionName == "extratropics_south") return "S. extratropics";
    if (regionName == "polar") return "Polar caps";
    return regionName;
}

std::string metricLabel(const MetricChoice& choice) {
    if (!choice.areaWeighted) return "grid points";
    if (choice.isGlobal()) return "area-weighted";
    return "area-weighted, " + regionTitle(choice.region);
}

double chosenRelRms(const FieldMetrics& metrics, const MetricChoice& choice, const std::vector<Region>& regions) {
    if (!choice.areaWeighted) return metrics.relRms;
    for (std::size_t k = 0; k < regions.size() && k < metrics.regions.size(); ++k)
        if (regions[k].name == choice.region) return metrics.regions[k].relRms;
    if (choice.isGlobal()) return metrics.areaWeighted.relRms;
    return std::numeric_limits<double>::quiet_NaN();
}

}  // namespace meshdiff::views
