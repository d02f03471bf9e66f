#include "report/ReportLeads.h"

#include <algorithm>

#include "compare/SpreadRatio.h"
#include "report/ReportHtml.h"

namespace meshdiff::report {

void writeLeadTable(std::ostream& html, const FieldsComparison& fields) {
    const bool anySpread = std::any_of(fields.perLead.begin(), fields.perLead.end(),
                                       [](const LeadComparison& l) { return l.spread.has_value(); });
    html << "<h3>Leads</h3>\n<table id=\"leads\"><tr><th>lead</th><th>fields</th><th>min corr</th>"
         << "<th>max rel RMS</th><th>median rel RMS</th><th>NaN masks equal</th><th>worst</th>";
    if (anySpread)
        html << "<th>member spread max rel RMS</th><th>max rel RMS ÷ spread</th>"
             << "<th>A − B ÷ spread (area-weighted RMS, largest field)</th>";
    html << "</tr>\n";
    for (const LeadComparison& lead : fields.perLead) {
        html << "<tr><td>" << (lead.hours ? numberText(*lead.hours) + " h" : "index " + std::to_string(lead.index))
             << "</td><td>" << lead.perField.size() << "</td><td>" << correlationText(lead.minCorr) << "</td><td>"
             << numberText(lead.maxRelRms) << "</td><td>" << numberText(lead.medianRelRms) << "</td><td>"
             << (lead.nanMasksEqual ? "yes" : "no") << "</td><td>"
             << htmlEscape(lead.worst.empty() ? std::string("–") : lead.worst.front()) << "</td>";
        if (anySpread) {
            const auto ratio = lead.ratioToSpread();
            const auto area = largestSpreadRatio(lead);
            html << "<td>" << (lead.spread ? numberText(lead.spread->maxRelRms) : "–") << "</td><td>"
                 << (ratio ? numberText(*ratio) : "–") << "</td><td>"
                 << (area ? numberText(area->ratio) + " (" + htmlEscape(area->field) + ")" : "–") << "</td>";
        }
        html << "</tr>\n";
    }
    html << "</table>\n";
    for (const std::string& line : fields.leadsNotLinedUp) html << "<p>" << htmlEscape(line) << "</p>\n";
}

}  // namespace meshdiff::report
