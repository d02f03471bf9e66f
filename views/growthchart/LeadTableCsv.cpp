#include "growthchart/LeadTableCsv.h"

#include <cmath>
#include <fstream>

#include "common/Error.h"
#include "export/CsvText.h"

namespace meshdiff::views {

std::string leadTableCsv(const FieldsComparison& comparison) {
    std::string csv =
        "lead_hours,index,field,member,rel_rms,corr,max_abs,spread_max_rel_rms,spread_median_rel_rms,"
        "ratio_to_spread,rel_rms_area_weighted";
    std::vector<std::size_t> regions;  // positions in comparison.regions of those other than global
    for (std::size_t r = 0; r < comparison.regions.size(); ++r) {
        if (comparison.regions[r].name == "global") continue;
        regions.push_back(r);
        csv += ",rel_rms_area_weighted_" + csvText(comparison.regions[r].name);
    }
    csv += '\n';
    for (const LeadComparison& lead : comparison.perLead) {
        const auto& spread = lead.spread;
        for (std::size_t i = 0; i < lead.perField.size(); ++i) {
            const FieldMetrics& m = lead.perField[i];
            csv += (lead.hours ? csvRoundTrip(*lead.hours) : std::string()) + ',' + std::to_string(lead.index) + ',' +
                   csvText(m.name) + ',' + (i < lead.members.size() ? std::to_string(lead.members[i]) : "") + ',' +
                   csvRoundTrip(m.relRms) + ',' + csvRoundTrip(m.corr) + ',' + csvRoundTrip(m.maxAbs) + ',';
            if (spread) {
                csv += csvRoundTrip(spread->maxRelRms) + ',' + csvRoundTrip(spread->medianRelRms) + ',' +
                       (spread->maxRelRms > 0 ? csvRoundTrip(m.relRms / spread->maxRelRms) : std::string());
            } else {
                csv += ",,";
            }
            csv += ',' + csvRoundTrip(m.areaWeighted.relRms);
            for (std::size_t r : regions)
                csv += ',' + (r < m.regions.size() ? csvRoundTrip(m.regions[r].relRms) : std::string());
            csv += '\n';
        }
    }
    return csv;
}

void writeLeadTableCsv(const FieldsComparison& comparison, const std::string& path) {
    std::ofstream out(path, std::ios::binary);
    out << leadTableCsv(comparison);
    if (!out) throw Error(path, "cannot be written");
}

}  // namespace meshdiff::views
