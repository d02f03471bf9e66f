#include "growthchart/LeadTableCsv.h"

#include <charconv>
#include <cmath>
#include <fstream>

#include "common/Error.h"

namespace meshdiff::views {
namespace {

std::string number(double v) {
    if (std::isnan(v)) return "nan";
    char buffer[64];
    const auto end = std::to_chars(buffer, buffer + sizeof buffer, v).ptr;
    return std::string(buffer, end);
}

std::string csvText(const std::string& text) {
    if (text.find_first_of(",\"\n") == std::string::npos) return text;
    std::string out = "\"";
    for (char c : text) out += c == '"' ? std::string("\"\"") : std::string(1, c);
    return out + "\"";
}

}  // namespace

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
            csv += (lead.hours ? number(*lead.hours) : std::string()) + ',' + std::to_string(lead.index) + ',' +
                   csvText(m.name) + ',' + (i < lead.members.size() ? std::to_string(lead.members[i]) : "") + ',' +
                   number(m.relRms) + ',' + number(m.corr) + ',' + number(m.maxAbs) + ',';
            if (spread) {
                csv += number(spread->maxRelRms) + ',' + number(spread->medianRelRms) + ',' +
                       (spread->maxRelRms > 0 ? number(m.relRms / spread->maxRelRms) : std::string());
            } else {
                csv += ",,";
            }
            csv += ',' + number(m.areaWeighted.relRms);
            for (std::size_t r : regions)
                csv += ',' + (r < m.regions.size() ? number(m.regions[r].relRms) : std::string());
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
